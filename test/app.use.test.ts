import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress, request } from './support/http';

/** A terminal handler that reports what the router made of the request. */
function echo(tag: string) {
  return (req: any, res: any) => {
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
}

/** Middleware that records the URL it saw in a header, then continues. */
function mark(name: string) {
  return (req: any, res: any, next: any) => {
    res.setHeader(`X-${name}`, `${req.baseUrl}|${req.url}`);
    next();
  };
}

test('app.use(fn) runs for every path and method', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.use(mark('All'));
      app.use(echo('end'));
      return app;
    },
    [
      { path: '/' },
      { path: '/a/b/c' },
      { method: 'POST', path: '/x' },
      { method: 'DELETE', path: '/x?y=1' },
      { method: 'HEAD', path: '/x' },
    ],
  );
});

test('app.use(path, fn) matches at segment boundaries and strips the mount path', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.use('/apple', echo('apple'));
      app.use('/blog/', echo('blog'));
      app.use('/a/b', echo('ab'));
      app.use(echo('rest'));
      return app;
    },
    [
      { path: '/apple' },
      { path: '/apple/' },
      { path: '/apple/images' },
      { path: '/apple/images/x.png?size=2' },
      { path: '/apple?x=1' },
      { path: '/apple.json' },
      { path: '/apples' },
      { path: '/APPLE/x' },
      { path: '/applex/y' },
      { path: '/blog' },
      { path: '/blog/' },
      { path: '/blog/post' },
      { path: '/blog//post' },
      { path: '/a/b' },
      { path: '/a/b/c' },
      { path: '/a/bc' },
      { path: '/a' },
      { path: '//apple' },
    ],
  );
});

test('app.use restores req.url and req.baseUrl for the layers after the mount', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.use('/one', mark('One'));
      app.use('/one/two', mark('Two'));
      app.use(echo('after'));
      return app;
    },
    [{ path: '/one/two/three?q=1' }, { path: '/one' }, { path: '/one/' }, { path: '/zero' }],
  );
});

test('app.use accepts several functions, arrays and nested arrays', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.use(mark('A'), [mark('B'), [mark('C'), [mark('D')]]]);
      app.use('/p', [mark('E')], mark('F'));
      app.use([mark('G')]);
      app.use([[echo('end')]]);
      return app;
    },
    [{ path: '/' }, { path: '/p/q' }],
  );
});

test('app.use with an array of paths, a pattern, params and a RegExp', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.use(['/x', '/y'], echo('xy'));
      app.use('/users/:id', echo('user'));
      app.use('/ab?c', echo('abc'));
      app.use('/files/*', echo('files'));
      app.use(/^\/re(\d+)/, echo('regexp'));
      app.use('/opt/:name?', echo('opt'));
      return app;
    },
    [
      { path: '/x' },
      { path: '/y/z' },
      { path: '/users/42' },
      { path: '/users/42/posts' },
      { path: '/users/a%20b/c' },
      { path: '/ac' },
      { path: '/abc/d' },
      { path: '/files/a/b' },
      { path: '/re12/rest' },
      { path: '/re12rest' },
      { path: '/opt' },
      { path: '/opt/n/m' },
    ],
  );
});

test('app.use is case-insensitive unless "case sensitive routing" is enabled', async () => {
  for (const sensitive of [false, true]) {
    await assertSameAsExpress(
      (lib) => {
        const app = lib();
        if (sensitive) app.enable('case sensitive routing');
        app.use('/Foo', echo('foo'));
        app.use(echo('other'));
        return app;
      },
      [{ path: '/Foo/bar' }, { path: '/foo/bar' }, { path: '/FOO' }],
    );
  }
});

test('app.use mounts routers and sub-apps', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const router = lib.Router();
      router.use(mark('Router'));
      router.get('/item/:id', echo('router-item'));
      const sub = lib();
      sub.get('/', echo('sub-root'));
      sub.get('/page', echo('sub-page'));
      app.use('/r', router);
      app.use('/s', sub);
      app.use(echo('fallback'));
      return app;
    },
    [
      { path: '/r/item/7' },
      { path: '/r/other' },
      { path: '/s' },
      { path: '/s/' },
      { path: '/s/page?x=y' },
      { path: '/s/nope' },
    ],
  );
});

test('app.use adds a slash when the stripped URL would not start with one', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.use('/foo', (req: any, _res: any, next: any) => {
        req.seen = req.url;
        next();
      });
      app.use((req: any, res: any) => {
        res.setHeader('Content-Type', 'text/plain');
        res.end(`${req.seen} ${req.url}`);
      });
      return app;
    },
    [{ path: '/foo' }, { path: '/foo?a=1' }, { path: '/foo.bar' }, { path: '/foo/' }],
  );
});

test('app.use returns the app for chaining', () => {
  const app = webapp();
  assert.equal(
    app.use(() => {}),
    app,
  );
  assert.equal(
    app.use('/x', () => {}),
    app,
  );
});

test('app.use throws without a middleware function, with Express messages', () => {
  const express = require('express');
  const cases: unknown[][] = [[], ['/x'], [null], [[]], ['/x', []]];
  for (const args of cases) {
    assert.throws(() => (webapp() as any).use(...args), {
      name: 'TypeError',
      message: 'app.use() requires a middleware function',
    });
    assert.throws(() => express().use(...args), { message: 'app.use() requires a middleware function' });
  }
  const bad: Array<[unknown[], string]> = [
    [['/x', 'str'], 'string'],
    [['/x', 42], 'number'],
    [['/x', {}], 'Object'],
    [[() => {}, null], 'Null'],
    [['/x', [() => {}, new Date()]], 'Date'],
  ];
  for (const [args, type] of bad) {
    const message = `Router.use() requires a middleware function but got a ${type}`;
    assert.throws(() => (webapp() as any).use(...args), { name: 'TypeError', message });
    assert.throws(() => express().use(...args), { message });
  }
});

test('app.use(path, fn) gives the layer Express 4 shape', () => {
  const app = webapp();
  function logger(_req: unknown, _res: unknown, next: () => void) {
    next();
  }
  app.use('/api', logger);
  const layer = app._router.stack[app._router.stack.length - 1];
  assert.equal(layer.name, 'logger');
  assert.equal(layer.handle, logger);
  assert.equal(layer.route, undefined);
  assert.equal(layer.regexp.source, '^\\/api\\/?(?=\\/|$)');
  assert.equal(layer.regexp.flags, 'i');
  assert.deepEqual(layer.keys, []);
});

test('a mounted sub-app is wrapped in a layer named mounted_app', () => {
  const app = webapp();
  const sub = webapp();
  app.use('/s', sub);
  const layer = app._router.stack[app._router.stack.length - 1];
  assert.equal(layer.name, 'mounted_app');
  assert.notEqual(layer.handle, sub);
});

test('app.use(path, fn) passes params of the mount path as req.params', async () => {
  const app = webapp();
  app.use('/users/:id', (req: any, res: any) => res.end(JSON.stringify(req.params)));
  const res = await request(app, { path: '/users/caf%C3%A9/x' });
  assert.equal(res.body, '{"id":"café"}');
});
