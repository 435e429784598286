/**
 * Reading a request's `Content-Length`: node's parser lets through digits only, read here without the
 * general string-to-number conversion.
 * @module
 */

/** Longest run of digits read here: 15 digits are exact in a double. */
const MAX_DIGITS = 15;

/**
 * The value of `value` when it is 1 to 15 ASCII digits (`Number(value)` and `parseInt(value, 10)` then
 * agree), else -1: the caller decides with the general conversion it needs.
 * @example
 * decimalDigits('1024') // 1024
 * decimalDigits(' 12') // -1
 */
export function decimalDigits(value: string): number {
  const length = value.length;
  if (length === 0 || length > MAX_DIGITS) return -1;
  let result = 0;
  for (let i = 0; i < length; i++) {
    const digit = value.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    result = result * 10 + digit;
  }
  return result;
}

/**
 * `Number(value)` for a header value: NaN when it is not a number.
 * @example
 * headerNumber('17') // 17
 * headerNumber('0x10') // 16, as Number('0x10')
 */
export function headerNumber(value: string): number {
  const digits = decimalDigits(value);
  return digits !== -1 ? digits : Number(value);
}
