// Rewrites what ships so node's built-ins are loaded by their bare names: `require("node:events")` →
// `require("events")`, `from 'node:http'` → `from 'http'`, in dist/**/*.js, *.mjs and *.d.ts. The
// sources keep `node:`; tools Express apps are tested with (jest before 27, old bundler resolvers)
// cannot resolve that scheme, and express@4 itself loads `events`, `http`. A built-in that has no bare
// name (`node:test`, `node:sqlite`) is left as it is. @types/node declares both names of every module.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;
const bare = new Set(builtinModules.filter((name) => !name.startsWith('node:')));

// A module specifier in require("…"), import("…"), `from "…"` or a side-effect `import "…"`.
const SPECIFIER = /(\brequire\(\s*|\bimport\(\s*|\bfrom\s+|^\s*import\s+)(["'])node:([a-z_0-9/]+)\2/gm;

for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.(?:js|mjs|d\.ts)$/.test(entry.name)) continue;
  const file = join(entry.parentPath ?? entry.path, entry.name);
  const text = readFileSync(file, 'utf8');
  let count = 0;
  const out = text.replace(SPECIFIER, (whole, lead, quote, name) => {
    if (!bare.has(name)) return whole;
    count++;
    return `${lead}${quote}${name}${quote}`;
  });
  if (count === 0) continue;
  writeFileSync(file, out);
}
