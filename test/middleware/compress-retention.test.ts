/**
 * webapp.compress() must not keep its responses alive through the next scavenge while the code is
 * unoptimized (the same node 20 V8 pattern as the router's `next`, see test/router/dispatch-retention):
 * the wrappers it installs on `res`, and the writeHead hook of onHeaders, close over the response and
 * used to be stored on it by the function whose variables they capture.
 *
 * Checked in a --no-opt --expose-gc child: 4,000 responses through the middleware, then one minor GC.
 * Before the fix it left ~1.9 MB in the young generation; after it, a few KB.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const entry = resolve(__dirname, '..', '..', 'src', 'index.js');

const script = `
const v8 = require('node:v8');
const http = require('node:http');
const webapp = require(${JSON.stringify(entry)});
const compress = webapp.compress();
const newSpaceUsed = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_used_size;
gc();
gc();
let passed = 0;
for (let i = 0; i < 4000; i++) {
  const req = new http.IncomingMessage(null);
  req.method = 'GET';
  req.url = '/';
  req.headers = { 'accept-encoding': 'gzip' };
  // ~0.5 KB per request, so responses that survive show in the figure.
  req.payload = new Array(64).fill(i);
  const res = new http.ServerResponse(req);
  compress(req, res, () => { passed++; });
}
gc({ type: 'minor' });
console.log(JSON.stringify({ passed, survived: newSpaceUsed() }));`;

test('compress does not keep its responses alive through a scavenge while code is unoptimized', async () => {
  const { stdout } = await run(process.execPath, ['--no-opt', '--expose-gc', '-e', script], {
    timeout: 30_000,
  });
  const { passed, survived } = JSON.parse(stdout.trim()) as { passed: number; survived: number };
  assert.equal(passed, 4000, 'every request went on to the next middleware');
  assert.ok(survived < 512 * 1024, `${survived} bytes of the young generation survived a minor GC`);
});
