/**
 * Media type parsing (RFC 7231 `type/subtype[+suffix] *(; name=value)`) for Content-Type headers.
 * A hand-written scanner: linear in the input, no regular expressions, names bounded to 127
 * characters. Accepts exactly what Express 4's type checks accept (media-typer 0.3 rules).
 * @module
 */
import { parseParameters, type QuotedRules } from './parameters';

/** A parsed media type. `type` is lower-case `type/subtype[+suffix]`; parameter names are lower-case. */
export interface MediaType {
  type: string;
  parameters: Record<string, string>;
}

const MAX_NAME = 127;

function isAlnum(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

/** Characters allowed after the first in a type name or a +suffix: ALPHA DIGIT ! # $ & ^ _ - */
function isTypeNameChar(c: number): boolean {
  return (
    isAlnum(c) ||
    c === 0x21 ||
    c === 0x23 ||
    c === 0x24 ||
    c === 0x26 ||
    c === 0x5e ||
    c === 0x5f ||
    c === 0x2d
  );
}

/** Characters allowed after the first in a subtype: the type-name set plus `.` (and `+` as suffix marker). */
function isSubtypeChar(c: number): boolean {
  return isTypeNameChar(c) || c === 0x2e;
}

/** Quoted values as media-typer reads them: no VT, and only printable ASCII after a backslash. */
const QUOTED: QuotedRules = {
  plain: (c) =>
    c === 0x20 ||
    c === 0x21 ||
    (c >= 0x23 && c <= 0x5b) ||
    (c >= 0x5d && c <= 0x7e) ||
    (c >= 0x80 && c <= 0xff),
  escaped: (c) => c >= 0x20 && c <= 0x7e,
};

function isName(text: string, start: number, end: number, isChar: (c: number) => boolean): boolean {
  const length = end - start;
  if (length < 1 || length > MAX_NAME || !isAlnum(text.charCodeAt(start))) return false;
  for (let i = start + 1; i < end; i++) if (!isChar(text.charCodeAt(i))) return false;
  return true;
}

/**
 * Validates and lower-cases the `type/subtype[+suffix]` part between `start` and `end` (spaces
 * around it allowed). Returns null when invalid.
 */
function parseEssence(text: string, start: number, end: number): string | null {
  while (start < end && text.charCodeAt(start) === 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) === 0x20) end--;
  const slash = text.indexOf('/', start);
  if (slash === -1 || slash >= end) return null;
  if (!isName(text, start, slash, isTypeNameChar)) return null;
  // The whole subtype (with any "+suffix") obeys the subtype charset, then splits at the last "+".
  if (!isName(text, slash + 1, end, (c) => isSubtypeChar(c) || c === 0x2b)) return null;
  const plus = text.lastIndexOf('+', end - 1);
  if (plus > slash) {
    // The part before the suffix may not contain another "+"; an empty suffix is dropped.
    if (!isName(text, slash + 1, plus, isSubtypeChar)) return null;
    if (plus + 1 === end) return text.slice(start, plus).toLowerCase();
    if (!isName(text, plus + 1, end, isTypeNameChar)) return null;
  }
  return text.slice(start, end).toLowerCase();
}

/** The grammar of one reading of `type/subtype *(; name=value)`: its essence, its quoted values. */
export interface MediaTypeRules {
  /** The lower-cased `type/subtype` between `start` and `end`, or null when it is not valid. */
  essence(text: string, start: number, end: number): string | null;
  /** Which characters a quoted parameter value may hold. */
  quoted: QuotedRules;
}

/** What {@link scanMediaType} returns for an invalid essence. */
export const INVALID_TYPE = 1;
/** What {@link scanMediaType} returns for invalid parameters. */
export const INVALID_PARAMETERS = 2;

/**
 * The one parser of `type/subtype *(; name=value)`, under `rules`: media-typer's (./media-type, for
 * type checks) or content-type's (./content-type, for charsets), the two readings Express 4 uses.
 * Parameter values are unquoted and unescaped, names lower-cased; the object has no prototype.
 * Returns {@link INVALID_TYPE} or {@link INVALID_PARAMETERS} (checked in that order) when invalid.
 * @example
 * scanMediaType('text/html; charset=utf-8', rules) // { type: 'text/html', parameters: { charset: 'utf-8' } }
 */
export function scanMediaType(
  text: string,
  rules: MediaTypeRules,
): MediaType | typeof INVALID_TYPE | typeof INVALID_PARAMETERS {
  const semicolon = text.indexOf(';');
  const type = rules.essence(text, 0, semicolon === -1 ? text.length : semicolon);
  if (type === null) return INVALID_TYPE;
  const parameters: Record<string, string> = Object.create(null);
  if (semicolon === -1) return { type, parameters };

  if (!parseParameters(text, semicolon, rules.quoted, parameters)) return INVALID_PARAMETERS;
  return { type, parameters };
}

/** media-typer 0.3's reading. */
const RULES: MediaTypeRules = { essence: parseEssence, quoted: QUOTED };

/**
 * Parses a media type with its parameters, or returns null when the text is not a valid media
 * type. Parameter values are unquoted and unescaped; the object has no prototype.
 * @example
 * parseMediaType('Text/HTML; Charset="utf-8"')
 * // { type: 'text/html', parameters: { charset: 'utf-8' } }
 */
export function parseMediaType(text: unknown): MediaType | null {
  if (typeof text !== 'string' || text.length === 0) return null;
  const parsed = scanMediaType(text, RULES);
  return typeof parsed === 'number' ? null : parsed;
}

/**
 * The lower-case `type/subtype[+suffix]` of a Content-Type value without its parameters, or null
 * when the value is missing or malformed (including malformed parameters).
 * @example
 * normalizeMediaType('application/JSON; charset=utf-8') // 'application/json'
 */
export function normalizeMediaType(text: unknown): string | null {
  const parsed = parseMediaType(text);
  return parsed === null ? null : parsed.type;
}
