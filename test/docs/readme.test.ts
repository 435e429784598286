/**
 * The README's quick start runs as written: its first JavaScript block is saved inside the package (so
 * `require('webappjs')` resolves to this checkout), started with only its port changed to a free one,
 * and asked the requests its comments promise.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { test } from 'node:test';

const ROOT = resolve(__dirname, '..', '..', '..');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

test('the README quick start serves what it promises', async (t) => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const block = /## Quick start\s+```js\n([\s\S]*?)```/.exec(readme);
  assert.ok(block, 'README has a quick start JavaScript block');
  const code = block[1];
  assert.match(code, /app\.listen\(3000\b/);
  const port = await freePort();
  const dir = mkdtempSync(join(ROOT, 'build', 'readme-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'quick-start.js');
  writeFileSync(file, code.replaceAll('3000', String(port)));
  const child = spawn(process.execPath, [file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  t.after(() => child.kill());
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  await new Promise<void>((ready, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes(`http://localhost:${port}`)) ready();
    });
    child.once('exit', (code) => fail(new Error(`quick start exited with ${code}: ${stderr}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const found = await fetch(`${base}/api/users/1`);
  assert.equal(found.status, 200);
  assert.deepEqual(await found.json(), { id: '1', name: 'Ada' });
  const missing = await fetch(`${base}/api/users/2`);
  assert.equal(missing.status, 404);
  assert.deepEqual(await missing.json(), { error: 'no such user' });
  const badJson = await fetch(`${base}/api/users/1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{oops',
  });
  assert.equal(badJson.status, 400, 'the error handler answers a body-parser error with its status');
  assert.equal(stderr, '');
});
