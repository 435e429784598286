/**
 * res.type (alias res.contentType): Content-Type from a MIME type or a file extension.
 * @module
 */
import { webappError } from '../errors/catalogue';
import { defaultCharsetLookup, defaultLookup, mime } from '../http/mime';
import type { Res } from '../types/internal';
import { HTML_UTF8 } from './charset';
import { set } from './headers';

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

/**
 * What `res.type('html')` would set, when res.send may set it without the call: `res.type` and
 * `res.set` are webapp's and the MIME and charset tables still answer `text/html` and UTF-8. The call
 * costs a regular-expression lookup and node's validation of a constant (~2k instructions, most of a
 * hello response's own work); undefined when anything could answer differently.
 */
export function builtinHtmlType(res: Res): string | undefined {
  if (
    res.type !== type ||
    res.set !== set ||
    mime.lookup !== defaultLookup ||
    mime.charsets.lookup !== defaultCharsetLookup ||
    mime.types.html !== 'text/html'
  ) {
    return undefined;
  }
  return HTML_UTF8;
}
