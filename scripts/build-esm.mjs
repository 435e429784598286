// Writes the ESM entry points next to the CommonJS build: each re-exports the CommonJS module as the
// default export plus every member as a named export, so `import webapp, { Router } from 'webapp'` works.

import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Entry points: [CommonJS file, ESM file], relative to dist/. */
const entries = [
  ['index.js', 'index.mjs'],
  ['core.js', 'core.mjs'],
];

for (const [cjs, esm] of entries) {
  const mod = require(`../dist/${cjs}`);
  const names = Object.keys(mod)
    .filter((name) => name !== 'default' && IDENTIFIER.test(name))
    .sort();
  const lines = [
    `import mod from './${cjs}';`,
    'export default mod;',
    ...names.map((name, i) => `const m${i} = mod[${JSON.stringify(name)}];`),
    `export { ${names.map((name, i) => `m${i} as ${name}`).join(', ')} };`,
    '',
  ];
  writeFileSync(new URL(`../dist/${esm}`, import.meta.url), lines.join('\n'));
}
