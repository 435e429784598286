// Writes package.json "exports" and "typesVersions" for the main entry, webapp/core and every
// middleware subpath and every other subpath (webapp/otel), so node16+ (exports) and node10 (typesVersions) resolvers agree.
import { readFileSync, writeFileSync } from 'node:fs';
import { MIDDLEWARE_SUBPATHS, OTHER_SUBPATHS } from './subpaths.mjs';

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
  exportsMap[`./${name}`] = entry(`middleware/${name}`);
  typesVersions[name] = [`./dist/middleware/${name}.d.ts`];
}
for (const [name, file] of Object.entries(OTHER_SUBPATHS)) {
  exportsMap[`./${name}`] = entry(file);
  typesVersions[name] = [`./dist/${file}.d.ts`];
}
exportsMap['./package.json'] = './package.json';
pkg.exports = exportsMap;
pkg.typesVersions = { '*': typesVersions };
writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
