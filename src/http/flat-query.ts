/**
 * Flat `name=value&…` parsing with node:querystring's answers — what Express 4's `simple` query parser
 * and `urlencoded({ extended: false })` return — at a fraction of its cost.
 *
 * Why not call `querystring.parse`: its `{ __proto__: null }` result is a hash table, and every field
 * then costs an insert; here the object is an empty literal given a null prototype before anything is
 * stored in it — the same null-prototype object, as `util.inspect` and `deepStrictEqual` see it.
 *
 * The answers are node's, rule for rule (test/http/flat-query.test.ts compares them on generated
 * input): pairs split on `&`, then on the first `=`; an empty pair is skipped but counts towards
 * `maxKeys`; `+` is a space; a key or value is decoded only when node's scan flags it (a `%` and two
 * hex digits, with its quirks kept: see the loop); a repeated key collects its values in an array.
 * Escapes of ASCII bytes are decoded here; anything else (UTF-8 sequences, malformed escapes) goes to
 * `querystring.unescape`, as node's parse sends it. When an app has replaced `querystring.unescape`,
 * node's parse itself runs: its rules change with the decoder.
 * @module
 */
import querystring from 'node:querystring';
import { hexValue, isHex } from './hex';

/** The decoder node's parse treats as its own; another one changes its rules, so it then runs itself. */
const nodeUnescape = querystring.unescape;

const AMPERSAND = 38;
const EQUALS = 61;
const PLUS = 43;
const PERCENT = 37;

/**
 * Whether node's scan goes on over the rest of a key, once the key is flagged for decoding, with the
 * value's rules, so that an escape there flags the value too: node 20 to 24 do, node 26 does not.
 * Asked of node itself, on the first parse (an app may replace `querystring.unescape` at any time,
 * and node's own rules are then different): `%41%41` flags the key; where its second escape flags the
 * value, the value's lone `%` sends it to the byte-wise decoder, which keeps the low byte of `Ā` only.
 */
let keyScanFlagsValue: boolean | undefined;

function probeKeyScan(): boolean {
  return querystring.parse('%41%41=\u0100%').AA !== '\u0100%';
}

/**
 * A null-prototype object that is not a hash table (see the module comment). Set on an empty object that
 * nothing else references, before any property exists: no key, `__proto__` included, can reach
 * Object.prototype.
 */
function nullPrototypeObject(): Record<string, string | string[]> {
  return Object.setPrototypeOf({}, null) as Record<string, string | string[]>;
}

/**
 * Parses `text` as node's `querystring.parse(text, '&', '=', { maxKeys })` would.
 * @example
 * parseFlatQuery('a=1&a=2&b=x+y') // [Object: null prototype] { a: ['1', '2'], b: 'x y' }
 */
export function parseFlatQuery(text: unknown, maxKeys = 1000): Record<string, string | string[]> {
  // No text (req.query passes null for a URL without '?'): an empty object, as node answers. Left
  // empty, the dictionary-mode one costs a third of a fast one (262 vs 752 instructions to make).
  if (typeof text !== 'string' || text.length === 0)
    return Object.create(null) as Record<string, string | string[]>;
  if (querystring.unescape !== nodeUnescape) {
    return querystring.parse(text, undefined, undefined, { maxKeys }) as Record<string, string | string[]>;
  }
  const keyFlagsValue = (keyScanFlagsValue ??= probeKeyScan());
  const result = nullPrototypeObject();
  // node's count: pairs left before it stops, a non-positive limit meaning none (it never reaches 0).
  let pairsLeft = maxKeys > 0 ? maxKeys : -1;
  const length = text.length;
  let start = 0;
  let equals = -1;
  let keyPlus = false;
  let valuePlus = false;
  let keyEncoded = false;
  let valueEncoded = false;
  // Characters of a `%XX` run seen so far (0: none), as node's scan counts them; `+` breaks a run in
  // an unflagged key and leaves it as it is elsewhere.
  let run = 0;
  for (let i = 0; i <= length; i++) {
    const code = i < length ? text.charCodeAt(i) : AMPERSAND;
    // Most characters (letters, `_`, `~`, non-ASCII): nothing to note outside a `%XX` run.
    if (code > EQUALS && run === 0) continue;
    if (code === AMPERSAND) {
      if (i > start) {
        let key: string;
        let value = '';
        if (equals === -1) {
          key = text.slice(start, i);
        } else {
          key = text.slice(start, equals);
          value = text.slice(equals + 1, i);
          if (valuePlus) value = value.replaceAll('+', ' ');
          if (valueEncoded) value = decodeComponent(value);
        }
        if (keyPlus) key = key.replaceAll('+', ' ');
        if (keyEncoded) key = decodeComponent(key);
        addValue(result, key, value);
      }
      // The end of the text is not a separator: node stops there without counting.
      if (i === length || --pairsLeft === 0) return result;
      start = i + 1;
      equals = -1;
      keyPlus = valuePlus = keyEncoded = valueEncoded = false;
      run = 0;
    } else if (code === EQUALS && equals === -1) {
      equals = i;
      run = 0;
    } else if (code === PLUS) {
      if (equals !== -1) {
        valuePlus = true;
      } else {
        keyPlus = true;
        if (!keyEncoded) run = 0;
      }
    } else if (equals === -1 && !keyEncoded) {
      if (code === PERCENT) run = 1;
      else if (run !== 0 && isHex(code)) keyEncoded = ++run === 3;
      else run = 0;
    } else if (!valueEncoded && (equals !== -1 || keyFlagsValue)) {
      // The value's scan — which node 20 to 24 also run over the rest of a key once the key is flagged:
      // a `%XX` run there flags the value. Its count goes on from the key's (3, then 4…: no new flag).
      if (code === PERCENT) run = 1;
      else if (run !== 0 && isHex(code)) valueEncoded = ++run === 3;
      else run = 0;
    }
  }
  return result;
}

function addValue(result: Record<string, string | string[]>, key: string, value: string): void {
  const current = result[key];
  if (current === undefined) result[key] = value;
  else if (typeof current === 'string') result[key] = [current, value];
  else current.push(value);
}

/**
 * What node's parse makes of a flagged key or value: `decodeURIComponent`'s answer, or, where that
 * throws, `querystring.unescape`'s byte-wise one. Escapes of ASCII bytes are decoded here, which is
 * exactly decodeURIComponent's answer; the first escape of another byte, or a malformed one, hands
 * the whole text to `querystring.unescape`.
 */
function decodeComponent(text: string): string {
  let decoded = '';
  let copied = 0;
  for (let at = text.indexOf('%'); at !== -1; at = text.indexOf('%', copied)) {
    const high = text.charCodeAt(at + 1);
    const low = text.charCodeAt(at + 2);
    // '0'–'7' then a hex digit: a byte below 0x80 (NaN past the end fails both tests).
    if (!(high >= 48 && high <= 55) || !isHex(low)) return querystring.unescape(text);
    decoded += text.slice(copied, at) + String.fromCharCode((high - 48) * 16 + hexValue(low));
    copied = at + 3;
  }
  return decoded + text.slice(copied);
}
