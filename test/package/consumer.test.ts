/**
 * The built package as a consumer sees it: a separate package that depends on `webappjs`, loading it
 * with require() and with import, through package.json "exports".
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { withoutCoverage } from '../support/child-env';

const run = promisify(execFile);
const root = resolve(__dirname, '..', '..', '..');
let dir: string;

const MEMBERS = [
  'json',
  'raw',
  'text',
  'urlencoded',
  'static',
  'Router',
  'Route',
  'application',
  'request',
  'response',
];

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'webapp-consumer-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(root, join(dir, 'node_modules', 'webappjs'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  const server = (load: string) => `${load}
const http = require('node:http');
const app = webapp();
const router = Router();
router.get('/:id', (req, res) => res.end(req.params.id + ' ' + req.baseUrl));
app.use('/items', router);
const server = app.listen(0, '127.0.0.1', () => {
  http.get({ port: server.address().port, host: '127.0.0.1', path: '/items/7' }, (res) => {
    let body = '';
    res.on('data', (c) => (body += c));
    res.on('end', () => {
      console.log(JSON.stringify({ body, members: ${JSON.stringify(MEMBERS)}.filter((m) => webapp[m] === undefined) }));
      server.close();
    });
  });
});`;
  writeFileSync(
    join(dir, 'cjs.cjs'),
    server("const webapp = require('webappjs'); const { Router } = webapp;"),
  );
  writeFileSync(
    join(dir, 'esm.mjs'),
    server(
      "import webapp, { Router } from 'webappjs'; import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    ),
  );
});

after(() => rmSync(dir, { recursive: true, force: true }));

for (const file of ['cjs.cjs', 'esm.mjs']) {
  test(`a consumer package loads webapp (${file}) with every member and serves requests`, async () => {
    const { stdout } = await run(process.execPath, [join(dir, file)], {
      cwd: dir,
      timeout: 20_000,
      env: withoutCoverage(),
    });
    const result = JSON.parse(stdout.trim());
    assert.equal(result.body, '7 /items');
    assert.deepEqual(result.members, [], 'members missing from the factory');
  });
}

test('ESM named exports match the CommonJS members', async () => {
  const script =
    "import * as ns from 'webappjs'; import { createRequire } from 'node:module'; const cjs = createRequire(import.meta.url)('webappjs');" +
    'const missing = Object.keys(cjs).filter((k) => k !== "default" && ns[k] !== cjs[k]);' +
    'console.log(JSON.stringify({ missing, same: ns.default === cjs }));';
  writeFileSync(join(dir, 'ns.mjs'), script);
  const { stdout } = await run(process.execPath, [join(dir, 'ns.mjs')], {
    cwd: dir,
    timeout: 20_000,
    env: withoutCoverage(),
  });
  assert.deepEqual(JSON.parse(stdout.trim()), { missing: [], same: true });
});
