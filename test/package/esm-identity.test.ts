/**
 * ESM identity: for every entry point in package.json "exports", the ES-module namespace holds the very
 * objects the CommonJS module has — every member, getters included (the lazily loaded first-party
 * middleware), with their own members (`cookieParser.signedCookie`, `compress.filter`, `bodyParser.json`).
 * No wrappers, no second instance. Run in a consumer package so the exports map is what resolves.
 * Express 4's internal files (`webapp/lib/…`, for deep requires) are CommonJS, as in Express: under
 * import their default export is the very module.exports, and they name nothing else.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = resolve(__dirname, '..', '..', '..');
let dir: string;

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
};
const specifiers = Object.keys(pkg.exports)
  .filter((key) => key !== './package.json')
  .map((key) => (key === '.' ? 'webapp' : `webapp/${key.slice(2)}`));

// For each specifier: the CommonJS export's own members (getters read, as a user's code would), the ESM
// namespace's names, and every name whose values differ or that only one side has.
const SCRIPT = `
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const FUNCTION_OWN = new Set(['length', 'name', 'prototype', 'caller', 'arguments']);
const specifiers = JSON.parse(process.argv[2]);
const out = {};
for (const specifier of specifiers) {
  const cjs = require(specifier);
  const ns = await import(specifier);
  const names = Object.getOwnPropertyNames(cjs)
    .filter((n) => n !== 'default' && n !== '__esModule')
    .filter((n) => typeof cjs !== 'function' || !FUNCTION_OWN.has(n));
  const getters = names.filter((n) => typeof Object.getOwnPropertyDescriptor(cjs, n).get === 'function');
  // Express 4's internal files (webapp/lib/…) are CommonJS as in Express: import gives their default.
  const defaultOnly = specifier.startsWith('webapp/lib/');
  const differ = defaultOnly ? [] : names.filter((n) => !(n in ns) || ns[n] !== cjs[n]);
  // 'module.exports' is node's own name (node 23+) for the whole CommonJS export of an imported module.
  const own = (n) => n === 'default' || n === 'module.exports';
  const extra = Object.keys(ns).filter((n) => !own(n) && (!Object.hasOwn(cjs, n) || ns[n] !== cjs[n]));
  if ('module.exports' in ns && ns['module.exports'] !== cjs) extra.push('module.exports');
  const expectedDefault = cjs.__esModule === true && 'default' in cjs ? cjs.default : cjs;
  out[specifier] = { names: names.length, getters, differ, extra, sameDefault: ns.default === expectedDefault };
}
const cjs = require('webapp');
const ns = await import('webapp');
out.members = {
  signedCookie: typeof ns.cookieParser.signedCookie,
  filter: typeof ns.compress.filter,
  bodyParserJson: ns.bodyParser.json === cjs.bodyParser.json && typeof ns.bodyParser.json,
  subpath: (await import('webapp/cookie-parser')).cookieParser === ns.cookieParser,
};
console.log(JSON.stringify(out));
`;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'webapp-esm-identity-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(root, join(dir, 'node_modules', 'webapp'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'esm-identity', private: true }));
  writeFileSync(join(dir, 'walk.mjs'), SCRIPT);
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('every member of every entry point is the same object under require and import', async () => {
  assert.ok(specifiers.length >= 9, `entry points: ${specifiers.join(', ')}`);
  assert.ok(specifiers.includes('webapp/lib/router/layer'));
  const { stdout } = await run(process.execPath, [join(dir, 'walk.mjs'), JSON.stringify(specifiers)], {
    cwd: dir,
    timeout: 30_000,
  });
  const result = JSON.parse(stdout.trim());
  for (const specifier of specifiers) {
    const entry = result[specifier];
    assert.deepEqual(entry.differ, [], `${specifier}: CommonJS members missing or different in ESM`);
    assert.deepEqual(entry.extra, [], `${specifier}: ESM names that are not CommonJS members`);
    assert.equal(entry.sameDefault, true, `${specifier}: the default export is the CommonJS export`);
  }
  // The main entry's lazily loaded middleware are getters under CommonJS; they are covered above.
  assert.deepEqual(result.webapp.getters.sort(), [
    'basicAuth',
    'bodyParser',
    'compress',
    'cookieParser',
    'cookieSession',
    'csrf',
    'directory',
    'fromFetch',
  ]);
  assert.ok(result.webapp.names >= 18);
  assert.deepEqual(result.members, {
    signedCookie: 'function',
    filter: 'function',
    bodyParserJson: 'function',
    subpath: true,
  });
});

test('require("webapp") still loads none of the first-party middleware until one is read', async () => {
  const script =
    "const webapp = require('webapp'); const loaded = () => Object.keys(require.cache).filter((f) => /[\\\\/]middleware[\\\\/](cookie-parser|compress|csrf)\\.js$/.test(f)).length;" +
    'const before = loaded(); webapp.compress; console.log(JSON.stringify([before, loaded()]));';
  writeFileSync(join(dir, 'lazy.cjs'), script);
  const { stdout } = await run(process.execPath, [join(dir, 'lazy.cjs')], { cwd: dir, timeout: 20_000 });
  assert.deepEqual(JSON.parse(stdout.trim()), [0, 1]);
});
