/**
 * res.json: sends a value as JSON.
 * @module
 */
import { hasBuiltinGet } from '../application/settings';
import { readHeader, setTrustedHeader } from '../http/header-store';
import type { Res } from '../types/internal';
import { deprecate } from '../utils/deprecate';
import { stringify } from './stringify';

/**
 * Sends `body` serialised with the `json replacer`, `json spaces` and `json escape` settings, as
 * application/json unless a Content-Type is already set. The deprecated Express 3 forms
 * `res.json(status, body)` and `res.json(body, status)` still work, with a warning.
 * @example
 * res.json({ user: 'tobi' });
 * res.status(201).json([1, 2, 3]);
 */
export function json<T extends Res>(this: T, body?: unknown): T {
  let value = body;
  if (arguments.length === 2) {
    const second = arguments[1];
    if (typeof second === 'number') {
      deprecate(
        'WEBAPP_RES_JSON_OBJ_STATUS',
        'res.json(obj, status): Use res.status(status).json(obj) instead',
      );
      this.statusCode = second;
    } else {
      deprecate(
        'WEBAPP_RES_JSON_STATUS_OBJ',
        'res.json(status, obj): Use res.status(status).json(obj) instead',
      );
      this.statusCode = body as number;
      value = second;
    }
  }

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
