/**
 * The MIME table of res.type, res.attachment, res.format, res.sendFile, res.download and webapp.static:
 * Express 4's own, the `mime` 1.x package its file sender uses, so every extension Express knows gets
 * the Content-Type Express sends (`.ico` → image/x-icon, `.exe` → application/octet-stream). Extensions
 * that table does not know but mime-db does (`.avif`, `.heic`, newer than mime 1.x) get mime-db's type
 * instead of application/octet-stream: a deliberate difference (docs/differences.md).
 *
 * Exposed as `webapp.static.mime` with mime 1.x's whole API (lookup, extension, define, load, types,
 * extensions, default_type, charsets.lookup, Mime). It is webapp's own instance: defining types on it
 * changes what webapp sends, not what another package using `mime` sees. req.is, req.accepts and the
 * body parsers resolve extensions through mime-types, as Express 4's do.
 * @module
 */
import mimeTypes from 'mime-types';

/** A mime 1.x table (the instance API of the `mime` package's `Mime`). */
export interface MimeTable {
  /** Extension (lower case, no dot) → type. */
  types: Record<string, string>;
  /** Type → its default extension. */
  extensions: Record<string, string>;
  /** Maps each type to its extensions (the first is the type's default extension); later calls win. */
  define(map: Record<string, string[]>): void;
  /** Reads an Apache `.types` file and defines its mappings. */
  load(file: string): void;
  /** The type of a path or extension, else `fallback`, else `default_type`. */
  lookup(path: string, fallback?: string): string;
  /** The default extension of a type, or undefined. */
  extension(type: string): string | undefined;
}

/** The `mime` 1.x module: a default table plus these members. */
interface MimeModule extends MimeTable {
  Mime: new () => MimeTable;
  default_type: string;
  charsets: { lookup(type: string, fallback?: string): string | undefined };
}

export interface WebappMime extends MimeTable {
  /** The constructor of tables, for a separate one (`new mime.Mime()`). */
  Mime: new () => MimeTable;
  /** The answer of `lookup` for an unknown extension: application/octet-stream. */
  default_type: string;
  /** `charsets.lookup(type)`: 'UTF-8' for text types, JavaScript and JSON, else the fallback. */
  charsets: { lookup(type: string, fallback?: string): string | undefined };
}

// Boundary: mime 1.x ships no types of its own; the interfaces above describe its documented API.
const mimeModule = require('mime') as MimeModule;

function createTable(): WebappMime {
  const table = new mimeModule.Mime() as WebappMime;
  // Express's table, copied from the mime module's default instance (already built from its types.json).
  Object.assign(table.types, mimeModule.types);
  Object.assign(table.extensions, mimeModule.extensions);
  // mime-db's types for the extensions mime 1.x does not know; mime 1.x's answer stands everywhere else.
  const db = mimeTypes.types as Record<string, string>;
  for (const ext of Object.keys(db)) {
    if (table.types[ext] !== undefined) continue;
    const type = db[ext];
    table.types[ext] = type;
    if (table.extensions[type] === undefined) table.extensions[type] = mimeTypes.extension(type) || ext;
  }
  table.default_type = table.lookup('bin');
  table.Mime = mimeModule.Mime;
  table.charsets = { lookup: mimeModule.charsets.lookup };
  return table;
}

export const mime: WebappMime = createTable();

/** The charset lookup mime 1.x starts with; res.set skips the call while it is in place. */
export const defaultCharsetLookup = mime.charsets.lookup;

/** mime 1.x's `lookup`; while it is in place, an extension's type is `mime.types[ext]` (see res.send). */
export const defaultLookup = mime.lookup;

/**
 * `mime.lookup(ext)`: the table read directly when the lookup is mime 1.x's own and `ext` is what its
 * regular-expression replace and lower-casing would leave as is (ASCII without capitals, `.`, `/` or
 * `\`), as for `res.type('json')`; else the lookup itself.
 * @example
 * typeOfExtension('json') // 'application/json'
 */
export function typeOfExtension(ext: string): string {
  if (mime.lookup !== defaultLookup || !isBareExtension(ext)) return mime.lookup(ext);
  return mime.types[ext] || mime.default_type;
}

function isBareExtension(ext: string): boolean {
  for (let i = 0; i < ext.length; i++) {
    const c = ext.charCodeAt(i);
    // '.', '/', backslash, A-Z and anything past ASCII (which lower-casing might change).
    if (c === 46 || c === 47 || c === 92 || (c >= 65 && c <= 90) || c > 127) return false;
  }
  return true;
}

/**
 * mime-types' type for a path or extension, false when unknown: what req.is, req.accepts and the
 * directory listing use, as in Express 4 (unaffected by `mime.define`).
 */
export function lookupType(pathOrExt: string): string | false {
  return mimeTypes.lookup(pathOrExt);
}
