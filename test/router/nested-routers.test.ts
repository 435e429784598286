/**
 * Routers mounted in one another under plain paths: what every level sees, on the way in and on the
 * way back out (next(), errors, next('router')), compared with express@4.
 */
import assert from 'node:assert/strict';
import diagnosticsChannel from 'node:diagnostics_channel';
import { test } from 'node:test';

import webapp = require('../../src/index');

import { Layer } from '../../src/router/layer';
import { assertSameAsExpress, request } from '../support/http';

/** What a handler reports of the request. */
const seen = (req: any) => ({
  url: req.url,
  path: req.path,
  baseUrl: req.baseUrl,
  originalUrl: req.originalUrl,
  params: { ...req.params },
});

const trail = (name: string) => (req: any, _res: any, next: any) => {
  (req.trail ??= []).push({ at: name, ...seen(req) });
  next();
};

/** Three routers under parameters, each with something after its mount to come back out to. */
function chainApp(lib: any, options = { mergeParams: true }) {
  const app = lib();
  const org = lib.Router(options);
  const team = lib.Router(options);
  const member = lib.Router(options);
  member.get('/profile', (req: any, res: any) => res.json(seen(req)));
  member.get('/next', (_req: any, _res: any, next: any) => next());
  member.get('/req-next', (req: any) => req.next());
  member.get('/router', (_req: any, _res: any, next: any) => next('router'));
  member.get('/route', (_req: any, _res: any, next: any) => next('route'), trail('member-skipped'));
  member.get('/throw', () => {
    throw new Error('thrown');
  });
  member.get('/reject', async () => {
    throw new Error('rejected');
  });
  member.get('/next-error', (_req: any, _res: any, next: any) => next(new Error('passed')));
  member.get('/mutate', (req: any, _res: any, next: any) => {
    req.params.org = 'changed';
    req.url = '/rewritten';
    req.baseUrl = '/elsewhere';
    next();
  });
  member.use(trail('member-end'));
  team.use('/member/:member', member);
  team.use(trail('team-after'));
  team.get('/member/:member/next', (req: any, res: any) =>
    res.json({ from: 'team', ...seen(req), trail: req.trail }),
  );
  org.use('/team/:team', team);
  org.use(trail('org-after'));
  app.use('/org/:org', org);
  app.use((req: any, res: any) => res.status(404).json({ unmatched: seen(req), trail: req.trail ?? [] }));
  app.use((err: any, req: any, res: any, _next: any) =>
    res.status(err.status ?? 500).json({ error: err.message, ...seen(req), trail: req.trail ?? [] }),
  );
  return app;
}

const base = '/org/acme/team/web/member/42';

test('a chain of routers under parameters: what each handler sees, as in Express 4', async () => {
  await assertSameAsExpress(chainApp, [
    { path: `${base}/profile` },
    { path: `${base}/profile?tab=a&x=%20` },
    { path: '/ORG/Acme/TEAM/web/Member/42/profile' },
    { path: `${base}/profile/` },
    { path: `${base}/profile/x` },
    { path: `${base}` },
    { path: `${base}/` },
    { path: `${base}?q=1` },
    { path: `${base}.json` },
    { path: '/org/acme/team/web/member//profile' },
    { path: '/org/acme/team/web//member/42/profile' },
    { path: '/org/acme//team/web/member/42/profile' },
    { path: '/org/a%20b/team/web/member/42/profile' },
    { path: '/org/acme/team/w%2Fb/member/42/profile' },
    { path: '/org/acme/team/web/member/%ZZ/profile' },
    { path: `${base}/profile#frag` },
    { path: `http://example.com${base}/profile?x=1` },
    { path: `${base}/profile`, method: 'HEAD' },
    { path: `${base}/profile`, method: 'OPTIONS' },
    { path: `${base}/profile`, method: 'POST' },
  ]);
});

test('coming back out of the chain: next(), req.next(), next("router"), next("route"), as in Express 4', async () => {
  await assertSameAsExpress(chainApp, [
    { path: `${base}/next` },
    { path: `${base}/req-next` },
    { path: `${base}/router` },
    { path: `${base}/route` },
    { path: `${base}/mutate` },
    { path: `${base}/missing` },
    { path: `${base}/missing?q=1` },
    { path: '/org/acme/team/web/other' },
    { path: '/org/acme/elsewhere' },
  ]);
});

test('errors raised past the chain reach the error middleware with the URL restored, as in Express 4', async () => {
  await assertSameAsExpress(chainApp, [{ path: `${base}/throw` }, { path: `${base}/next-error` }]);
});

test('a rejected promise past the chain reaches the error middleware with the URL restored', async () => {
  // express@4 leaves rejections unhandled: compared with what it gives for a thrown error.
  const res = await request(chainApp(webapp), { path: `${base}/reject` });
  assert.equal(res.status, 500);
  assert.deepEqual(JSON.parse(res.body), {
    error: 'rejected',
    url: `${base}/reject`,
    path: `${base}/reject`,
    baseUrl: '',
    originalUrl: `${base}/reject`,
    params: {},
    trail: [],
  });
});

test('routers that do not merge params, literal mounts and repeated names, as in Express 4', async () => {
  const build = (lib: any) => {
    const app = lib();
    const merging = lib.Router({ mergeParams: true });
    const plain = lib.Router();
    const api = lib.Router({ mergeParams: true });
    const v1 = lib.Router({ mergeParams: true });
    const same = lib.Router({ mergeParams: true });
    const leaf = lib.Router({ mergeParams: true });
    const leafPlain = lib.Router();
    leaf.get('/:item', (req: any, res: any) => res.json(seen(req)));
    leaf.get('/', (req: any, res: any) => res.json(seen(req)));
    leafPlain.get('/:item', (req: any, res: any) => res.json(seen(req)));
    // A router that does not merge in the middle: the params start afresh there.
    plain.use('/b/:b', leaf);
    merging.use('/p/:p', plain);
    merging.use('/q/:q', leafPlain);
    // Literal mounts between parameter mounts.
    v1.use('/users/:user', leaf);
    api.use('/v1', v1);
    // The same name at every level: the innermost value wins, in the first position.
    same.use('/id/:id', leaf);
    app.use('/m/:m', merging);
    app.use('/api', api);
    app.use('/id/:id', same);
    app.use('/zero/:0', merging);
    return app;
  };
  await assertSameAsExpress(build, [
    { path: '/m/1/p/2/b/3/4' },
    { path: '/m/1/q/2/3' },
    { path: '/api/v1/users/7/8' },
    { path: '/API/V1/users/7/8' },
    { path: '/api/v1/users/7' },
    { path: '/api/v1/users/7/' },
    { path: '/id/1/id/2/3' },
    { path: '/zero/1/p/2/b/3/4' },
  ]);
});

test('a router mounted in several places, requested alternately, as in Express 4', async () => {
  const build = (lib: any) => {
    const app = lib();
    const leaf = lib.Router({ mergeParams: true });
    leaf.get('/:item', (req: any, res: any) => res.json(seen(req)));
    const a = lib.Router({ mergeParams: true });
    const b = lib.Router({ mergeParams: true });
    a.use('/x/:x', leaf);
    b.use('/y/:y', leaf);
    app.use('/a/:a', a);
    app.use('/b/:b', b);
    app.use('/c', leaf);
    return app;
  };
  const requests = [];
  for (let i = 0; i < 8; i++) {
    requests.push({ path: `/a/${i}/x/${i}/item` }, { path: `/b/${i}/y/${i}/item` }, { path: `/c/${i}` });
  }
  await assertSameAsExpress(build, requests);
});

test('param callbacks, other handlers and longer stacks are left to the walks, as in Express 4', async () => {
  const build = (lib: any) => {
    const app = lib();
    const leaf = lib.Router({ mergeParams: true });
    leaf.get('/:item', (req: any, res: any) => res.json({ ...seen(req), loaded: req.loaded ?? [] }));
    const withParam = lib.Router({ mergeParams: true });
    withParam.param('t', (req: any, _res: any, next: any, value: string) => {
      (req.loaded ??= []).push(value);
      next();
    });
    withParam.use('/t/:t', leaf);
    const many = lib.Router({ mergeParams: true });
    for (let i = 0; i < 10; i++) many.use(`/n${i}/:v`, leaf);
    const mixed = lib.Router();
    mixed.use('/fn', (req: any, res: any) => res.json({ fn: true, ...seen(req) }));
    const sub = lib();
    sub.get('/:item', (req: any, res: any) => res.json({ sub: true, ...seen(req) }));
    mixed.use('/sub', sub);
    mixed.use('/leaf', leaf);
    app.param('w', (req: any, _res: any, next: any, value: string) => {
      (req.loaded ??= []).push(`app:${value}`);
      next();
    });
    app.use('/w/:w', withParam);
    app.use('/many', many);
    app.use('/mixed', mixed);
    return app;
  };
  await assertSameAsExpress(build, [
    { path: '/w/1/t/2/3' },
    { path: '/many/n0/a/b' },
    { path: '/many/n7/a/b' },
    { path: '/many/n9/a/b' },
    { path: '/mixed/fn/x' },
    { path: '/mixed/sub/x' },
    { path: '/mixed/leaf/x' },
  ]);
});

/**
 * A last router that holds only routes up front, so the chain runs its route too (see enterRoute):
 * routes without the method before it, parameters of the route's own, a route's `next` into the
 * router's later layers, HEAD, and routers that do not merge.
 */
function routesApp(lib: any) {
  const app = lib();
  const routes = lib.Router({ mergeParams: true });
  const report = (req: any, res: any) =>
    res.json({ ...seen(req), route: req.route?.path, trail: req.trail ?? [] });
  routes.post('/profile', (_req: any, res: any) => res.json({ posted: true }));
  routes.get('/profile', report);
  routes.get('/item/:id', report);
  routes.get('/pass', (req: any, _res: any, next: any) => {
    (req.trail ??= []).push({ params: { ...req.params } });
    // A handler's change to its params must not reach the next layer's (a copy of the router's).
    req.params.org = 'changed';
    next();
  });
  routes.get('/skip', (_req: any, _res: any, next: any) => next('route'), report);
  routes.get('/error/:what', (req: any, _res: any, next: any) => next(new Error(req.params.what)));
  // Every layer of a router gets the router's `next`, which is also `req.next`.
  routes.use((req: any, res: any, next: any) =>
    res.json({
      ...seen(req),
      route: req.route?.path,
      nextIsReqNext: next === req.next,
      trail: req.trail ?? [],
    }),
  );
  const plain = lib.Router();
  plain.get('/item/:id', report);
  plain.get('/other', report);
  const middlewareFirst = lib.Router({ mergeParams: true });
  middlewareFirst.use(trail('middleware'));
  middlewareFirst.get('/profile', report);
  const team = lib.Router({ mergeParams: true });
  team.use('/member/:member', routes);
  team.use('/plain/:member', plain);
  team.use('/mw/:member', middlewareFirst);
  team.use(trail('team-after'));
  app.use('/org/:org/team/:team', team);
  app.use((req: any, res: any) => res.status(404).json({ unmatched: seen(req), trail: req.trail ?? [] }));
  app.use((err: any, req: any, res: any, _next: any) =>
    res.status(500).json({ error: err.message, ...seen(req), trail: req.trail ?? [] }),
  );
  return app;
}

const team = '/org/acme/team/web';

test('a route the last router goes to first is run by the chain, as in Express 4', async () => {
  const requests = [
    { path: `${team}/member/42/profile` },
    { path: `${team}/member/42/profile`, method: 'POST' },
    { path: `${team}/member/42/profile`, method: 'HEAD' },
    { path: `${team}/member/42/profile`, method: 'PUT' },
    { path: `${team}/member/42/item/7?x=1` },
    { path: `${team}/member/42/pass` },
    { path: `${team}/member/42/skip` },
    { path: `${team}/member/42/error/passed` },
    { path: `${team}/member/42/profile/deeper` },
    { path: `${team}/plain/42/item/7` },
    { path: `${team}/plain/42/other`, method: 'HEAD' },
    { path: `${team}/plain/42/missing` },
    { path: `${team}/mw/42/profile` },
  ];
  // Twice: the chain's params builder is made on the first request and used from the second.
  await assertSameAsExpress(routesApp, [...requests, ...requests]);
});

test("a route the chain runs gets the router's params callbacks and longer stacks from its walk, as in Express 4", async () => {
  const build = (lib: any) => {
    const app = lib();
    const withParam = lib.Router({ mergeParams: true });
    withParam.param('id', (req: any, _res: any, next: any, id: string) => {
      req.loaded = `item ${id}`;
      next();
    });
    withParam.get('/item/:id', (req: any, res: any) => res.json({ ...seen(req), loaded: req.loaded }));
    withParam.get('/plain', (req: any, res: any) => res.json({ ...seen(req), loaded: req.loaded ?? null }));
    const long = lib.Router({ mergeParams: true });
    for (let i = 0; i < 10; i++) long.get(`/r${i}`, (req: any, res: any) => res.json({ i, ...seen(req) }));
    app.use('/p/:p', withParam);
    app.use('/l/:l', long);
    return app;
  };
  await assertSameAsExpress(build, [
    { path: '/p/1/item/2' },
    { path: '/p/1/plain' },
    { path: '/l/1/r0' },
    { path: '/l/1/r7' },
    { path: '/l/1/r9' },
  ]);
});

test('a stack changed while the request is inside the chain is walked as Express 4 walks it', async () => {
  const build = (lib: any) => {
    const app = lib();
    const outer = lib.Router();
    const inner = lib.Router();
    inner.get('/shrink', (_req: any, _res: any, next: any) => {
      // The mount taken out of the router the chain passed over: its walk resumes at the old position,
      // past the middleware that moved into it.
      outer.stack.splice(0, 1);
      next();
    });
    outer.use('/in', inner);
    outer.use((req: any, res: any) => res.json({ after: seen(req), size: outer.stack.length }));
    app.use('/out', outer);
    return app;
  };
  await assertSameAsExpress(build, [{ path: '/out/in/shrink' }]);
});

test('a router whose stack cannot be walked fails into the error middleware, as in Express 4', async () => {
  const build = (lib: any) => {
    const app = lib();
    const outer = lib.Router();
    const broken = lib.Router();
    broken.stack = null;
    outer.use('/broken', broken);
    app.use('/out', outer);
    app.use((err: any, req: any, res: any, _next: any) =>
      res.status(500).json({ error: err.name, ...seen(req) }),
    );
    return app;
  };
  await assertSameAsExpress(build, [{ path: '/out/broken/x' }]);
});

/** The chain app with webapp. */
function webappChain() {
  const app: any = chainApp(webapp);
  const org = app._router.stack[0].handle;
  const team = org.stack[0].handle;
  return { app, lastMount: team.stack[0] as unknown };
}

test('a wrapped handle_request, layer handler or router handle is called at every level', async () => {
  const original = Layer.prototype.handle_request;
  let calls = 0;
  Layer.prototype.handle_request = function (this: any, ...args: any[]) {
    calls++;
    return original.apply(this, args as any);
  };
  try {
    const { app } = webappChain();
    const res = await request(app, { path: `${base}/profile` });
    assert.equal(res.status, 200);
    // Three mounts, the route, and its handler.
    assert.equal(calls, 5);
  } finally {
    Layer.prototype.handle_request = original;
  }

  const wrapped = webappChain();
  const team = wrapped.app._router.stack[0].handle.stack[0].handle;
  const handle = team.handle;
  const entered: string[] = [];
  team.handle = function (this: any, req: any, res: any, next: any) {
    entered.push(req.baseUrl);
    return handle.call(this, req, res, next);
  };
  const inner = wrapped.app._router.stack[0];
  const fn = inner.handle;
  inner.handle = function org(req: any, res: any, next: any) {
    entered.push(`layer ${req.url}`);
    return fn(req, res, next);
  };
  const res = await request(wrapped.app, { path: `${base}/profile` });
  assert.equal(res.status, 200);
  assert.deepEqual(entered, ['layer /team/web/member/42/profile', '/org/acme/team/web']);
});

test('with a subscriber to the layer channels, every router is walked (one span each)', async () => {
  const { app } = webappChain();
  const names: string[] = [];
  const onStart = (message: any) => names.push(message.layer?.name ?? '');
  diagnosticsChannel.subscribe('tracing:webapp.layer:start', onStart);
  try {
    const res = await request(app, { path: `${base}/profile` });
    assert.equal(res.status, 200);
  } finally {
    diagnosticsChannel.unsubscribe('tracing:webapp.layer:start', onStart);
  }
  assert.ok(names.filter((name) => name === 'router').length >= 3, names.join(','));
});
