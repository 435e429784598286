/**
 * The Router's shape, as in Express 4: the methods of routers live on the exported `Router` function,
 * which is every router's prototype; `application`, `request` and `response` are the objects apps take
 * their members from. Plugins rely on it: express-ws adds `ws` to `express.Router`, OpenTelemetry's
 * Express instrumentation wraps `Router.route`, `Router.use` and `application.use`.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { requireWithExpress } from '../support/alias';
import { assertSameAsExpress } from '../support/http';

import webapp = require('../../src/index');

const express = require('express');
const LIBS: Array<[string, any]> = [
  ['express', express],
  ['webapp', webapp],
];

describe('Router shape', () => {
  for (const [name, lib] of LIBS) {
    it(`${name}: every router inherits from the Router function, which holds the methods`, () => {
      const router = lib.Router();
      assert.equal(Object.getPrototypeOf(router), lib.Router);
      assert.equal(Object.getPrototypeOf(lib.Router), Function.prototype);
      for (const method of ['use', 'route', 'param', 'handle', 'process_params', 'get', 'all', 'm-search']) {
        assert.equal(typeof lib.Router[method], 'function', method);
        assert.equal(router[method], lib.Router[method], method);
        assert.equal(Object.hasOwn(router, method), false, method);
      }
      // express-async-errors reaches the methods through `Router.prototype.constructor`.
      assert.equal(lib.Router.prototype.constructor, lib.Router);
      const app = lib();
      app.lazyrouter();
      assert.equal(Object.getPrototypeOf(app._router), lib.Router);
      assert.equal(Object.getPrototypeOf(app), Function.prototype);
      assert.equal(app.use, lib.application.use);
      assert.equal(Object.getPrototypeOf(app.request), lib.request);
      assert.equal(Object.getPrototypeOf(app.response), lib.response);
      assert.equal(Object.getPrototypeOf(lib.request), http.IncomingMessage.prototype);
      assert.equal(Object.getPrototypeOf(lib.response), http.ServerResponse.prototype);
    });
  }

  it('the Router function has the same members as express.Router', () => {
    assert.deepEqual(Object.keys(webapp.Router), Object.keys(express.Router));
  });

  it('a method added to Router reaches routers made before and after, and app._router', async () => {
    const added: any[] = [];
    try {
      await assertSameAsExpress(
        (lib: any) => {
          const before = lib.Router();
          // The way express-ws extends it: `this` is the router the method is called on.
          lib.Router.greet = function greet(this: any, path: string, word: string) {
            return this.get(path, (_req: any, res: any) => res.send(word));
          };
          added.push(lib.Router);
          const after = lib.Router();
          before.greet('/before', 'early');
          after.greet('/after', 'late');
          const app = lib();
          app.lazyrouter();
          app._router.greet('/root', 'root');
          app.use('/b', before);
          app.use('/a', after);
          return app;
        },
        [{ path: '/b/before' }, { path: '/a/after' }, { path: '/root' }, { path: '/nothing' }],
      );
    } finally {
      for (const Router of added) delete Router.greet;
    }
    assert.equal((webapp.Router() as any).greet, undefined, 'removing it removes it from every router');
  });

  it('wrapping Router.route, Router.use and application.use (OpenTelemetry) sees every layer', async () => {
    const unwrap: Array<() => void> = [];
    // shimmer's wrap: the property is redefined in place; the original stays reachable.
    const wrap = (target: any, name: string, wrapper: (original: any) => any) => {
      const original = target[name];
      const enumerable = Object.prototype.propertyIsEnumerable.call(target, name);
      Object.defineProperty(target, name, {
        configurable: true,
        enumerable,
        writable: true,
        value: wrapper(original),
      });
      unwrap.push(() =>
        Object.defineProperty(target, name, {
          configurable: true,
          enumerable,
          writable: true,
          value: original,
        }),
      );
    };
    // The layer's handle is replaced by one that records the layer's path on the request.
    const patchLast = (stack: any[], path: unknown) => {
      const layer = stack[stack.length - 1];
      const original = layer.handle;
      // Express's own per-request layers (webapp has none; see docs/differences.md) are left alone.
      if (original.length === 4 || layer.name === 'query' || layer.name === 'expressInit') return;
      const patched = function (this: unknown, req: any, ...rest: unknown[]) {
        (req.seen ??= []).push(typeof path === 'string' ? path : '/');
        return original.call(this, req, ...rest);
      };
      Object.defineProperty(patched, 'length', { value: original.length });
      layer.handle = patched;
    };
    try {
      await assertSameAsExpress(
        (lib: any) => {
          wrap(
            lib.Router,
            'route',
            (original) =>
              function route(this: any, ...args: unknown[]) {
                const route = original.apply(this, args);
                patchLast(this.stack, args[0]);
                return route;
              },
          );
          wrap(
            lib.Router,
            'use',
            (original) =>
              function use(this: any, ...args: unknown[]) {
                const router = original.apply(this, args);
                patchLast(this.stack, args[0]);
                return router;
              },
          );
          wrap(
            lib.application,
            'use',
            (original) =>
              function use(this: any, ...args: unknown[]) {
                const app = original.apply(this, args);
                patchLast(this._router.stack, args[0]);
                return app;
              },
          );
          const app = lib();
          app.use((_req: any, _res: any, next: any) => next());
          const router = lib.Router();
          router.get('/:id', (req: any, res: any) => res.json({ seen: req.seen, id: req.params.id }));
          app.use('/items', router);
          app.get('/direct', (req: any, res: any) => res.json({ seen: req.seen }));
          app.route('/chained').post((req: any, res: any) => res.json({ seen: req.seen }));
          for (const undo of unwrap.splice(0).reverse()) undo();
          return app;
        },
        [{ path: '/items/7' }, { path: '/direct' }, { method: 'POST', path: '/chained' }, { path: '/none' }],
      );
    } finally {
      for (const undo of unwrap.reverse()) undo();
    }
    assert.equal(Object.hasOwn(webapp.Router, 'use'), true);
    assert.equal(webapp.Router().use, (webapp.Router as any).use);
  });
});

describe('express-ws (the real package) with express resolved to webapp', () => {
  it('router.ws exists on every router and serves a WebSocket through a mounted router', async () => {
    const expressWs = requireWithExpress('express-ws', (request) =>
      request === 'express' ? require.resolve('../../src/index') : undefined,
    );
    const WebSocket = require('ws');
    const app = webapp();
    const server = http.createServer(app);
    const instance = expressWs(app, server);
    try {
      const early = webapp.Router() as any;
      assert.equal(typeof early.ws, 'function', 'express-ws added ws to webapp.Router');
      early.ws('/echo', (ws: any, req: any) => {
        ws.on('message', (data: Buffer) => ws.send(`${req.baseUrl}:${data}`));
      });
      app.use('/chat', early);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const socket = new WebSocket(`ws://127.0.0.1:${port}/chat/echo`);
      const reply = await new Promise<string>((resolve, reject) => {
        socket.on('open', () => socket.send('hi'));
        socket.on('message', (data: Buffer) => resolve(String(data)));
        socket.on('error', reject);
      });
      assert.equal(reply, '/chat:hi');
      socket.close();
      // A path nobody handles: the socket is closed by express-ws.
      const stray = new WebSocket(`ws://127.0.0.1:${port}/chat/nowhere`);
      const code = await new Promise<number>((resolve) => stray.on('close', (c: number) => resolve(c)));
      assert.equal(typeof code, 'number');
    } finally {
      instance.getWss().close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      delete (webapp.Router as any).ws;
    }
  });
});
