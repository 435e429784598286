/**
 * res.type (alias res.contentType): Content-Type from a MIME type or a file extension.
 * @module
 */
import { webappError } from '../errors/catalogue';
import { readHeader, setTrustedHeader } from '../http/header-store';
import { defaultCharsetLookup, defaultLookup, mime, typeOfExtension } from '../http/mime';
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
  return this.set('Content-Type', type.indexOf('/') === -1 ? typeOfExtension(type) : type);
}

/** The extensions webapp itself passes to `res.type`, with what the default tables answer for them. */
const BUILTIN = {
  html: { type: 'text/html', header: HTML_UTF8 },
  txt: { type: 'text/plain', header: 'text/plain; charset=utf-8' },
  bin: { type: 'application/octet-stream', header: 'application/octet-stream' },
} as const;

export type BuiltinExtension = keyof typeof BUILTIN;

/**
 * What `res.type(ext)` would set, when webapp may set it without the call: `res.type` and `res.set`
 * are webapp's and the MIME and charset tables still answer as shipped for `ext`. The call costs a
 * regular-expression lookup and node's validation of a constant (~2k instructions, most of a small
 * response's own work); undefined when anything could answer differently.
 */
export function builtinType(res: Res, ext: BuiltinExtension): string | undefined {
  const entry = BUILTIN[ext];
  if (
    res.type !== type ||
    res.set !== set ||
    mime.lookup !== defaultLookup ||
    mime.charsets.lookup !== defaultCharsetLookup ||
    mime.types[ext] !== entry.type
  ) {
    return undefined;
  }
  return entry.header;
}

/**
 * `res.type(ext)` for the types webapp sets itself (a Buffer body, a status text, a string body):
 * the constant through the header store when {@link builtinType} allows, else the call. Returns the
 * Content-Type now set.
 */
export function setBuiltinType(res: Res, ext: BuiltinExtension): ReturnType<typeof readHeader> {
  const header = builtinType(res, ext);
  if (header === undefined) {
    res.type(ext);
    return readHeader(res, 'content-type');
  }
  setTrustedHeader(res, 'Content-Type', 'content-type', header);
  return header;
}
