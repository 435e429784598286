import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../../src/index');

import { assertSameAsExpress } from '../support/http';

const express = require('express');

const echo = (tag: string) => (req: any, res: any) => {
  res.setHeader('Content-Type', 'application/json');
  res.end(
    JSON.stringify({
      tag,
      url: req.url,
      baseUrl: req.baseUrl,
      originalUrl: req.originalUrl,
      params: req.params,
    }),
  );
};

test('router.use mounts middleware at segment boundaries, strips and restores the mount path', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const router = lib.Router();
      router.use('/a', (req: any, _res: any, next: any) => {
        req.seen = `${req.baseUrl}|${req.url}`;
        next();
      });
      router.use('/a/b', echo('ab'));
      router.use((req: any, res: any) => {
        res.setHeader('Content-Type', 'text/plain');
        res.end(`fallback ${req.seen} ${req.baseUrl}|${req.url}`);
      });
      app.use('/r', router);
      return app;
    },
    [{ path: '/r/a' }, { path: '/r/a/b/c?x=1' }, { path: '/r/ab' }, { path: '/r/a/x' }, { path: '/r' }],
  );
});

test('router.use with params in the mount path, arrays of paths and a RegExp', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const router = lib.Router();
      router.use('/users/:id', echo('user'));
      router.use(['/p1', '/p2'], echo('array'));
      router.use(/^\/n(\d+)/, echo('regexp'));
      app.use(router);
      return app;
    },
    [{ path: '/users/5/x' }, { path: '/p2/q' }, { path: '/n77/z' }, { path: '/n77z' }],
  );
});

test('middleware of one router runs for another router mounted on the same path', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const first = lib.Router();
      first.use((req: any, _res: any, next: any) => {
        req.firstRan = true;
        next();
      });
      first.get('/only-first', echo('first'));
      const second = lib.Router();
      second.get('/x', (req: any, res: any) => res.end(`second firstRan=${req.firstRan}`));
      app.use('/shared', first);
      app.use('/shared', second);
      return app;
    },
    [{ path: '/shared/x' }, { path: '/shared/only-first' }],
  );
});

test('routers nest at any depth', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      let router = lib.Router();
      router.get('/leaf', echo('leaf'));
      for (let i = 0; i < 10; i++) {
        const parent = lib.Router();
        parent.use(`/l${i}`, router);
        router = parent;
      }
      app.use(router);
      return app;
    },
    [{ path: '/l9/l8/l7/l6/l5/l4/l3/l2/l1/l0/leaf' }, { path: '/l9/l8/leaf' }],
  );
});

test('router.use returns the router and rejects non-functions with Express messages', () => {
  for (const lib of [webapp, express]) {
    const router = lib.Router();
    assert.equal(
      router.use(() => {}),
      router,
    );
    assert.throws(() => router.use(), { message: 'Router.use() requires a middleware function' });
    assert.throws(() => router.use('/x'), { message: 'Router.use() requires a middleware function' });
    assert.throws(() => router.use('/x', 'y'), {
      message: 'Router.use() requires a middleware function but got a string',
    });
    assert.throws(() => router.use([() => {}, /re/]), {
      message: 'Router.use() requires a middleware function but got a RegExp',
    });
  }
});

test('router.use layers are non-ending, never strict, case-sensitive per the router option', () => {
  for (const lib of [webapp, express]) {
    const router = lib.Router({ caseSensitive: true, strict: true });
    router.use('/Foo/', () => {});
    const layer = router.stack[0];
    assert.equal(layer.regexp.source, '^\\/Foo\\/?(?=\\/|$)');
    assert.equal(layer.regexp.flags, '');
    assert.equal(layer.route, undefined);
  }
});

test('routers and apps used as route handlers see the unstripped URL', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const router = lib.Router();
      router.get('/r/*', echo('router-in-route'));
      const sub = lib();
      sub.get('/s/:x', echo('app-in-route'));
      app.get('/r/*', router);
      app.get('/s/:x', sub);
      app.use((req: any, res: any) => res.end(`fell through ${req.url}`));
      return app;
    },
    [{ path: '/r/a/b' }, { path: '/s/1' }, { path: '/s/1/2' }],
  );
});

test('a sub-app used through router.use keeps its request prototype afterwards, as in Express', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.set('name', 'parent');
      const sub = lib();
      sub.set('name', 'sub');
      sub.use((_req: any, _res: any, next: any) => next());
      const router = lib.Router();
      router.use('/x', sub);
      app.use(router);
      app.use((req: any, res: any) => res.end(`after: ${req.app.get('name')} ${req.url} ${req.baseUrl}`));
      return app;
    },
    [{ path: '/x/y' }, { path: '/z' }],
  );
});
