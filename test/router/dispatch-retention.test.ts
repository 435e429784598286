/**
 * A finished dispatch must not keep its request alive through the next scavenge. In node 20's V8, a
 * fresh closure stored into an object property from code that is not optimized yet (every server's
 * warm-up) made every request since the last scavenge survive it: the young generation grew to its
 * maximum within the first second under load, which set off V8's allocation-site pretenuring and the
 * garbage-collection-bound state described in bench/README.md. The dispatch's `next` is therefore a
 * bound method, not an arrow function.
 *
 * Checked in a child process with --no-opt (so the code stays unoptimized, as during warm-up) and
 * --expose-gc: after thousands of dispatches, one minor GC must leave little in the young generation.
 * With the arrow function it left ~1.7 MB for 4,000 dispatches; with the bound method ~80 KB.
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
const webapp = require(${JSON.stringify(entry)});
const router = webapp.Router();
const api = webapp.Router({ mergeParams: true });
router.use((req, res, next) => next());
api.get('/items/:id', (req, res, next) => { res.answered = req.params.id; next(); });
api.use((req, res) => { res.ended = true; });
router.use('/api', api);
const newSpaceUsed = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_used_size;
gc();
gc();
let answered = 0;
for (let i = 0; i < 4000; i++) {
  // Each request carries ~0.5 KB, so requests that survive show in the figure.
  const req = { method: 'GET', url: '/api/items/' + i, headers: {}, payload: new Array(64).fill(i) };
  const res = {};
  router.handle(req, res, () => {});
  if (res.answered === String(i) && res.ended) answered++;
}
gc({ type: 'minor' });
console.log(JSON.stringify({ answered, survived: newSpaceUsed() }));`;

test('dispatches do not keep their requests alive through a scavenge while code is unoptimized', async () => {
  const { stdout } = await run(process.execPath, ['--no-opt', '--expose-gc', '-e', script], {
    timeout: 30_000,
  });
  const { answered, survived } = JSON.parse(stdout.trim()) as { answered: number; survived: number };
  assert.equal(answered, 4000, 'every request went through the middleware, the route and the mounted router');
  assert.ok(survived < 512 * 1024, `${survived} bytes of the young generation survived a minor GC`);
});
