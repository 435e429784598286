// Writes the ESM entry points next to the CommonJS build, so `import webapp, { Router } from 'webappjs'`
// and `import { cookieParser } from 'webappjs/cookie-parser'` work. Each re-exports the CommonJS module's
// export as default and every one of its members as the very same object (one instance: no wrappers, no second
// copy). Members the main module loads lazily under CommonJS (the getters of the first-party middleware)
// are read here, so an ES-module import of `webapp` loads them; `webappjs/core` or a middleware subpath
// loads only what it names.

import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { MIDDLEWARE_SUBPATHS, OTHER_SUBPATHS } from './subpaths.mjs';

const require = createRequire(import.meta.url);

/** Own members every function has; they are not members of the module. */
const FUNCTION_OWN = new Set(['length', 'name', 'prototype', 'caller', 'arguments']);

/** Entry points: [CommonJS file, ESM file], relative to dist/. */
const entries = [
  ['index.js', 'index.mjs'],
  ['core.js', 'core.mjs'],
  ...MIDDLEWARE_SUBPATHS.map((name) => [`middleware/${name}.js`, `middleware/${name}.mjs`]),
  ...Object.values(OTHER_SUBPATHS).map((file) => [`${file}.js`, `${file}.mjs`]),
];

/** The names an ES module re-exports for CommonJS module `mod`: its own members, getters included. */
function memberNames(mod) {
  return Object.getOwnPropertyNames(mod)
    .filter((name) => name !== 'default' && name !== '__esModule')
    .filter((name) => typeof mod !== 'function' || !FUNCTION_OWN.has(name))
    .sort();
}

for (const [cjs, esm] of entries) {
  const mod = require(`../dist/${cjs}`);
  const base = cjs.slice(cjs.lastIndexOf('/') + 1);
  const names = memberNames(mod);
  // The default export is what `require` gives, as node's own import of a CommonJS module does (the
  // middleware modules' `default` member is the module itself, so `import x` and `require(…).default` agree).
  const lines = [
    `import mod from './${base}';`,
    'export default mod;',
    ...names.map((name, i) => `const m${i} = mod[${JSON.stringify(name)}];`),
    `export { ${names.map((name, i) => `m${i} as ${JSON.stringify(name)}`).join(', ')} };`,
    '',
  ];
  writeFileSync(new URL(`../dist/${esm}`, import.meta.url), lines.join('\n'));
}
