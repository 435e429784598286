/** new webapp.Route(path), route.dispatch(req, res, done) and its method bookkeeping. */
import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../../src/index');

import { assertSameAsExpress } from '../support/http';

const express = require('express');
const LIBS: Array<[string, any]> = [
  ['webapp', webapp],
  ['express', express],
];

function run(route: any, method: string): Promise<{ done?: unknown; log: string[]; req: any }> {
  const log: string[] = [];
  const req: any = { method, url: '/' };
  return new Promise((resolve) => {
    const res: any = {
      end: (text: string) => {
        log.push(`end:${text}`);
        resolve({ log, req });
      },
    };
    req.log = log;
    route.dispatch(req, res, (err?: unknown) => resolve({ done: err, log, req }));
  });
}

const step = (name: string) => (req: any, _res: any, next: any) => {
  req.log.push(name);
  next();
};

test('new Route(path) has path, empty stack and methods', () => {
  for (const [name, lib] of LIBS) {
    const route = new lib.Route('/users/:id');
    assert.equal(route.path, '/users/:id', name);
    assert.deepEqual(route.stack, [], name);
    assert.deepEqual(route.methods, {}, name);
  }
});

test('route.dispatch runs the handlers of the method in order; HEAD falls back to GET', async () => {
  for (const [name, lib] of LIBS) {
    const route = new lib.Route('/');
    route.all(step('all'));
    route.get(step('get1'), (_req: any, res: any) => res.end('get'));
    route.post(step('post'));
    const get = await run(route, 'GET');
    assert.deepEqual(get.log, ['all', 'get1', 'end:get'], name);
    assert.equal(get.req.route, route, name);
    const head = await run(route, 'HEAD');
    assert.deepEqual(head.log, ['all', 'get1', 'end:get'], name);
    const post = await run(route, 'POST');
    assert.deepEqual(post.log, ['all', 'post'], name);
    assert.equal(post.done, undefined, name);
    const put = await run(route, 'PUT');
    assert.deepEqual(put.log, ['all'], name);
  }
});

test('route.dispatch: next("route") leaves with done(), next("router") with done("router"), errors go to 4-arg handlers', async () => {
  for (const [name, lib] of LIBS) {
    const skip = new lib.Route('/');
    skip.get((_req: any, _res: any, next: any) => next('route'), step('never'));
    const skipped = await run(skip, 'GET');
    assert.equal(skipped.done, undefined, name);
    assert.deepEqual(skipped.log, [], name);

    const leave = new lib.Route('/');
    leave.get((_req: any, _res: any, next: any) => next('router'));
    assert.equal((await run(leave, 'GET')).done, 'router', name);

    const failing = new lib.Route('/');
    failing.get(
      () => {
        throw new Error('x');
      },
      step('skipped-normal'),
      (err: Error, req: any, _res: any, next: any) => {
        req.log.push(`handled ${err.message}`);
        next();
      },
      step('after'),
      (_err: unknown, _req: any, _res: any, _next: any) => {
        throw new Error('unreachable');
      },
    );
    const failed = await run(failing, 'GET');
    assert.deepEqual(failed.log, ['handled x', 'after'], name);
    assert.equal(failed.done, undefined, name);
  }
});

test('a route with no handlers calls done at once', async () => {
  for (const [, lib] of LIBS) {
    const route = new lib.Route('/');
    const result = await run(route, 'GET');
    assert.equal(result.done, undefined);
    assert.equal(result.req.route, undefined);
  }
});

test('_handles_method and _options', () => {
  for (const [name, lib] of LIBS) {
    const route = new lib.Route('/');
    route.get(() => {});
    route.post(() => {});
    assert.equal(route._handles_method('GET'), true, name);
    assert.equal(route._handles_method('get'), true, name);
    assert.equal(route._handles_method('HEAD'), true, name);
    assert.equal(route._handles_method('PUT'), false, name);
    assert.deepEqual(route._options(), ['GET', 'POST', 'HEAD'], name);
    route.head(() => {});
    assert.deepEqual(route._options(), ['GET', 'POST', 'HEAD'], name);
    const all = new lib.Route('/');
    all.all(() => {});
    assert.equal(all._handles_method('ANYTHING'), true, name);
    assert.deepEqual(all._options(), ['_ALL'], name);
  }
});

test('route methods return the route; route layers have Express 4 shape', () => {
  for (const [name, lib] of LIBS) {
    const route = new lib.Route('/x');
    function handler() {}
    assert.equal(route.get(handler), route, name);
    assert.equal(route.all([handler]), route, name);
    const [get, all] = route.stack;
    assert.equal(get.method, 'get', name);
    assert.equal(get.name, 'handler', name);
    assert.equal(get.handle, handler, name);
    assert.equal(get.regexp.source, '^\\/?$', name);
    assert.equal(get.regexp.flags, 'i', name);
    assert.deepEqual(get.keys, [], name);
    assert.equal(get.params, undefined, name);
    assert.equal(get.path, undefined, name);
    assert.equal(all.method, undefined, name);
  }
});

test('deep synchronous chains of route handlers do not overflow the stack', async () => {
  const route = new webapp.Route('/');
  for (let i = 0; i < 20_000; i++) route.get((_req: any, _res: any, next: any) => next());
  route.get((_req: any, res: any) => res.end('deep'));
  const result = await run(route, 'GET');
  assert.deepEqual(result.log, ['end:deep']);
});

test('a route with one handler: next("route"), next("router"), errors, 4-argument handlers and late calls as in Express 4', async () => {
  const build = (lib: any) => {
    const app = lib();
    app.get('/skip', (_req: any, _res: any, next: any) => next('route'));
    app.get('/skip', (_req: any, res: any) => res.send('second route'));
    app.get('/fail', (_req: any, _res: any, next: any) => next(new Error('failed')));
    app.get('/later', (_req: any, _res: any, next: any) => setImmediate(next));
    app.get('/error-only', (_err: unknown, _req: any, res: any, _next: any) => res.send('never'));
    app.get('/error-only', (_req: any, res: any) => res.send('skipped the error handler'));
    app.head('/get-only', (_req: any, res: any) => res.set('X-Head', 'own').end());
    app.get('/get-only', (_req: any, res: any) => res.send('get'));
    // HEAD on a path whose only route handles POST: the handler must not run, whoever skips it.
    app.post('/post-only', (_req: any, res: any) => res.send('post'));
    const router = lib.Router();
    router.get('/leave', (_req: any, _res: any, next: any) => next('router'));
    router.get('/leave', (_req: any, res: any) => res.send('never'));
    app.use('/r', router);
    app.use((req: any, res: any) => res.status(404).send(`fell through ${req.path}`));
    app.use((err: Error, _req: any, res: any, _next: any) => res.status(500).send(err.message));
    return app;
  };
  await assertSameAsExpress(build, [
    { path: '/skip' },
    { path: '/fail' },
    { path: '/later' },
    { path: '/error-only' },
    { path: '/get-only', method: 'HEAD' },
    { path: '/get-only' },
    { path: '/post-only', method: 'HEAD' },
    { path: '/post-only', method: 'POST' },
    { path: '/r/leave' },
  ]);
});

test('a route called with a done that is not its router\'s next gives next("route") as done()', async () => {
  for (const [name, lib] of LIBS) {
    const route = new lib.Route('/');
    route.get((_req: any, _res: any, next: any) => next('route'));
    const result = await run(route, 'GET');
    assert.equal(result.done, undefined, name);
  }
});

test("a route's handlers get the route's own next, one handler or more, as in Express", async () => {
  await assertSameAsExpress(
    (lib: any) => {
      const app = lib();
      app.get('/one', (req: any, res: any, next: any) => res.json({ same: next === req.next }));
      app.get(
        '/two',
        (_req: any, _res: any, next: any) => next(),
        (req: any, res: any, next: any) => res.json({ same: next === req.next }),
      );
      return app;
    },
    [{ path: '/one' }, { path: '/two' }],
  );
});

test("a route's only handler is not run for another method: done() as Express's route calls it", async () => {
  const route: any = new webapp.Route('/');
  route.post((_req: any, res: any) => res.end('post'));
  const outcome = await new Promise<unknown[]>((resolve) => {
    const req: any = { method: 'GET', url: '/' };
    const done = (...args: unknown[]) => resolve(args);
    req.next = done;
    route.dispatch(req, { end: () => resolve(['ran the POST handler']) } as any, done);
  });
  assert.deepEqual(outcome, [undefined]);
});
