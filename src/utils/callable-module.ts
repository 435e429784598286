/**
 * Makes a CommonJS module's export the middleware function itself, carrying the module's named
 * exports as members: `require('webappjs/cookie-session')(options)` works as it does with the npm
 * packages, while `import { cookieSession } from …` and `import x from …` keep working.
 * @module
 */
import { factoryName, markFactory } from './middleware-factory';

/**
 * Replaces `mod.exports` by a function that calls `fn`, carrying the module's named exports and `fn`'s
 * own members, and marked as an ES module. Its `default` is the function itself, so `require(…)`, `require(…).default` and every
 * form of `import x from …` give one object. `fn` is left as it is (`webapp.cookieSession` keeps only
 * its own members).
 * @example
 * callableModule(module, cookieSession);
 */
export function callableModule<F extends (...args: never[]) => unknown>(mod: NodeJS.Module, fn: F): void {
  const named = mod.exports as Record<string, unknown>;
  const entry = function (this: unknown, ...args: Parameters<F>) {
    return fn.apply(this, args);
  };
  Object.defineProperty(entry, 'name', { value: fn.name });
  for (const key of Object.keys(named)) {
    if (key === 'default') continue;
    Object.defineProperty(entry, key, { enumerable: true, value: named[key] });
  }
  // And the middleware's own members, as on the npm package (`bodyParser.json`, `compression.filter`).
  for (const key of Object.keys(fn)) {
    if (!Object.hasOwn(entry, key))
      Object.defineProperty(entry, key, { enumerable: true, value: (fn as never)[key] });
  }
  Object.defineProperty(entry, 'default', { enumerable: true, value: entry });
  const factory = factoryName(fn);
  if (factory !== undefined) markFactory(entry, factory);
  Object.defineProperty(entry, '__esModule', { value: true });
  mod.exports = entry;
}
