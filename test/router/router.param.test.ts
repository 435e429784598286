import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../../src/index');

import { assertSameAsExpress, request } from '../support/http';

const express = require('express');

test('router.param runs for its routes only, once per value, in order', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const router = lib.Router();
      router.param('id', (req: any, _res: any, next: any, id: string, name: string) => {
        req.log = `${req.log ?? ''}router(${name}=${id}) `;
        next();
      });
      router.get('/:id', (_req: any, _res: any, next: any) => next());
      router.get('/:id', (req: any, res: any) => res.end(`router ${req.log}`));
      app.use('/r', router);
      app.get('/a/:id', (req: any, res: any) => res.end(`app ${req.log}`));
      return app;
    },
    [{ path: '/r/1' }, { path: '/a/2' }],
  );
});

test('router.param is not triggered for params inherited with mergeParams', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const router = lib.Router({ mergeParams: true });
      router.param('uid', (req: any, _res: any, next: any) => {
        req.log = 'router uid called';
        next();
      });
      router.get('/', (req: any, res: any) => res.end(`${req.log} ${JSON.stringify(req.params)}`));
      router.get('/self/:uid', (req: any, res: any) => res.end(`${req.log} ${JSON.stringify(req.params)}`));
      app.use('/u/:uid', router);
      return app;
    },
    [{ path: '/u/1' }, { path: '/u/1/self/2' }],
  );
});

test('router.param returns the router; its function form returns nothing', () => {
  for (const lib of [webapp, express]) {
    const router = lib.Router();
    assert.equal(
      router.param('x', () => {}),
      router,
    );
    assert.equal(typeof router.params.x[0], 'function');
    const silence = process.emitWarning;
    process.emitWarning = () => {};
    try {
      assert.equal(
        router.param(() => undefined),
        undefined,
      );
    } finally {
      process.emitWarning = silence;
    }
    assert.equal(router._params.length, 1);
  }
});

test('router.param throws for a missing callback', () => {
  for (const lib of [webapp, express]) {
    assert.throws(() => lib.Router().param('id', 123), { message: 'invalid param() call for id, got 123' });
  }
});

test('param callbacks of nested routers each run for their own layer keys', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const outer = lib.Router();
      const inner = lib.Router();
      outer.param('org', (req: any, _res: any, next: any, org: string) => {
        req.log = `${req.log ?? ''}org=${org} `;
        next();
      });
      inner.param('repo', (req: any, _res: any, next: any, repo: string) => {
        req.log = `${req.log ?? ''}repo=${repo} `;
        next();
      });
      inner.param('org', (req: any, _res: any, next: any) => {
        req.log = `${req.log ?? ''}inner-org-never `;
        next();
      });
      inner.get('/:repo', (req: any, res: any) => res.end(req.log));
      outer.use('/:org', inner);
      app.use(outer);
      return app;
    },
    [{ path: '/acme/widgets' }],
  );
});

test('router.process_params exists (Express 4 shape) and runs the param callbacks of a layer', async () => {
  const router: any = webapp.Router();
  router.param('id', (req: any, _res: any, next: any, id: string) => {
    req.loaded = `user ${id}`;
    next();
  });
  const layer = { keys: [{ name: 'id', optional: false, offset: 1 }] };
  const req: any = { params: { id: '7' } };
  await new Promise<void>((resolve, reject) =>
    router.process_params(layer, {}, req, {}, (err?: unknown) => (err ? reject(err) : resolve())),
  );
  assert.equal(req.loaded, 'user 7');
  let called = false;
  router.process_params({ keys: [] }, {}, req, {}, () => {
    called = true;
  });
  assert.equal(called, true);
});

test('a wrapped router.process_params is used when a route has param callbacks', async () => {
  const app = webapp();
  const router: any = webapp.Router();
  const original = router.process_params;
  let wrapped = 0;
  router.process_params = function (this: any, ...args: any[]) {
    wrapped++;
    return original.apply(this, args);
  };
  router.param('id', (_req: any, _res: any, next: any) => next());
  router.get('/:id', (req: any, res: any) => res.end(req.params.id));
  app.use(router);
  assert.equal((await request(app, { path: '/5' })).body, '5');
  assert.equal(wrapped, 1);
});
