/**
 * Content-Type parsing and formatting with the rules of the `content-type@1` package that Express 4
 * and body-parser use (RFC 7231 media type with parameters). Linear hand-written scanners.
 * @module
 */

/** A parsed Content-Type: lower-case `type/subtype` and parameters with lower-case names. */
export interface ContentType {
  type: string;
  parameters: Record<string, string>;
}

/** RFC 7230 token characters. */
function isTokenChar(c: number): boolean {
  return (
    (c >= 0x30 && c <= 0x39) ||
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x61 && c <= 0x7a) ||
    c === 0x21 ||
    (c >= 0x23 && c <= 0x27) ||
    c === 0x2a ||
    c === 0x2b ||
    c === 0x2d ||
    c === 0x2e ||
    c === 0x5e ||
    c === 0x5f ||
    c === 0x60 ||
    c === 0x7c ||
    c === 0x7e
  );
}

function isToken(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) if (!isTokenChar(text.charCodeAt(i))) return false;
  return true;
}

/** Characters allowed unescaped inside a quoted string (qdtext, with VT as content-type@1 allows). */
function isQuotedChar(c: number): boolean {
  return (
    c === 0x0b ||
    c === 0x20 ||
    c === 0x21 ||
    (c >= 0x23 && c <= 0x5b) ||
    (c >= 0x5d && c <= 0x7e) ||
    (c >= 0x80 && c <= 0xff)
  );
}

/** Characters allowed as parameter text when formatting. */
function isTextChar(c: number): boolean {
  return c === 0x0b || (c >= 0x20 && c <= 0x7e) || (c >= 0x80 && c <= 0xff);
}

function isMediaType(type: string): boolean {
  const slash = type.indexOf('/');
  return slash > 0 && isToken(type.slice(0, slash)) && isToken(type.slice(slash + 1));
}

/**
 * Parses a Content-Type value. Throws a TypeError (`invalid media type`, `invalid parameter
 * format`, `argument string is required`) when it is malformed, as content-type@1 does.
 * @example
 * parseContentType('text/html; charset="utf-8"') // { type: 'text/html', parameters: { charset: 'utf-8' } }
 */
export function parseContentType(value: string): ContentType {
  if (!value) throw new TypeError('argument string is required');
  if (typeof value !== 'string') throw new TypeError('argument string is required to be a string');
  let index = value.indexOf(';');
  const type = (index === -1 ? value : value.slice(0, index)).trim();
  if (!isMediaType(type)) throw new TypeError('invalid media type');
  const parameters: Record<string, string> = Object.create(null);
  const result: ContentType = { type: type.toLowerCase(), parameters };
  if (index === -1) return result;

  const length = value.length;
  const invalid = () => new TypeError('invalid parameter format');
  while (index < length) {
    // "; *name *= *value *"
    let i = index;
    if (value.charCodeAt(i) !== 0x3b) throw invalid();
    i++;
    while (value.charCodeAt(i) === 0x20) i++;
    const nameStart = i;
    while (i < length && isTokenChar(value.charCodeAt(i))) i++;
    if (i === nameStart) throw invalid();
    const name = value.slice(nameStart, i).toLowerCase();
    while (value.charCodeAt(i) === 0x20) i++;
    if (value.charCodeAt(i) !== 0x3d) throw invalid();
    i++;
    while (value.charCodeAt(i) === 0x20) i++;
    let text = '';
    if (value.charCodeAt(i) === 0x22) {
      i++;
      let closed = false;
      while (i < length) {
        const c = value.charCodeAt(i);
        if (c === 0x22) {
          closed = true;
          i++;
          break;
        }
        if (c === 0x5c) {
          const next = value.charCodeAt(i + 1);
          if (!(next === 0x0b || (next >= 0x20 && next <= 0xff))) throw invalid();
          text += value[i + 1];
          i += 2;
        } else if (isQuotedChar(c)) {
          text += value[i];
          i++;
        } else {
          throw invalid();
        }
      }
      if (!closed) throw invalid();
    } else {
      const start = i;
      while (i < length && isTokenChar(value.charCodeAt(i))) i++;
      if (i === start) throw invalid();
      text = value.slice(start, i);
    }
    while (value.charCodeAt(i) === 0x20) i++;
    parameters[name] = text;
    index = i;
  }
  return result;
}

function quote(value: unknown): string {
  const text = String(value);
  if (isToken(text)) return text;
  for (let i = 0; i < text.length; i++) {
    if (!isTextChar(text.charCodeAt(i))) throw new TypeError('invalid parameter value');
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
  if (!obj || typeof obj !== 'object') throw new TypeError('argument obj is required');
  const { type, parameters } = obj;
  if (!type || !isMediaType(type)) throw new TypeError('invalid type');
  let out = type;
  if (parameters && typeof parameters === 'object') {
    for (const name of Object.keys(parameters).sort()) {
      if (!isToken(name)) throw new TypeError('invalid parameter name');
      out += `; ${name}=${quote(parameters[name])}`;
    }
  }
  return out;
}
