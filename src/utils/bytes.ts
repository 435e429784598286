/**
 * Byte-size strings such as `'100kb'` or `'1.5mb'`, as accepted by the `limit` option of the body
 * parsers. Units are binary (1kb = 1024 bytes) and case-insensitive; the acceptance rules follow the
 * `bytes` package that Express 4 uses, so a limit means the same thing on both.
 * @module
 */

// A bare "b" suffix is not a unit here: '10b' is read as a leading integer, like `bytes` does.
const UNITS = new Map<string, number>([
  ['kb', 1024],
  ['mb', 1024 ** 2],
  ['gb', 1024 ** 3],
  ['tb', 1024 ** 4],
  ['pb', 1024 ** 5],
]);

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/**
 * Reads `[+-]digits[.digits] *unit` where unit is kb|mb|gb|tb|pb; returns the byte count or
 * undefined when the string does not have exactly that shape.
 */
function parseWithUnit(text: string): number | undefined {
  let pos = 0;
  const first = text.charCodeAt(0);
  if (first === 0x2b || first === 0x2d) pos++;
  const digitsStart = pos;
  while (isDigit(text.charCodeAt(pos))) pos++;
  if (pos === digitsStart) return undefined;
  if (text.charCodeAt(pos) === 0x2e) {
    const fractionStart = ++pos;
    while (isDigit(text.charCodeAt(pos))) pos++;
    if (pos === fractionStart) return undefined;
  }
  const numberEnd = pos;
  while (text.charCodeAt(pos) === 0x20) pos++;
  if (text.length - pos !== 2) return undefined;
  const unit = UNITS.get(text.slice(pos).toLowerCase());
  if (unit === undefined) return undefined;
  return Math.floor(unit * Number.parseFloat(text.slice(0, numberEnd)));
}

/**
 * Converts a limit to a number of bytes: numbers pass through; strings are read as `<n><unit>`
 * or, failing that, as a leading integer of bytes (`'2048'`). Returns null when nothing numeric
 * can be read, so callers can refuse the option instead of silently running without a limit.
 * @example
 * parseBytes('100kb') // 102400
 * parseBytes('1.5mb') // 1572864
 * parseBytes('lots')  // null
 */
export function parseBytes(value: unknown): number | null {
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  if (typeof value !== 'string') return null;
  const withUnit = parseWithUnit(value);
  if (withUnit !== undefined) return withUnit;
  const bytes = Number.parseInt(value, 10);
  return Number.isNaN(bytes) ? null : bytes;
}
