/**
 * res.type (alias res.contentType): Content-Type from a MIME type or a file extension.
 * @module
 */
import { webappError } from '../errors/catalogue';
import { mime } from '../http/mime';
import type { Res } from '../types/internal';

/**
 * Sets Content-Type: a value containing `/` is used as is, anything else is an extension (or file name)
 * looked up through `webapp.static.mime.lookup` (unknown → application/octet-stream). Chainable.
 * @example
 * res.type('json');            // application/json; charset=utf-8
 * res.type('image/png');       // image/png
 */
export function type<T extends Res>(this: T, type: string): T {
  if (typeof type !== 'string') throw webappError('WEBAPP_RES_TYPE_NOT_STRING');
  return this.set('Content-Type', type.indexOf('/') === -1 ? mime.lookup(type) : type);
}
