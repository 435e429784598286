/**
 * Makes a CommonJS module's export the middleware function itself, carrying the module's named
 * exports (and `default`) as members: `require('webapp/cookie-session')(options)` works as it does
 * with the npm packages, while `import { cookieSession } from …` and `import x from …` keep working.
 * @module
 */

/**
 * Replaces `mod.exports` by `fn`, copying the named exports onto it and marking it as an ES module.
 * @example
 * callableModule(module, cookieSession);
 */
export function callableModule(mod: NodeJS.Module, fn: (...args: never[]) => unknown): void {
  const named = mod.exports as Record<string, unknown>;
  for (const key of Object.keys(named)) {
    if (!Object.hasOwn(fn, key)) Object.defineProperty(fn, key, { enumerable: true, value: named[key] });
  }
  Object.defineProperty(fn, '__esModule', { value: true });
  mod.exports = fn;
}
