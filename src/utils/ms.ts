/**
 * Parses duration strings such as '1d', '2 hours', '1.5h' or '500ms' into milliseconds: the format
 * Express users pass as `maxAge`. Hand-written scanner (no regex), input capped at 100 characters.
 * @module
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const YEAR = 365.25 * DAY;

const UNITS = new Map<string, number>([
  ['years', YEAR],
  ['year', YEAR],
  ['yrs', YEAR],
  ['yr', YEAR],
  ['y', YEAR],
  ['weeks', WEEK],
  ['week', WEEK],
  ['w', WEEK],
  ['days', DAY],
  ['day', DAY],
  ['d', DAY],
  ['hours', HOUR],
  ['hour', HOUR],
  ['hrs', HOUR],
  ['hr', HOUR],
  ['h', HOUR],
  ['minutes', MINUTE],
  ['minute', MINUTE],
  ['mins', MINUTE],
  ['min', MINUTE],
  ['m', MINUTE],
  ['seconds', SECOND],
  ['second', SECOND],
  ['secs', SECOND],
  ['sec', SECOND],
  ['s', SECOND],
  ['milliseconds', 1],
  ['millisecond', 1],
  ['msecs', 1],
  ['msec', 1],
  ['ms', 1],
]);

const MAX_LENGTH = 100;

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/**
 * Milliseconds for a duration string, or undefined when it is not one. A bare number means
 * milliseconds; the unit is case-insensitive and may follow spaces.
 * @example
 * ms('1d')     // 86400000
 * ms('1.5 h')  // 5400000
 * ms('-3s')    // -3000
 * ms('soon')   // undefined
 */
export function ms(value: string): number | undefined {
  const str = String(value);
  if (str.length === 0 || str.length > MAX_LENGTH) return undefined;
  let i = 0;
  if (str.charCodeAt(0) === 45 /* - */) i++;
  const numberStart = i;
  while (i < str.length && isDigit(str.charCodeAt(i))) i++;
  if (str.charCodeAt(i) === 46 /* . */) {
    const fractionStart = ++i;
    while (i < str.length && isDigit(str.charCodeAt(i))) i++;
    // A dot must be followed by at least one digit ('1.' and '.' are not numbers).
    if (i === fractionStart) return undefined;
  } else if (i === numberStart) {
    return undefined;
  }
  const amount = Number.parseFloat(str.slice(0, i));
  while (str.charCodeAt(i) === 32) i++;
  if (i === str.length) return amount;
  const factor = UNITS.get(str.slice(i).toLowerCase());
  return factor === undefined ? undefined : amount * factor;
}
