/**
 * The MIME database used by res.type, res.attachment and the file sender, exposed as
 * `webapp.static.mime` with `lookup` and `define` (the mime@1 API that Express 4 users call).
 * Backed by mime-types (mime-db) with user definitions taking precedence.
 * @module
 */
import mimeTypes from 'mime-types';

const custom = new Map<string, string>();

function extensionOf(pathOrExt: string): string {
  const lower = pathOrExt.toLowerCase();
  const dot = lower.lastIndexOf('.');
  const slash = Math.max(lower.lastIndexOf('/'), lower.lastIndexOf('\\'));
  if (dot === -1 && slash === -1) return lower;
  return dot > slash ? lower.slice(dot + 1) : '';
}

export const mime = {
  /**
   * The MIME type of a path or extension, or `fallback` (default `application/octet-stream`).
   * @example
   * mime.lookup('html') // 'text/html'
   */
  lookup(pathOrExt: string, fallback?: string): string {
    const ext = extensionOf(pathOrExt);
    const type = custom.get(ext) ?? mimeTypes.lookup(ext);
    return type || fallback || 'application/octet-stream';
  },
  /**
   * Adds or overrides mappings of types to extensions.
   * @example
   * mime.define({ 'text/x-custom': ['xcust'] })
   */
  define(map: Record<string, string[]>, force?: boolean): void {
    for (const type of Object.keys(map)) {
      for (const ext of map[type]) {
        const key = ext.replace(/^\./, '').toLowerCase();
        if (force === false && (custom.has(key) || mimeTypes.lookup(key))) continue;
        custom.set(key, type);
      }
    }
  },
  /** The default extension of a MIME type, e.g. 'text/html' → 'html'. */
  extension(type: string): string | undefined {
    return mimeTypes.extension(type) || undefined;
  },
  /** The default charset for a MIME type ('UTF-8' for text types), or undefined. */
  charset(type: string): string | undefined {
    return mimeTypes.charset(type) || undefined;
  },
};

/** Type lookup for a file path or extension, returning false when unknown (no fallback). */
export function lookupType(pathOrExt: string): string | false {
  const ext = extensionOf(pathOrExt);
  return custom.get(ext) ?? mimeTypes.lookup(ext);
}
