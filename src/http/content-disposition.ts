/**
 * `Content-Disposition` header values (RFC 6266). A filename that is not plain ISO-8859-1 text also gets
 * an RFC 8187 `filename*` parameter, with a Latin-1 `filename` fallback for old clients. Output is
 * byte-identical to what Express 4 sends.
 * @module
 */
import { basename } from 'node:path';
import { webappError } from '../errors/catalogue';

export interface ContentDispositionOptions {
  /** Disposition type, default `attachment`. */
  type?: string;
  /**
   * The ISO-8859-1 `filename` to send beside `filename*`: true (default) derives it by replacing
   * characters outside Latin-1 with `?`, false sends none, a string is used as is.
   */
  fallback?: string | boolean;
}

const TOKEN = /^[!#$%&'*+.0-9A-Z^_`a-z|~-]+$/;
// Printable ISO-8859-1 text, which may go inside a quoted-string.
const QUOTABLE = /^[\x20-\x7e\x80-\xff]+$/;
const NOT_LATIN1 = /[^\x20-\x7e\xa0-\xff]/g;
const HAS_NOT_LATIN1 = /[^\x20-\x7e\xa0-\xff]/;
// A name that looks percent-encoded is ambiguous in `filename`, so it is also sent as `filename*`.
const PERCENT_ESCAPE = /%[0-9A-Fa-f]{2}/;
// Characters encodeURIComponent leaves alone but RFC 8187 attr-char does not allow.
const NOT_ATTR_CHAR = /['()*]/g;

function toLatin1(value: string): string {
  return value.replace(NOT_LATIN1, '?');
}

function quoted(value: string): string {
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

function extValue(value: string): string {
  const encoded = encodeURIComponent(value).replace(
    NOT_ATTR_CHAR,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `UTF-8''${encoded}`;
}

/**
 * Builds a `Content-Disposition` value; only the base name of `filename` is used.
 * @example
 * contentDisposition('/tmp/résumé €.pdf')
 * // 'attachment; filename="résumé ?.pdf"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9%20%E2%82%AC.pdf'
 */
export function contentDisposition(filename?: string, options: ContentDispositionOptions = {}): string {
  const type = options.type || 'attachment';
  if (!type || typeof type !== 'string' || !TOKEN.test(type))
    throw webappError('WEBAPP_CONTENT_DISPOSITION_TYPE_INVALID');
  let out = type.toLowerCase();
  if (filename === undefined) return out;
  if (typeof filename !== 'string') throw webappError('WEBAPP_CONTENT_DISPOSITION_FILENAME_NOT_STRING');

  const fallback = options.fallback ?? true;
  if (typeof fallback !== 'string' && typeof fallback !== 'boolean') {
    throw webappError('WEBAPP_CONTENT_DISPOSITION_FALLBACK_INVALID');
  }
  if (typeof fallback === 'string' && HAS_NOT_LATIN1.test(fallback)) {
    throw webappError('WEBAPP_CONTENT_DISPOSITION_FALLBACK_NOT_LATIN1');
  }

  const name = basename(filename);
  const quotable = QUOTABLE.test(name);
  const fallbackName =
    typeof fallback === 'string' ? basename(fallback) : fallback ? toLatin1(name) : undefined;
  const hasFallback = fallbackName !== undefined && fallbackName !== name;

  // Parameters in sorted order: `filename` before `filename*`.
  if (quotable || hasFallback) out += `; filename=${quoted(hasFallback ? fallbackName : name)}`;
  if (hasFallback || !quotable || PERCENT_ESCAPE.test(name)) out += `; filename*=${extValue(name)}`;
  return out;
}
