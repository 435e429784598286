/**
 * Security review: prototype pollution through request data and through the objects the framework
 * merges (render options and locals, cookie options, header objects).
 *
 * No pollution was found. qs never assigns `__proto__` (even with Express's `allowPrototypes: true`),
 * node:querystring and the cookie/Content-Type parsers build null-prototype objects, JSON.parse makes
 * `__proto__` an ordinary own key, and every framework merge skips that key. Regression guard: hostile
 * keys are sent through every input and the shared prototypes must stay untouched.
 *
 * Express 4 behaviours that stay (documented, dangerous only when misused): with the extended query
 * parser and urlencoded({ extended: true }), keys such as `toString` or `hasOwnProperty` become own
 * properties of req.query / req.body, so calling `req.query.hasOwnProperty(...)` can throw; a JSON
 * body may carry an own `__proto__` key that an app's own unsafe deep-merge would follow.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { requestAll } from '../support/http';

import webapp = require('../../src/index');

const POLLUTING_QUERIES = [
  '__proto__[polluted]=1',
  '__proto__.polluted=1',
  'constructor[prototype][polluted]=1',
  'a[__proto__][polluted]=1',
  'a=1&a[__proto__][polluted]=1',
  'a[]=1&a[__proto__][polluted]=1',
  'a[constructor][prototype][polluted]=1',
  '[__proto__][polluted]=1',
  'x[__proto__][]=1',
];

function assertClean(): void {
  for (const proto of [Object.prototype, Array.prototype, Function.prototype, String.prototype]) {
    assert.equal((proto as Record<string, unknown>).polluted, undefined, 'a shared prototype was polluted');
  }
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
}

function echoApp(queryParser: string) {
  const app = webapp();
  app.set('query parser', queryParser);
  app.use(webapp.json());
  app.use(webapp.urlencoded({ extended: true }));
  app.use('/simple', webapp.urlencoded({ extended: false }));
  app.all(['/', '/simple'], (req: any, res: any) => {
    // Touch everything that is derived from the request.
    const seen = [req.query, req.body, req.ip, req.hostname, req.subdomains, req.accepts(), req.range(100)];
    res.json({ query: req.query, body: req.body, seen: seen.length, polluted: ({} as any).polluted ?? null });
  });
  return app;
}

test('query strings (extended and simple) cannot reach a shared prototype', async () => {
  for (const parser of ['extended', 'simple']) {
    const responses = await requestAll(
      echoApp(parser),
      POLLUTING_QUERIES.map((query) => ({ path: `/?${query}` })),
    );
    for (const res of responses) {
      assert.equal(res.status, 200);
      assert.equal(JSON.parse(res.body).polluted, null);
    }
    assertClean();
  }
});

test('json and urlencoded bodies (extended and simple) cannot reach a shared prototype', async () => {
  const json = (body: string) => ({
    method: 'POST',
    path: '/',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const form = (body: string, where = '/') => ({
    method: 'POST',
    path: where,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const responses = await requestAll(echoApp('extended'), [
    json('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}'),
    json('[{"__proto__":{"polluted":1}}]'),
    ...POLLUTING_QUERIES.map((body) => form(body)),
    ...POLLUTING_QUERIES.map((body) => form(body, '/simple')),
  ]);
  for (const res of responses) assert.equal(res.status, 200, res.body);
  // JSON keeps `__proto__` as an ordinary own key of the parsed object.
  const first = JSON.parse(responses[0].body);
  assert.deepEqual(Object.getOwnPropertyDescriptor(first.body, '__proto__')?.value, { polluted: 1 });
  assertClean();
});

test('hostile keys in render options, locals, cookie options and header objects are not merged into prototypes', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webapp-pollution-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'page.echo'), '');
  const app = webapp();
  app.set('views', dir);
  app.engine('echo', (_file: string, options: any, callback: (err: Error | null, html?: string) => void) => {
    callback(
      null,
      `proto:${Object.getPrototypeOf(options) === Object.prototype} polluted:${options.polluted}`,
    );
  });
  const hostile = () => JSON.parse('{"__proto__":{"polluted":"yes"},"name":"x"}');
  app.get('/render', (_req: any, res: any) => {
    Object.assign(res.locals, { note: 'ok' });
    // res.locals has no prototype, so this is an own enumerable `__proto__` key, as JSON would make it.
    Object.defineProperty(res.locals, '__proto__', { value: { polluted: 'yes' }, enumerable: true });
    res.render('page.echo', hostile());
  });
  app.get('/app-render', (_req: any, res: any) => {
    app.render('page.echo', hostile(), (err: Error | null, html?: string) =>
      res.send(err ? err.message : html),
    );
  });
  app.get('/cookie', (_req: any, res: any) => {
    res.cookie('a', hostile());
    res.clearCookie('b', hostile());
    res.send('ok');
  });
  app.get('/set', (_req: any, res: any) => {
    res.set(JSON.parse('{"X-One":"1","__proto__":{"X-Two":"2"}}'));
    res.send('ok');
  });
  const [rendered, appRendered, cookie, set] = await requestAll(app, [
    { path: '/render' },
    { path: '/app-render' },
    { path: '/cookie' },
    { path: '/set' },
  ]);
  assert.equal(rendered.status, 200, rendered.body);
  assert.equal(rendered.body, 'proto:true polluted:undefined');
  assert.equal(appRendered.body, 'proto:true polluted:undefined');
  assert.equal(cookie.status, 200);
  assert.equal(set.status, 200);
  assert.equal(set.headers['x-one'], '1');
  assert.equal(set.headers['x-two'], undefined);
  assertClean();
});
