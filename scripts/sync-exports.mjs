// Writes package.json "exports" and "typesVersions" for the main entry, webappjs/core, every
// middleware subpath, the other subpaths (webappjs/http2, webappjs/otel) and Express 4's deep-require paths
// (`webappjs/lib/…`, CommonJS only, as in Express), so node16+ (exports) and node10 (typesVersions)
// resolvers agree.
import { readFileSync, writeFileSync } from 'node:fs';
import { DEEP_REQUIRES, MIDDLEWARE_SUBPATHS, OTHER_SUBPATHS } from './subpaths.mjs';

const file = new URL('../package.json', import.meta.url);
const pkg = JSON.parse(readFileSync(file, 'utf8'));

const entry = (base) => ({
  types: `./dist/${base}.d.ts`,
  import: `./dist/${base}.mjs`,
  require: `./dist/${base}.js`,
  default: `./dist/${base}.js`,
});

const exportsMap = { '.': entry('index'), './core': entry('core') };
const typesVersions = { core: ['./dist/core.d.ts'] };
for (const name of MIDDLEWARE_SUBPATHS) {
  // Types: the hand-written entry (src/types/entries), which types the module as the middleware itself.
  exportsMap[`./${name}`] = { ...entry(`middleware/${name}`), types: `./dist/types/entries/${name}.d.ts` };
  typesVersions[name] = [`./dist/types/entries/${name}.d.ts`];
}
for (const [name, file] of Object.entries(OTHER_SUBPATHS)) {
  exportsMap[`./${name}`] = entry(file);
  typesVersions[name] = [`./dist/${file}.d.ts`];
}
for (const [subpath, base] of DEEP_REQUIRES) {
  const target = { types: `./dist/${base}.d.ts`, default: `./dist/${base}.js` };
  exportsMap[`./${subpath}`] = target;
  exportsMap[`./${subpath}.js`] = target;
  typesVersions[subpath] = [`./dist/${base}.d.ts`];
  typesVersions[`${subpath}.js`] = [`./dist/${base}.d.ts`];
}
exportsMap['./package.json'] = './package.json';
pkg.exports = exportsMap;
pkg.typesVersions = { '*': typesVersions };
writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
