/**
 * res.jsonp: JSON, or a JSONP script when the request names a callback.
 * @module
 */
import type { Res } from '../types/internal';
import { type LegacyForms, legacyStatusForm } from './json';
import { stringify } from './stringify';

// Anything but identifier characters, `$`, `.`, `[` and `]` is dropped from the callback name.
const CALLBACK_UNSAFE = /[^[\]\w$.]/g;
const LINE_SEPARATORS = /[\u2028\u2029]/g;

const JSONP_FORMS: LegacyForms = {
  objStatus: [
    'WEBAPP_RES_JSONP_OBJ_STATUS',
    'res.jsonp(obj, status): Use res.status(status).jsonp(obj) instead',
  ],
  statusObj: [
    'WEBAPP_RES_JSONP_STATUS_OBJ',
    'res.jsonp(status, obj): Use res.status(status).jsonp(obj) instead',
  ],
};

function escapeSeparator(ch: string): string {
  return ch === '\u2028' ? '\\u2028' : '\\u2029';
}

/**
 * Like res.json, but when the query parameter named by `jsonp callback name` (default `callback`)
 * is present, sends `/**\/ typeof cb === 'function' && cb(json);` as text/javascript with
 * X-Content-Type-Options: nosniff. The callback is reduced to `[\w$.[\]]` characters and U+2028/2029
 * are escaped, so the script cannot break out. Deprecated status forms as for res.json.
 * @example
 * // GET /user?callback=show  →  /**\/ typeof show === 'function' && show({"name":"tobi"});
 * res.jsonp({ name: 'tobi' });
 */
export function jsonp<T extends Res>(this: T, body?: unknown): T {
  const value = arguments.length === 2 ? legacyStatusForm(this, body, arguments[1], JSONP_FORMS) : body;

  const app = this.app;
  let text = stringify(value, app.get('json replacer'), app.get('json spaces'), app.get('json escape'));
  const query = this.req.query;
  let callback = query == null ? undefined : query[app.get('jsonp callback name')];

  if (!this.getHeader('Content-Type')) {
    this.setHeader('X-Content-Type-Options', 'nosniff');
    this.setHeader('Content-Type', 'application/json; charset=utf-8');
  }

  if (Array.isArray(callback)) callback = callback[0];
  if (typeof callback === 'string' && callback.length !== 0) {
    this.setHeader('X-Content-Type-Options', 'nosniff');
    this.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    const name = callback.replace(CALLBACK_UNSAFE, '');
    if (text === undefined) text = '';
    else text = text.replace(LINE_SEPARATORS, escapeSeparator);
    // The /**/ prefix defeats the "Rosetta Flash" JSONP attack; the typeof guard avoids noisy client errors.
    text = `/**/ typeof ${name} === 'function' && ${name}(${text});`;
  }
  return this.send(text);
}
