/**
 * webapp's own middleware factories carry a mark, so that one passed uncalled (`app.use(webapp.json)`,
 * which hangs every request in Express and would here) is refused where it is registered, with the
 * call to write instead. Only registration reads the mark: requests pay nothing.
 * @module
 */
import { webappError } from '../errors/catalogue';
import { flatten } from './flatten';

/** Shared by every copy of webapp loaded in a process, so each recognises the others' factories. */
const kFactory = Symbol.for('webapp.middlewareFactory');

type Marked = { [kFactory]?: string };

/**
 * Marks `fn` as the factory exported as `webapp.<name>` (a non-enumerable symbol, invisible to
 * serializations and to `Object.keys`).
 * @example
 * markFactory(json, 'json');
 */
export function markFactory(fn: (...args: never[]) => unknown, name: string): void {
  Object.defineProperty(fn, kFactory, { value: name });
}

/** The name `fn` is marked with, if it is one of webapp's middleware factories. */
export function factoryName(fn: unknown): string | undefined {
  return typeof fn === 'function' ? (fn as Marked)[kFactory] : undefined;
}

/**
 * Throws WEBAPP_MIDDLEWARE_FACTORY_UNCALLED if `handlers` (in any nesting of arrays) holds one of
 * webapp's middleware factories itself, `method` naming the registration (`use`, `get`, …).
 * @example
 * refuseUncalledFactories(handlers, 'use');
 */
export function refuseUncalledFactories(handlers: readonly unknown[], method: string): void {
  for (const handler of flatten(handlers)) {
    const name = factoryName(handler);
    if (name !== undefined) throw webappError('WEBAPP_MIDDLEWARE_FACTORY_UNCALLED', method, name);
  }
}
