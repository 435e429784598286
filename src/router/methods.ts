/**
 * The HTTP methods that get `app.METHOD` / `router.METHOD` / `route.METHOD`: node's own list, lowercased
 * (`m-search` included, reachable by bracket notation).
 * @module
 */
import { METHODS } from 'node:http';

export const methods: readonly string[] = METHODS.map((method) => method.toLowerCase());

const LOWER: ReadonlyMap<string, string> = new Map(METHODS.map((method) => [method, method.toLowerCase()]));

/** `method.toLowerCase()` without allocating for the methods node knows (the per-request case). */
export function lowerMethod(method: string): string {
  // The two methods most requests use, by comparison (cheaper than hashing into the map).
  if (method === 'GET') return 'get';
  if (method === 'POST') return 'post';
  return LOWER.get(method) ?? method.toLowerCase();
}

/**
 * The functions installed under the names of `methods` (`app.post`, `router.put`, `route.patch`, …):
 * their names come from node's method list at run time, so the types cannot spell them out.
 */
export type MethodTable<F> = Record<string, F>;

/**
 * `target` seen as its table of method-named functions, to install or call one by name.
 * @example
 * methodTable<RouteMethod>(route)[method](...handlers);
 */
export function methodTable<F>(target: object): MethodTable<F> {
  return target as MethodTable<F>;
}
