// Writes the ESM entry points next to the CommonJS build, so `import webapp, { Router } from 'webapp'`
// and `import { cookieParser } from 'webapp/cookie-parser'` work. Each re-exports the CommonJS module's
// default and members. Members the main module loads lazily (non-enumerable getters, such as the
// first-party middleware) become thin call-through functions, so importing webapp still loads none of them.

import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { MIDDLEWARE_SUBPATHS, OTHER_SUBPATHS } from './subpaths.mjs';

const require = createRequire(import.meta.url);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Entry points: [CommonJS file, ESM file], relative to dist/. */
const entries = [
  ['index.js', 'index.mjs'],
  ['core.js', 'core.mjs'],
  ...MIDDLEWARE_SUBPATHS.map((name) => [`middleware/${name}.js`, `middleware/${name}.mjs`]),
  ...Object.values(OTHER_SUBPATHS).map((file) => [`${file}.js`, `${file}.mjs`]),
];

for (const [cjs, esm] of entries) {
  const mod = require(`../dist/${cjs}`);
  const base = cjs.slice(cjs.lastIndexOf('/') + 1);
  const names = Object.keys(mod)
    .filter((name) => name !== 'default' && name !== '__esModule' && IDENTIFIER.test(name))
    .sort();
  const lazy = Object.getOwnPropertyNames(mod)
    .filter((name) => IDENTIFIER.test(name) && !names.includes(name))
    .filter((name) => typeof Object.getOwnPropertyDescriptor(mod, name)?.get === 'function')
    .sort();
  // A transpiled ES module keeps its default export under `default`; the main entry is the factory itself.
  const hasDefault = mod.__esModule === true && 'default' in mod;
  const lines = [
    `import mod from './${base}';`,
    hasDefault ? 'export default mod.default;' : 'export default mod;',
    ...names.map((name, i) => `const m${i} = mod[${JSON.stringify(name)}];`),
    `export { ${names.map((name, i) => `m${i} as ${name}`).join(', ')} };`,
    ...lazy.map((name) => `export function ${name}(...args) { return mod.${name}(...args); }`),
    '',
  ];
  writeFileSync(new URL(`../dist/${esm}`, import.meta.url), lines.join('\n'));
}
