/**
 * res.status and res.sendStatus.
 *
 * Express 4 stores whatever it is given and lets node throw when the head is written; webapp checks
 * at once, so a bad code fails where it was set, with the message Express 5 uses. Codes Express 4
 * accepted with a deprecation (numeric strings, fractions within 100..999) still work the same way.
 * @module
 */
import { STATUS_CODES } from 'node:http';
import { webappError } from '../errors/catalogue';
import type { Res } from '../types/internal';
import { deprecate } from '../utils/deprecate';
import { setBuiltinType } from './type';

/** The integer status for `code` (truncated), or a thrown TypeError/RangeError when node would refuse it. */
function checkStatus(code: unknown): number {
  const value = typeof code === 'string' && code.trim() !== '' ? Number(code) : code;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw webappError('WEBAPP_RES_STATUS_NOT_INTEGER', JSON.stringify(code));
  }
  const integer = Math.floor(value);
  if (integer < 100 || integer > 999) {
    throw webappError('WEBAPP_RES_STATUS_OUT_OF_RANGE', JSON.stringify(code));
  }
  return integer;
}

function isValidStatus(code: unknown): code is number {
  return typeof code === 'number' && Number.isInteger(code) && code >= 100 && code <= 999;
}

/**
 * Sets the HTTP status code; chainable. Accepts 100..999 (what node can send).
 * @example
 * res.status(404).send('Not here');
 */
export function status<T extends Res>(this: T, code: number): T {
  if (isValidStatus(code)) {
    this.statusCode = code;
    return this;
  }
  const integer = checkStatus(code);
  deprecate(
    'WEBAPP_RES_STATUS_INTEGER',
    `res.status(${JSON.stringify(code)}): use res.status(${integer}) instead`,
  );
  this.statusCode = integer;
  return this;
}

/**
 * Sets the status and sends its reason phrase as a text/plain body (the number itself when the code
 * has no registered phrase).
 * @example
 * res.sendStatus(404); // 404 "Not Found"
 */
export function sendStatus<T extends Res>(this: T, statusCode: number): T {
  const code = isValidStatus(statusCode) ? statusCode : checkStatus(statusCode);
  // By the value given, as Express does: sendStatus('200') says "OK", sendStatus(200.5) says "200.5".
  const body = statusPhrase(statusCode) || String(statusCode);
  this.statusCode = code;
  setBuiltinType(this, 'txt');
  return this.send(body);
}

/**
 * The reason phrase of `status` looked up by the value as given, as Express does (a numeric string
 * finds its code, a fraction nothing), or undefined. A number is looked up as one: its string form
 * would be converted back to an index on every call.
 * @example
 * statusPhrase(302) // 'Found'
 */
export function statusPhrase(status: unknown): string | undefined {
  const key = typeof status === 'number' ? status : String(status);
  return Object.hasOwn(STATUS_CODES, key) ? STATUS_CODES[key] : undefined;
}
