// Finishes the emitted declarations (run after tsc):
// - every dist/**/*.d.ts starts with `/// <reference types="node" />`, so a project that has only
//   webapp and typescript installed (TypeScript 6+ defaults `types` to []) still finds node's types
//   (@types/node is a dependency of the package);
// - the subpath entries (`webappjs/cookie-session`, …) are the hand-written declarations of
//   src/types/entries, copied to dist/types/entries: each types its module as the middleware
//   itself (`export =`) and carries the request augmentations, which apply only where it is imported.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIDDLEWARE_SUBPATHS } from './subpaths.mjs';

const dist = new URL('../dist/', import.meta.url).pathname;
const entries = new URL('../src/types/entries/', import.meta.url).pathname;
const REFERENCE = '/// <reference types="node" />\n';

mkdirSync(join(dist, 'types', 'entries'), { recursive: true });
for (const name of MIDDLEWARE_SUBPATHS) {
  copyFileSync(join(entries, `${name}.d.ts`), join(dist, 'types', 'entries', `${name}.d.ts`));
}

for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
  const file = join(entry.parentPath ?? entry.path, entry.name);
  const text = readFileSync(file, 'utf8');
  if (text.startsWith(REFERENCE)) continue;
  writeFileSync(file, REFERENCE + text);
}
