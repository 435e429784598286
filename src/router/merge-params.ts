/**
 * `mergeParams`: a router's `req.params` on top of its parent router's, as Express 4 merges them.
 * @module
 */

/**
 * Parent params under the child's; numeric (unnamed) child captures shift past the parent's. Copied
 * with for-in and assignment, as Express 4 does (inherited enumerable keys included).
 * @example
 * mergeParams({ id: '7' }, { org: 'acme' }) // { org: 'acme', id: '7' }
 */
export function mergeParams(params: Record<string, unknown>, parent: unknown): Record<string, unknown> {
  if (typeof parent !== 'object' || !parent) return params;
  const merged = copyInto({}, parent as Record<string, unknown>);
  if (!(0 in params) || !(0 in parent)) return copyInto(merged, params);
  let i = 0;
  let o = 0;
  while (i in params) i++;
  while (o in parent) o++;
  for (i--; i >= 0; i--) {
    params[i + o] = params[i];
    if (i < o) delete params[i];
  }
  return copyInto(merged, params);
}

function copyInto(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  for (const key in source) target[key] = source[key];
  return target;
}
