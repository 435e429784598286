/**
 * compress() and csrf() must not keep their requests alive through a scavenge while the code is
 * unoptimized (see test/support/retention.ts). Both store per-request closures on `req` or `res`:
 * compress its wrappers of res.write/res.end/res.on and, through onHeaders, of res.writeHead; csrf its
 * req.csrfToken. Made by the storing function itself, they left ~1.9 MB in the young generation for
 * 4,000 responses through compress. Made by a separate function, they leave a few KB.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SURVIVOR_LIMIT, survivorsAfter } from '../support/retention';

/** Runs `middleware` (an expression) on 4,000 node requests; counts the requests that reached next(). */
function throughMiddleware(middleware: string, headers: string): string {
  return `
    const middleware = ${middleware};
    gc();
    let passed = 0;
    for (let i = 0; i < 4000; i++) {
      const req = new http.IncomingMessage(null);
      req.method = 'GET';
      req.url = '/';
      req.headers = ${headers};
      req.payload = payload(i);
      req.session = {};
      const res = new http.ServerResponse(req);
      middleware(req, res, (err) => { if (!err) passed++; });
    }
    return passed;`;
}

test('compress does not keep its responses alive through a scavenge while code is unoptimized', async () => {
  const { handled, survived } = await survivorsAfter(
    throughMiddleware('webapp.compress()', "{ 'accept-encoding': 'gzip' }"),
  );
  assert.equal(handled, 4000, 'every request went on to the next middleware');
  assert.ok(survived < SURVIVOR_LIMIT, `${survived} bytes of the young generation survived a minor GC`);
});

test('csrf does not keep its requests alive through a scavenge while code is unoptimized', async () => {
  const { handled, survived } = await survivorsAfter(throughMiddleware('webapp.csrf()', '{}'));
  assert.equal(handled, 4000, 'every request went on to the next middleware');
  assert.ok(survived < SURVIVOR_LIMIT, `${survived} bytes of the young generation survived a minor GC`);
});
