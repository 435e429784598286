/**
 * res.json: sends a value as JSON.
 * @module
 */
import { hasBuiltinGet } from '../application/settings';
import { readHeader, setTrustedHeader } from '../http/header-store';
import type { Res } from '../types/internal';
import { deprecate } from '../utils/deprecate';
import { stringify } from './stringify';

/** The deprecation code and message of each Express 3 form: `(obj, status)`, then `(status, obj)`. */
export interface LegacyForms {
  objStatus: readonly [code: string, message: string];
  statusObj: readonly [code: string, message: string];
}

const JSON_FORMS: LegacyForms = {
  objStatus: [
    'WEBAPP_RES_JSON_OBJ_STATUS',
    'res.json(obj, status): Use res.status(status).json(obj) instead',
  ],
  statusObj: [
    'WEBAPP_RES_JSON_STATUS_OBJ',
    'res.json(status, obj): Use res.status(status).json(obj) instead',
  ],
};

/**
 * The two-argument Express 3 forms of res.json and res.jsonp: `(obj, status)` when the second is a
 * number, else `(status, obj)`. Warns with the method's deprecation, sets the status and returns the
 * body to send.
 * @example
 * const value = arguments.length === 2 ? legacyStatusForm(this, body, arguments[1], JSON_FORMS) : body;
 */
export function legacyStatusForm(res: Res, first: unknown, second: unknown, forms: LegacyForms): unknown {
  if (typeof second === 'number') {
    deprecate(forms.objStatus[0], forms.objStatus[1]);
    res.statusCode = second;
    return first;
  }
  deprecate(forms.statusObj[0], forms.statusObj[1]);
  res.statusCode = first as number;
  return second;
}

/**
 * Sends `body` serialised with the `json replacer`, `json spaces` and `json escape` settings, as
 * application/json unless a Content-Type is already set. The deprecated Express 3 forms
 * `res.json(status, body)` and `res.json(body, status)` still work, with a warning.
 * @example
 * res.json({ user: 'tobi' });
 * res.status(201).json([1, 2, 3]);
 */
export function json<T extends Res>(this: T, body?: unknown): T {
  const value = arguments.length === 2 ? legacyStatusForm(this, body, arguments[1], JSON_FORMS) : body;

  const app = this.app;
  const settings = app.settings;
  const text = hasBuiltinGet(app)
    ? stringify(value, settings['json replacer'], settings['json spaces'], settings['json escape'])
    : stringify(value, app.get('json replacer'), app.get('json spaces'), app.get('json escape'));
  if (!readHeader(this, 'content-type')) {
    setTrustedHeader(this, 'Content-Type', 'content-type', 'application/json; charset=utf-8');
  }
  return this.send(text);
}
