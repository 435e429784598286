/** The shape of app._router.stack that tools read (express-list-endpoints, NestJS, app code). */
import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../../src/index');

import { Layer } from '../../src/router/layer';
import { request } from '../support/http';

const express = require('express');

/** A plain description of a stack, as a tool would read it. */
function describe(stack: any[]): unknown[] {
  return stack.map((layer) => ({
    name: layer.name,
    handleName: layer.handle.name,
    regexp: String(layer.regexp),
    fast_slash: layer.regexp.fast_slash,
    fast_star: layer.regexp.fast_star,
    keys: layer.keys,
    params: layer.params,
    path: layer.path,
    method: layer.method,
    route: layer.route && {
      path: String(layer.route.path),
      methods: layer.route.methods,
      stack: layer.route.stack.map((l: any) => ({
        name: l.name,
        method: l.method,
        regexp: String(l.regexp),
        keys: l.keys,
      })),
    },
    handleStack: Array.isArray(layer.handle.stack) ? describe(layer.handle.stack) : undefined,
  }));
}

function build(lib: any) {
  const app = lib();
  function logger(_req: unknown, _res: unknown, next: () => void) {
    next();
  }
  function listUsers() {}
  function showUser() {}
  function onError(_e: unknown, _q: unknown, _s: unknown, _n: unknown) {}
  app.use(logger);
  app.get('/users', listUsers);
  app.route('/users/:id').get(showUser).put(showUser).delete([showUser]);
  app.post(/^\/re(\d+)$/, listUsers);
  app.get(['/a', '/b/:c'], listUsers);
  app.all('*', listUsers);
  const api = lib.Router({ strict: true });
  api.get('/items/:item?', showUser);
  api.use('/nested/:n', lib.Router().get('/deep', listUsers));
  app.use('/api', api);
  const sub = lib();
  sub.get('/s', listUsers);
  app.use('/sub', sub);
  app.use(onError);
  return app;
}

test('app._router.stack has Express 4 shape, minus Express built-in query/expressInit layers', () => {
  const ours = describe(build(webapp)._router.stack);
  const theirs = describe(build(express)._router.stack);
  assert.deepEqual(
    theirs.slice(0, 2).map((layer: any) => layer.name),
    ['query', 'expressInit'],
  );
  assert.deepEqual(ours, theirs.slice(2));
});

test('express-list-endpoints style introspection sees the same routes', () => {
  const listEndpoints = require('express-list-endpoints');
  const ours = listEndpoints(build(webapp));
  const theirs = listEndpoints(build(express));
  assert.deepEqual(ours, theirs);
  assert.ok(ours.length > 3);
});

test('layer.params and layer.path reflect the last match', async () => {
  const app = webapp();
  app.get('/u/:id', (_req: any, res: any) => res.end());
  await request(app, { path: '/u/5' });
  const layer = app._router.stack[0];
  assert.deepEqual(layer.params, { id: '5' });
  assert.equal(layer.path, '/u/5');
});

test('the app router is created lazily, with no layers of its own', () => {
  const app: any = webapp();
  assert.equal(app._router, undefined);
  app.lazyrouter();
  assert.equal(app._router.stack.length, 0);
  const router = app._router;
  app.lazyrouter();
  assert.equal(app._router, router);
});

test('router.stack looks like a plain array: same own enumerable keys as Express', () => {
  const ours = webapp.Router();
  const theirs = express.Router();
  for (const router of [ours, theirs]) {
    router.get('/a', () => {});
    router.use(() => {});
  }
  assert.ok(Array.isArray(ours.stack));
  assert.deepEqual(Object.keys(ours.stack), Object.keys(theirs.stack));
  const seen: string[] = [];
  for (const key in ours.stack) seen.push(key);
  assert.deepEqual(seen, ['0', '1']);
  assert.equal(Object.getPrototypeOf(ours.stack.slice()), Array.prototype);
  assert.equal(Object.getPrototypeOf(ours.stack.map((l: unknown) => l)), Array.prototype);
});

test('router.stack has Array.prototype and behaves as an array for every operation tools use', () => {
  const router = webapp.Router();
  router.get('/a', () => {});
  router.get('/b', () => {});
  router.use(() => {});
  const stack = router.stack;
  assert.equal(Object.getPrototypeOf(stack), Array.prototype);
  // biome-ignore lint/suspicious/useIsArray: instanceof is what some tools check, and it must hold.
  assert.equal(stack instanceof Array, true);
  assert.deepEqual(
    stack.map((layer: any) => layer.route?.path ?? layer.name),
    ['/a', '/b', '<anonymous>'],
  );
  assert.deepEqual([...stack], stack.slice());
  const [first] = stack.splice(0, 1);
  stack.push(first);
  assert.deepEqual(
    stack.map((layer: any) => layer.route?.path ?? layer.name),
    ['/b', '<anonymous>', '/a'],
  );
  stack.length = 1;
  assert.equal(stack.length, 1);
  assert.equal(router.stack, stack, 'the same object on every read');
});

test('layer.regexp: read and assigned as in Express; redefining it throws (deliberate difference)', async () => {
  const app = webapp();
  app.get('/before', (_req: any, res: any) => res.end('before'));
  const layer = app._router.stack[0];
  const descriptor = Object.getOwnPropertyDescriptor(layer, 'regexp')!;
  assert.equal(descriptor.enumerable, true);
  assert.ok(layer.regexp instanceof RegExp);
  assert.equal(layer.regexp.test('/before'), true);
  assert.equal(Object.keys(layer).includes('regexp'), true);

  layer.regexp = /^\/after\/?$/i;
  assert.equal((await request(app, { path: '/after' })).body, 'before');
  assert.equal((await request(app, { path: '/before' })).status, 404);

  // Express's plain data property could be redefined; webapp's index learns of a new regexp through
  // the assignment, so a redefinition that would bypass it is refused loudly instead of misrouting.
  assert.throws(() => Object.defineProperty(layer, 'regexp', { get: () => /^\/x$/ }), TypeError);
});

test('a replaced layer.handle is called with its own arity (tools that wrap handlers)', async () => {
  const app = webapp();
  app.use((_req: any, res: any, next: any) => {
    res.setHeader('X-First', 'original');
    next();
  });
  app.get('/', (_req: any, res: any) => res.end('ok'));
  app.use((err: any, _req: any, res: any, _next: any) => res.end(`error: ${err.message}`));
  assert.equal((await request(app, { path: '/' })).headers['x-first'], 'original');

  const layer = app._router.stack[0];
  // A four-parameter function is an error handler: a normal request now skips the layer.
  layer.handle = (_err: any, _req: any, res: any, next: any) => {
    res.setHeader('X-First', 'as error handler');
    next();
  };
  const skipped = await request(app, { path: '/' });
  assert.equal(skipped.headers['x-first'], undefined);
  assert.equal(skipped.body, 'ok');

  // Back to a three-parameter wrapper that keeps the original's length, as instrumentation does.
  const wrapped = function (this: unknown, ...args: any[]) {
    args[1].setHeader('X-First', 'wrapped');
    args[2]();
  };
  Object.defineProperty(wrapped, 'length', { value: 3 });
  layer.handle = wrapped;
  assert.equal((await request(app, { path: '/' })).headers['x-first'], 'wrapped');
});

test("a '/' middleware layer whose match was replaced is dispatched by that match", async () => {
  const app = webapp();
  app.use((_req: any, res: any, next: any) => {
    res.setHeader('X-Ran', 'yes');
    next();
  });
  app.get('/', (_req: any, res: any) => res.end('route'));
  const layer = app._router.stack[0];
  layer.match = (path: string) => {
    layer.params = {};
    layer.path = '';
    return path !== '/';
  };
  const root = await request(app, { path: '/' });
  assert.equal(root.headers['x-ran'], undefined);
  assert.equal(root.body, 'route');
});

test('layers on a repeated path share its compilation but never their regexp or keys', () => {
  const first = new Layer('/users/:id', {}, () => undefined);
  const second = new Layer('/users/:id', {}, () => undefined);
  const slashA = new Layer('/', { end: false }, () => undefined);
  const slashB = new Layer('/', { end: false }, () => undefined);
  assert.notEqual(first.regexp, second.regexp);
  assert.notEqual(first.keys, second.keys);
  assert.notEqual(first.keys[0], second.keys[0]);
  assert.equal(first.regexp.source, second.regexp.source);
  assert.deepEqual(first.keys, second.keys);
  // A tool that changes one layer (as Express allows) leaves the others as compiled.
  first.keys[0].name = 'changed';
  slashA.regexp.fast_slash = false;
  assert.equal(second.keys[0].name, 'id');
  assert.equal(slashB.regexp.fast_slash, true);
  assert.equal(second.match('/users/7'), true);
  assert.deepEqual(second.params, { id: '7' });
  assert.equal(slashB.match('/anything'), true);
});

test('layer.regexp changed in place: Express consults its exec and fast_slash, webapp the compiled twin (deliberate difference)', async () => {
  const answers: Record<string, number[]> = {};
  for (const [name, lib] of [
    ['express', express],
    ['webapp', webapp],
  ] as const) {
    const app = lib();
    app.get('/users/:id', (_req: any, res: any) => res.end('user'));
    app.get('/teams/:id', (_req: any, res: any) => res.end('team'));
    app.lazyrouter?.();
    const [users, teams] = app._router.stack.filter((layer: any) => layer.keys.length > 0);
    users.regexp.exec = () => Object.assign(['/members/5', '5'], { index: 0 });
    teams.regexp.fast_slash = true;
    answers[name] = [
      (await request(app, { path: '/members/5' })).status,
      (await request(app, { path: '/users/5' })).status,
    ];
  }
  // Express: the replaced exec matches anything it answers for, and the '/teams/:id' route, now
  // fast_slash, takes every other path. webapp: both routes match as compiled.
  assert.deepEqual(answers.express, [200, 200]);
  assert.deepEqual(answers.webapp, [404, 200]);
});

test('layer.regexp assigned in place of the compiled one on a route and a mount: the match and the index follow it', async () => {
  for (const lib of [webapp, express]) {
    const app = lib();
    app.get('/users/:id', (req: any, res: any) => res.end(`user ${req.params.id}`));
    app.use('/org/:org', (req: any, res: any) => res.end(`org ${req.params.org}`));
    app.get('/', (_req: any, res: any) => res.end('home'));
    app.lazyrouter?.();
    const stack = app._router.stack.filter((layer: any) => layer.keys.length > 0);
    stack[0].regexp = /^\/members\/([^/]+?)\/?$/i;
    stack[1].regexp = /^\/teams\/([^/]+?)\/?(?=\/|$)/i;
    assert.equal((await request(app, { path: '/members/5' })).body, 'user 5');
    assert.equal((await request(app, { path: '/teams/web/x' })).body, 'org web');
    assert.equal((await request(app, { path: '/users/5' })).status, 404);
    assert.equal((await request(app, { path: '/org/acme' })).status, 404);
  }
});
