/**
 * ESM identity: for every entry point in package.json "exports", the ES-module namespace holds the very
 * objects the CommonJS module has — every member, getters included (the lazily loaded first-party
 * middleware), with their own members (`cookieParser.signedCookie`, `compress.filter`, `bodyParser.json`).
 * No wrappers, no second instance. Run in a consumer package so the exports map is what resolves.
 * Express 4's internal files (`webappjs/lib/…`, for deep requires) are CommonJS, as in Express: under
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
  name: string;
  exports: Record<string, unknown>;
};
const name = pkg.name;
// Every entry point of package.json "exports", so one added there is walked without touching this test.
const specifiers = Object.keys(pkg.exports)
  .filter((key) => key !== './package.json')
  .map((key) => (key === '.' ? name : `${name}/${key.slice(2)}`));

// For each specifier: the CommonJS export's own members (getters read, as a user's code would), and every
// export of the ES module compared with its CommonJS counterpart two levels deep — the export itself,
// then each of its own members (a getter by its function, so computed values do not count as copies).
// The default export's counterpart is what `require` gives.
const SCRIPT = `
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const FUNCTION_OWN = new Set(['length', 'name', 'prototype', 'caller', 'arguments']);
const [name, specifiersText] = process.argv.slice(2);
const specifiers = JSON.parse(specifiersText);
const memberNames = (value) =>
  value === null || (typeof value !== 'object' && typeof value !== 'function')
    ? []
    : Object.getOwnPropertyNames(value).filter((n) => typeof value !== 'function' || !FUNCTION_OWN.has(n));
// The members of esm that are not the very members of cjs: data by value, accessors by their functions.
const memberDiffs = (esm, cjs) =>
  memberNames(cjs).filter((n) => {
    const a = esm === null || esm === undefined ? undefined : Object.getOwnPropertyDescriptor(esm, n);
    const b = Object.getOwnPropertyDescriptor(cjs, n);
    if (a === undefined) return true;
    return 'value' in b ? a.value !== b.value : a.get !== b.get || a.set !== b.set;
  });
const out = {};
let compared = 0;
for (const specifier of specifiers) {
  const cjs = require(specifier);
  const ns = await import(specifier);
  const names = memberNames(cjs).filter((n) => n !== 'default' && n !== '__esModule');
  const getters = names.filter((n) => typeof Object.getOwnPropertyDescriptor(cjs, n).get === 'function');
  // Express 4's internal files (…/lib/…) are CommonJS as in Express: import gives their default.
  const defaultOnly = specifier.startsWith(name + '/lib/');
  const pairs = [['default', ns.default, cjs]];
  if (!defaultOnly) for (const n of names) pairs.push([n, ns[n], cjs[n]]);
  const differ = [];
  for (const [n, esm, value] of pairs) {
    compared += 1;
    if (esm !== value || (n !== 'default' && !(n in ns))) differ.push(n);
    for (const m of memberDiffs(esm, value)) differ.push(n + '.' + m);
    compared += memberNames(value).length;
  }
  // 'module.exports' is node's own name (node 23+) for the whole CommonJS export of an imported module.
  const own = (n) => n === 'default' || n === 'module.exports';
  const extra = Object.keys(ns).filter((n) => !own(n) && (!Object.hasOwn(cjs, n) || ns[n] !== cjs[n]));
  if ('module.exports' in ns && ns['module.exports'] !== cjs) extra.push('module.exports');
  out[specifier] = { names: names.length, getters, differ, extra, defaultOfDefault: cjs.default === undefined || cjs.default === cjs || !cjs.__esModule };
}
const cjs = require(name);
const ns = await import(name);
out.members = {
  signedCookie: typeof ns.cookieParser.signedCookie,
  filter: typeof ns.compress.filter,
  bodyParserJson: ns.bodyParser.json === cjs.bodyParser.json && typeof ns.bodyParser.json,
  subpath: (await import(name + '/cookie-parser')).cookieParser === ns.cookieParser,
};
out.compared = compared;
console.log(JSON.stringify(out));
`;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'webapp-esm-identity-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(root, join(dir, 'node_modules', name), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'esm-identity', private: true }));
  writeFileSync(join(dir, 'walk.mjs'), SCRIPT);
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('every member of every entry point is the same object under require and import', async () => {
  assert.ok(specifiers.length >= 9, `entry points: ${specifiers.join(', ')}`);
  assert.ok(specifiers.includes(`${name}/lib/router/layer`));
  const { stdout } = await run(process.execPath, [join(dir, 'walk.mjs'), name, JSON.stringify(specifiers)], {
    cwd: dir,
    timeout: 30_000,
  });
  const result = JSON.parse(stdout.trim());
  for (const specifier of specifiers) {
    const entry = result[specifier];
    assert.deepEqual(
      entry.differ,
      [],
      `${specifier}: exports (or their members) that are not the CommonJS objects`,
    );
    assert.deepEqual(entry.extra, [], `${specifier}: ESM names that are not CommonJS members`);
    assert.equal(entry.defaultOfDefault, true, `${specifier}: require(…).default is require(…) itself`);
  }
  assert.ok(result.compared > 400, `compared ${result.compared}`);
  // The main entry's lazily loaded middleware are getters under CommonJS; they are covered above.
  assert.deepEqual(result[name].getters.sort(), [
    'basicAuth',
    'bodyParser',
    'compress',
    'cookieParser',
    'cookieSession',
    'csrf',
    'directory',
    'fromFetch',
    'timeout',
  ]);
  assert.ok(result[name].names >= 18);
  assert.deepEqual(result.members, {
    signedCookie: 'function',
    filter: 'function',
    bodyParserJson: 'function',
    subpath: true,
  });
});

test('require(name) still loads none of the first-party middleware until one is read', async () => {
  const script =
    `const webapp = require(${JSON.stringify(name)});` +
    ' const loaded = () => Object.keys(require.cache).filter((f) => /[\\\\/]middleware[\\\\/](cookie-parser|compress|csrf)\\.js$/.test(f)).length;' +
    'const before = loaded(); webapp.compress; console.log(JSON.stringify([before, loaded()]));';
  writeFileSync(join(dir, 'lazy.cjs'), script);
  const { stdout } = await run(process.execPath, [join(dir, 'lazy.cjs')], { cwd: dir, timeout: 20_000 });
  assert.deepEqual(JSON.parse(stdout.trim()), [0, 1]);
});
