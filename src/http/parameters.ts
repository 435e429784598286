/**
 * The parameter list after a media type, `*( ";" *SP name *SP "=" *SP value *SP )`, shared by the
 * two media-type parsers (./content-type.ts and ./media-type.ts). They differ only in which bytes a
 * quoted value may hold, so each passes its own rules. A linear scanner, no regular expressions.
 * @module
 */

/** What a quoted parameter value may contain. */
export interface QuotedRules {
  /** Characters allowed unescaped between the quotes. */
  plain(c: number): boolean;
  /** Characters allowed right after a backslash. */
  escaped(c: number): boolean;
}

/** RFC 7230 token characters: parameter names and unquoted values. */
export function isTokenChar(c: number): boolean {
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

/**
 * Reads the parameters of `text` from `start` (a ';') to its end into `into` (names lower-cased,
 * values unquoted and unescaped). Returns false when the list is malformed.
 * @example
 * parseParameters('text/html; charset="utf-8"', 9, rules, params) // true, params.charset === 'utf-8'
 */
export function parseParameters(
  text: string,
  start: number,
  rules: QuotedRules,
  into: Record<string, string>,
): boolean {
  const length = text.length;
  let i = start;
  while (i < length) {
    if (text.charCodeAt(i) !== 0x3b) return false;
    i++;
    while (text.charCodeAt(i) === 0x20) i++;
    const nameStart = i;
    while (i < length && isTokenChar(text.charCodeAt(i))) i++;
    if (i === nameStart) return false;
    const name = text.slice(nameStart, i).toLowerCase();
    while (text.charCodeAt(i) === 0x20) i++;
    if (text.charCodeAt(i) !== 0x3d) return false;
    i++;
    while (text.charCodeAt(i) === 0x20) i++;
    let value = '';
    if (text.charCodeAt(i) === 0x22) {
      i++;
      let closed = false;
      while (i < length) {
        const c = text.charCodeAt(i);
        if (c === 0x22) {
          closed = true;
          i++;
          break;
        }
        if (c === 0x5c) {
          if (!rules.escaped(text.charCodeAt(i + 1))) return false;
          value += text[i + 1];
          i += 2;
        } else if (rules.plain(c)) {
          value += text[i];
          i++;
        } else {
          return false;
        }
      }
      if (!closed) return false;
    } else {
      const valueStart = i;
      while (i < length && isTokenChar(text.charCodeAt(i))) i++;
      if (i === valueStart) return false;
      value = text.slice(valueStart, i);
    }
    while (text.charCodeAt(i) === 0x20) i++;
    into[name] = value;
  }
  return true;
}
