/**
 * Requests and responses of an app.listen server must stay in V8's fast-properties mode through
 * routing and the response helpers: an object in dictionary mode makes every property access on it
 * a hash lookup (measured: ~3x the CPU per request). Checked with V8's own predicate in a child
 * process started with --allow-natives-syntax.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const entry = resolve(__dirname, '..', 'src', 'index.js');

const script = `
const http = require('node:http');
const webapp = require(${JSON.stringify(entry)});
const isFast = new Function('o', 'return %HasFastProperties(o)');
const storeKey = (res) => Object.getOwnPropertySymbols(res).find((s) => s.description === 'kOutHeaders');
const app = webapp();
const seen = [];
app.use((req, res, next) => { seen.push(['middleware', isFast(req), isFast(res)]); next(); });
const api = webapp.Router();
api.get('/items/:id', (req, res) => {
  req.query; res.locals.x = 1;
  seen.push(['route', isFast(req), isFast(res)]);
  res.json({ id: req.params.id });
  // The pending-headers store webapp creates must serialise fast too (see src/http/header-store.ts).
  seen.push(['headers', isFast(res[storeKey(res)]), true]);
});
app.use('/api', api);
const server = app.listen(0, '127.0.0.1', () => {
  const get = (n) => http.get({ host: '127.0.0.1', port: server.address().port, path: '/api/items/' + n + '?a=1' }, (r) => {
    r.resume();
    r.on('end', () => (n < 3 ? get(n + 1) : (server.close(), console.log(JSON.stringify(seen)))));
  });
  get(1);
});`;

test('req, res and the headers store keep fast properties through middleware, routers and res.json', async () => {
  const { stdout } = await run(process.execPath, ['--allow-natives-syntax', '-e', script], {
    timeout: 20_000,
  });
  const seen: [string, boolean, boolean][] = JSON.parse(stdout.trim());
  assert.equal(seen.length, 9);
  for (const [where, req, res] of seen) {
    assert.equal(req, true, `req is in dictionary mode at ${where}`);
    assert.equal(res, true, `res is in dictionary mode at ${where}`);
  }
});

const sendScript = `
const http = require('node:http');
const webapp = require(${JSON.stringify(entry)});
const isFast = new Function('o', 'return %HasFastProperties(o)');
const storeKey = (res) => Object.getOwnPropertySymbols(res).find((s) => s.description === 'kOutHeaders');
const app = webapp();
// Lean: the Content-Type of the string body is the first header the response gets.
app.set('etag', false);
app.disable('x-powered-by');
const seen = [];
app.get('/', (req, res) => {
  res.send('hello world');
  seen.push(isFast(res[storeKey(res)]));
});
// The first header from the app's own code (a CORS or security-header middleware, res.set).
app.get('/own', (req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.set('X-Frame-Options', 'DENY');
  res.json({ ok: true });
  seen.push(isFast(res[storeKey(res)]));
});
const server = app.listen(0, '127.0.0.1', () => {
  const get = (paths) => http.get({ host: '127.0.0.1', port: server.address().port, path: paths[0] }, (r) => {
    r.resume();
    r.on('end', () => (paths.length > 1 ? get(paths.slice(1)) : (server.close(), console.log(JSON.stringify(seen)))));
  });
  get(['/', '/own']);
});`;

test("a response's headers go to webapp's fast store, not node's dictionary, whoever sets the first", async () => {
  // node's setHeader makes the store a null-prototype object in dictionary mode. res.send writes the
  // Content-Type of a string directly (src/response/type.ts), and app.listen's responses start the
  // store themselves at their first setHeader (src/http/header-store.ts, setHeaderWithFastStore).
  const { stdout } = await run(process.execPath, ['--allow-natives-syntax', '-e', sendScript], {
    timeout: 20_000,
  });
  assert.deepEqual(JSON.parse(stdout.trim()), [true, true]);
});
