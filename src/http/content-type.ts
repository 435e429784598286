/**
 * Content-Type parsing and formatting with the rules of the `content-type@1` package that Express 4
 * and body-parser use (RFC 7231 media type with parameters). Linear hand-written scanners.
 * @module
 */
import { webappError } from '../errors/catalogue';
import {
  INVALID_PARAMETERS,
  INVALID_TYPE,
  type MediaType,
  type MediaTypeRules,
  scanMediaType,
} from './media-type';
import { isTokenChar, type QuotedRules } from './parameters';

/** A parsed Content-Type: lower-case `type/subtype` and parameters with lower-case names. */
export interface ContentType extends MediaType {}

function isToken(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) if (!isTokenChar(text.charCodeAt(i))) return false;
  return true;
}

/** Quoted values as content-type@1 reads them: qdtext with VT, and any byte but controls after a backslash. */
const QUOTED: QuotedRules = {
  plain: (c) =>
    c === 0x0b ||
    c === 0x20 ||
    c === 0x21 ||
    (c >= 0x23 && c <= 0x5b) ||
    (c >= 0x5d && c <= 0x7e) ||
    (c >= 0x80 && c <= 0xff),
  escaped: (c) => c === 0x0b || (c >= 0x20 && c <= 0xff),
};

/** Characters allowed as parameter text when formatting. */
function isTextChar(c: number): boolean {
  return c === 0x0b || (c >= 0x20 && c <= 0x7e) || (c >= 0x80 && c <= 0xff);
}

function isMediaType(type: string): boolean {
  const slash = type.indexOf('/');
  return slash > 0 && isToken(type.slice(0, slash)) && isToken(type.slice(slash + 1));
}

/** content-type@1's reading of the essence: JavaScript-trimmed, two tokens around a slash. */
function tokenEssence(text: string, start: number, end: number): string | null {
  const type = text.slice(start, end).trim();
  return isMediaType(type) ? type.toLowerCase() : null;
}

const RULES: MediaTypeRules = { essence: tokenEssence, quoted: QUOTED };

/**
 * Parses a Content-Type value. Throws a TypeError (`invalid media type`, `invalid parameter
 * format`, `argument string is required`) when it is malformed, as content-type@1 does.
 * @example
 * parseContentType('text/html; charset="utf-8"') // { type: 'text/html', parameters: { charset: 'utf-8' } }
 */
export function parseContentType(value: string): ContentType {
  if (!value) throw webappError('WEBAPP_CONTENT_TYPE_REQUIRED');
  if (typeof value !== 'string') throw webappError('WEBAPP_CONTENT_TYPE_NOT_STRING');
  const parsed = scanMediaType(value, RULES);
  if (parsed === INVALID_TYPE) throw webappError('WEBAPP_CONTENT_TYPE_INVALID');
  if (parsed === INVALID_PARAMETERS) throw webappError('WEBAPP_CONTENT_TYPE_PARAMETER_INVALID');
  return parsed;
}

function quote(value: unknown): string {
  const text = String(value);
  if (isToken(text)) return text;
  for (let i = 0; i < text.length; i++) {
    if (!isTextChar(text.charCodeAt(i))) throw webappError('WEBAPP_CONTENT_TYPE_PARAMETER_VALUE_INVALID');
  }
  let out = '"';
  for (const ch of text) out += ch === '\\' || ch === '"' ? `\\${ch}` : ch;
  return `${out}"`;
}

/**
 * Formats a Content-Type object: `type` then the parameters sorted by name, values quoted when
 * they are not tokens. Throws a TypeError for an invalid type, parameter name or value.
 * @example
 * formatContentType({ type: 'text/html', parameters: { charset: 'utf-8' } }) // 'text/html; charset=utf-8'
 */
export function formatContentType(obj: ContentType): string {
  if (!obj || typeof obj !== 'object') throw webappError('WEBAPP_CONTENT_TYPE_OBJECT_REQUIRED');
  const { type, parameters } = obj;
  if (!type || !isMediaType(type)) throw webappError('WEBAPP_CONTENT_TYPE_TYPE_INVALID');
  let out = type;
  if (parameters && typeof parameters === 'object') {
    for (const name of Object.keys(parameters).sort()) {
      if (!isToken(name)) throw webappError('WEBAPP_CONTENT_TYPE_PARAMETER_NAME_INVALID');
      out += `; ${name}=${quote(parameters[name])}`;
    }
  }
  return out;
}
