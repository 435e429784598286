/**
 * Route tables: what the route a request reaches and everything after it see, compared with express@4.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../../src/index');

import { assertSameAsExpress, request } from '../support/http';

/** What a handler reports of the request. */
const seen = (req: any) => ({
  url: req.url,
  baseUrl: req.baseUrl,
  originalUrl: req.originalUrl,
  params: { ...req.params },
  route: req.route?.path ?? null,
  trail: req.trail ?? [],
});

const report = (req: any, res: any) => res.json(seen(req));

/** A route table at the root, with middleware after it, a mounted router and sub-app of the same kind. */
function tableApp(lib: any) {
  const app = lib();
  app.post('/users', (_req: any, res: any) => res.status(201).json({ created: true }));
  app.get('/users', report);
  app.get('/users/:id', report);
  app.get('/pass/:id', (req: any, _res: any, next: any) => {
    (req.trail ??= []).push({ params: { ...req.params } });
    // A handler's change to its params must not reach the next layer's.
    req.params.id = 'changed';
    next();
  });
  app.get('/skip', (_req: any, _res: any, next: any) => next('route'), report);
  app.get('/router', (_req: any, _res: any, next: any) => next('router'));
  app.get('/throw', () => {
    throw new Error('thrown');
  });
  app.get('/async', async () => {
    throw new Error('rejected');
  });
  app.get('/:any', (req: any, _res: any, next: any) => {
    const { trail: _trail, ...what } = seen(req);
    (req.trail ??= []).push({ at: 'any', ...what });
    next();
  });
  // Every layer of a router gets the router's `next`, which is also `req.next`.
  app.use((req: any, res: any, next: any) => {
    if (req.path === '/fallthrough' || req.path.startsWith('/m/') || req.path.startsWith('/sub/')) {
      next();
      return;
    }
    res.json({ ...seen(req), at: 'middleware', nextIsReqNext: next === req.next });
  });
  const sub = lib();
  sub.get('/:page', report);
  const merging = lib.Router({ mergeParams: true });
  merging.get('/', report);
  merging.get('/mut', (req: any, _res: any, next: any) => {
    // The route's params are a copy of the parent's: the next layer's are made from the parent's.
    req.params[0] = 'changed';
    next();
  });
  merging.get('/:page', report);
  // Mounted under a regexp: entered by the walk, not by a chain, then at its route.
  app.use(/^\/m\/(\d+)/, merging);
  app.use('/sub', sub);
  app.use((err: any, req: any, res: any, _next: any) =>
    res.status(500).json({ error: err.message, ...seen(req) }),
  );
  return app;
}

test('a route table entered at its route: what the route and later layers see, as in Express 4', async () => {
  const requests = [
    { path: '/users' },
    { path: '/users', method: 'POST' },
    { path: '/users', method: 'HEAD' },
    { path: '/users', method: 'OPTIONS' },
    { path: '/users', method: 'DELETE' },
    { path: '/users/7?x=1' },
    { path: '/USERS/7' },
    { path: '/users/a%20b' },
    { path: '/users/%ZZ' },
    { path: '/users/7/' },
    { path: 'http://example.com/users/7' },
    { path: '/pass/1' },
    { path: '/skip' },
    { path: '/router' },
    { path: '/throw' },
    { path: '/fallthrough' },
    { path: '/no/such/path' },
    { path: '/m/12/intro' },
    { path: '/m/12' },
    { path: '/m/12/mut' },
    { path: '/sub/intro' },
  ];
  // Twice: merges are compiled on the first request and used from the second.
  await assertSameAsExpress(tableApp, [...requests, ...requests]);
});

test('a rejected promise from a route entered directly reaches the error middleware', async () => {
  // express@4 leaves rejections unhandled: compared with what it gives for a thrown error.
  const res = await request(tableApp(webapp), { path: '/async' });
  assert.equal(res.status, 500);
  assert.equal(JSON.parse(res.body).error, 'rejected');
});

test('param callbacks, middleware first, long and indexed tables are walked, as in Express 4', async () => {
  const build = (lib: any) => {
    const app = lib();
    app.param('id', (req: any, _res: any, next: any, id: string) => {
      req.loaded = `user ${id}`;
      next();
    });
    app.get('/users/:id', (req: any, res: any) => res.json({ ...seen(req), loaded: req.loaded }));
    app.get('/plain', (req: any, res: any) => res.json({ ...seen(req), loaded: req.loaded ?? null }));
    for (let i = 0; i < 40; i++) app.get(`/r${i}/:x`, report);
    app.use((req: any, res: any) => res.status(404).json({ missing: seen(req) }));
    const guarded = lib.Router();
    guarded.use((req: any, _res: any, next: any) => {
      (req.trail ??= []).push('guard');
      next();
    });
    guarded.get('/in', report);
    const outer = lib();
    outer.use('/guarded', guarded);
    outer.use(app);
    return outer;
  };
  await assertSameAsExpress(build, [
    { path: '/users/3' },
    { path: '/plain' },
    { path: '/r0/a' },
    { path: '/r7/a' },
    { path: '/r39/a' },
    { path: '/r40/a' },
    { path: '/guarded/in' },
  ]);
});
