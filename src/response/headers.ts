/**
 * res.set (alias res.header), res.get and res.append: header access with Express 4's conversions.
 * Values go to node's setHeader, which refuses CR, LF and other control characters with a TypeError,
 * so nothing injected reaches the wire.
 * @module
 */
import type { OutgoingHttpHeader } from 'node:http';
import { webappError } from '../errors/catalogue';
import type { Res } from '../types/internal';
import { withDefaultCharset } from './charset';

function setOne(res: Res, field: string, value: unknown): void {
  const converted = Array.isArray(value) ? value.map(String) : String(value);
  if (field.length === 12 && field.toLowerCase() === 'content-type') {
    if (Array.isArray(converted)) throw webappError('WEBAPP_RES_CONTENT_TYPE_ARRAY');
    res.setHeader(field, withDefaultCharset(converted));
    return;
  }
  res.setHeader(field, converted);
}

/**
 * Sets one header (values are converted to strings, arrays to arrays of strings) or several from an
 * object. A text Content-Type without a charset gets `; charset=utf-8`. Chainable.
 * @example
 * res.set('Cache-Control', 'no-store').set({ 'X-A': '1', 'X-B': ['2', '3'] });
 */
export function set<T extends Res>(this: T, field: string | Record<string, unknown>, value?: unknown): T {
  if (arguments.length === 2) {
    setOne(this, field as string, value);
  } else {
    const fields = field as Record<string, unknown>;
    // for-in on purpose: Express also takes inherited enumerable fields (e.g. from Object.create(defaults)).
    // Values of any type are converted by setOne, as in Express; the public type asks for strings.
    for (const key in fields) this.set(key, fields[key] as string);
  }
  return this;
}

/**
 * The current value of a response header (case-insensitive), or undefined.
 * @example
 * res.get('Content-Type') // 'text/html; charset=utf-8'
 */
export function get(this: Res, field: string): OutgoingHttpHeader | undefined {
  return this.getHeader(field);
}

/**
 * Adds a value to a header, keeping what is already there (arrays are concatenated). A later
 * res.set replaces the whole header. Chainable.
 * @example
 * res.append('Link', '<http://localhost/>').append('Warning', '199 Miscellaneous warning');
 */
export function append<T extends Res>(this: T, field: string, value?: string | string[]): T {
  const previous = this.get(field);
  let next: unknown = value;
  if (previous) {
    if (Array.isArray(previous)) next = (previous as unknown[]).concat(value);
    else if (Array.isArray(value)) next = [previous, ...value];
    else next = [previous, value];
  }
  return this.set(field, next as string | string[]);
}
