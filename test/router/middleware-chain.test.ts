/**
 * Middleware reached by `next()` from middleware: the walk's step (src/router/dispatch.ts `step`, and
 * src/router/layer.ts `runMiddleware`, which runs handle_request's body from a call site of its own).
 * It must do what handle_request does, and give way to a handle_request put in its place.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../../src/index');

import { Layer } from '../../src/router/layer';
import { assertSameAsExpress, request } from '../support/http';

const CHAIN = 6;

test('a chain of middleware: in order, a fresh req.params each, code after next() after the rest', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const seen: unknown[] = [];
      for (let i = 0; i < CHAIN; i++) {
        app.use((req: any, _res: any, next: any) => {
          req.log = `${req.log ?? ''}${i}:${Object.keys(req.params).length}:${seen.includes(req.params)} `;
          seen.push(req.params);
          req.params.mark = i;
          next();
          req.log += `after${i} `;
        });
      }
      app.get('/', (req: any, res: any) => {
        res.type('text').send(req.log);
        seen.length = 0;
      });
      return app;
    },
    [{ path: '/' }, { path: '/?q=1' }],
  );
});

test('in a chain, an error handler is passed over and a throw reaches the error handler', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.use((req: any, _res: any, next: any) => {
        req.log = 'a ';
        next();
      });
      app.use((_err: any, _req: any, res: any, _next: any) => res.status(500).send('not for requests'));
      app.use((req: any, _res: any, next: any) => {
        req.log += 'b ';
        next();
      });
      app.use('/', (req: any, _res: any, next: any) => {
        if (req.query.throw) throw new Error('thrown');
        next();
      });
      app.use((req: any, _res: any, next: any) => {
        req.log += 'c ';
        next();
      });
      app.get('/', (req: any, res: any) => res.type('text').send(req.log));
      app.use((err: any, req: any, res: any, _next: any) =>
        res.status(418).type('text').send(`${req.log}${err.message}`),
      );
      return app;
    },
    [{ path: '/' }, { path: '/?throw=1' }],
  );
});

// Express 4 leaves a rejection unhandled (the request hangs): webapp's documented difference.
test('in a chain, a rejected promise reaches the error handler', async () => {
  const app = webapp();
  for (let i = 0; i < CHAIN; i++) app.use((_req: any, _res: any, next: any) => next());
  app.use(async () => {
    throw new Error('rejected');
  });
  app.get('/', (_req: any, res: any) => res.send('not reached'));
  app.use((err: any, _req: any, res: any, _next: any) => res.status(418).send(err.message));
  const res = await request(app);
  assert.equal(res.status, 418);
  assert.equal(res.body, 'rejected');
});

test('a URL changed by a middleware is matched again by the next layers', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.use((req: any, _res: any, next: any) => next());
      app.use((req: any, _res: any, next: any) => {
        req.url = '/rewritten';
        next();
      });
      app.use('/rewritten', (_req: any, res: any) => res.type('text').send('rewritten'));
      app.use((_req: any, res: any) => res.type('text').send('original'));
      return app;
    },
    [{ path: '/' }],
  );
});

test('a chain longer than the synchronous limit still runs every middleware once', async () => {
  const app = webapp();
  for (let i = 0; i < 350; i++) {
    app.use((req: any, _res: any, next: any) => {
      req.count = (req.count ?? 0) + 1;
      next();
    });
  }
  app.get('/', (req: any, res: any) => res.send(String(req.count)));
  const res = await request(app);
  assert.equal(res.body, '350');
});

test('Layer.prototype.handle_request replaced: called for every middleware of a chain', async () => {
  const original = Layer.prototype.handle_request;
  const called: string[] = [];
  Layer.prototype.handle_request = function (this: Layer, req: any, res: any, next: any) {
    called.push(this.name);
    return original.call(this, req, res, next);
  };
  try {
    const app = webapp();
    for (let i = 0; i < CHAIN; i++) {
      app.use(function mw(_req: any, _res: any, next: any) {
        next();
      });
    }
    app.get('/', (_req: any, res: any) => res.send('ok'));
    const res = await request(app);
    assert.equal(res.body, 'ok');
    // Every middleware of the chain went through the replacement (the route's layers did too).
    assert.equal(called.filter((name) => name === 'mw').length, CHAIN);
  } finally {
    Layer.prototype.handle_request = original;
  }
});

test("one layer's own handle_request replaced: called in the chain, in place of the layer's", async () => {
  const app = webapp();
  for (let i = 0; i < CHAIN; i++) {
    app.use((req: any, _res: any, next: any) => {
      req.log = `${req.log ?? ''}${i} `;
      next();
    });
  }
  app.get('/', (req: any, res: any) => res.send(req.log));
  const stack = app._router.stack;
  // The route is last; the chain's second middleware is CHAIN - 1 layers before it.
  const second = stack[stack.length - CHAIN];
  second.handle_request = (req: any, _res: any, next: any) => {
    req.log = `${req.log ?? ''}replaced `;
    next();
  };
  const res = await request(app);
  assert.equal(res.body, '0 replaced 2 3 4 5 ');
});

test('a middleware deep in a chain has the Layer.handle [as handle_request] frame next to it (express-rate-limit)', async () => {
  const app = webapp();
  let frames: string[] = [];
  for (let i = 0; i < CHAIN; i++) {
    app.use((_req: any, _res: any, next: any) => {
      if (i === CHAIN - 1) frames = (new Error().stack ?? '').split('\n').slice(1);
      next();
    });
  }
  app.get('/', (_req: any, res: any) => res.send('ok'));
  assert.equal((await request(app)).body, 'ok');
  assert.match(frames[1] ?? '', /Layer\.handle \[as handle_request\]/, frames.join('\n'));
});

test('after a request, middleware at "/" has the path and params Layer#match records, as on Express', async () => {
  const record = (app: any) =>
    app._router.stack
      .filter((layer: any) => layer.name === 'mw' || layer.name === 'router')
      .map((layer: any) => [layer.name, layer.path, layer.params]);
  const apps = [webapp, require('express')].map((lib: any) => {
    const app = lib();
    app.use(function mw(_req: any, _res: any, next: any) {
      next();
    });
    app.use(function mw(_req: any, _res: any, next: any) {
      next();
    });
    const router = lib.Router();
    router.get('/', (_req: any, res: any) => res.send('ok'));
    app.use(router);
    return app;
  });
  assert.deepEqual(record(apps[0]), [
    ['mw', undefined, undefined],
    ['mw', undefined, undefined],
    ['router', undefined, undefined],
  ]);
  for (const app of apps) assert.equal((await request(app)).body, 'ok');
  assert.deepEqual(record(apps[0]), record(apps[1]));
  assert.deepEqual(record(apps[0]), [
    ['mw', '', {}],
    ['mw', '', {}],
    ['router', '', {}],
  ]);
});
