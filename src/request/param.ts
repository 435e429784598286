/**
 * `req.param`, deprecated since Express 4.
 * @module
 */
import type { Req } from '../types/internal';
import { deprecate } from '../utils/deprecate';

function ownValue(source: unknown, name: string): unknown {
  // Own properties only: `req.param('constructor')` must not return Object.prototype members.
  if (source === null || typeof source !== 'object' || !Object.hasOwn(source, name)) return undefined;
  return (source as Record<string, unknown>)[name];
}

/**
 * Deprecated: the value of `name` from `req.params`, else `req.body`, else `req.query`, else
 * `defaultValue`. Warns once per process.
 * @example
 * // GET /user/42?sort=asc on /user/:id
 * req.param('id') // '42'
 * req.param('sort') // 'asc'
 * req.param('page', '1') // '1'
 */
export function param(this: Req, name: string, defaultValue?: unknown): unknown {
  const args = arguments.length === 1 ? 'name' : 'name, default';
  deprecate('WEBAPP_REQ_PARAM', `req.param(${args}): Use req.params, req.body, or req.query instead`);
  const fromParams = ownValue(this.params, name);
  if (fromParams != null) return fromParams;
  const fromBody = ownValue(this.body, name);
  if (fromBody != null) return fromBody;
  const fromQuery = ownValue(this.query, name);
  if (fromQuery != null) return fromQuery;
  return defaultValue;
}
