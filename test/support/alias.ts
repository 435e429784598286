/**
 * Loads a package written for Express with its `require('express…')` calls answered by another module,
 * as an npm alias (`"express": "npm:webappjs@…"`) would: a fresh copy of the package, with
 * Module._resolveFilename redirecting only the requests made from the package's own files.
 */
import Module from 'node:module';
import path from 'node:path';

type Resolve = (request: string, parent: { filename?: string } | undefined, ...rest: unknown[]) => string;

/**
 * Requires `pkg` (a fresh instance) with `express` and `express/<file>` resolved through `map`; a
 * request `map` answers undefined for resolves as usual.
 */
export function requireWithExpress(pkg: string, map: (request: string) => string | undefined): any {
  const dir = path.dirname(require.resolve(`${pkg}/package.json`));
  const inside = (file: string | undefined) => file?.startsWith(dir + path.sep) === true;
  for (const key of Object.keys(require.cache)) if (inside(key)) delete require.cache[key];
  const mod = Module as unknown as { _resolveFilename: Resolve };
  const original = mod._resolveFilename;
  mod._resolveFilename = function (request, parent, ...rest) {
    if ((request === 'express' || request.startsWith('express/')) && inside(parent?.filename)) {
      const target = map(request);
      if (target !== undefined) return target;
    }
    return original.call(this, request, parent, ...rest);
  };
  try {
    return require(pkg);
  } finally {
    mod._resolveFilename = original;
  }
}
