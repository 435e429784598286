/**
 * Hex digits as percent-encoding reads them (`%XX`): which character codes are digits, and their value.
 * @module
 */

/** Whether `code` is an ASCII hex digit (0-9, A-F, a-f); false for NaN (a read past the end). */
export function isHex(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

/** The value of a hex digit's code (one that {@link isHex} accepts). */
export function hexValue(code: number): number {
  return code <= 57 ? code - 48 : (code | 32) - 87;
}
