import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withoutLocation } from './support/response-harness';

import webapp = require('../src/index');

import { assertSameAsExpress, request } from './support/http';

/** Records each param callback call in req.log, then continues. */
const logParam = (tag: string) => (req: any, _res: any, next: any, value: unknown, name: unknown) => {
  req.log = `${req.log ?? ''}${tag}(${String(name)}=${String(value)}) `;
  next();
};

const show = (tag: string) => (req: any, res: any, next?: any) => {
  res.setHeader('Content-Type', 'text/plain');
  if (next && req.query?.next) return next();
  res.end(`${tag}: ${req.log ?? ''}${JSON.stringify(req.params)}`);
};

const onError = (err: any, req: any, res: any, _next: any) => {
  res.statusCode = err.status ?? 500;
  res.end(`error: ${err.message} ${req.log ?? ''}`);
};

test('app.param runs before the route handler with (req, res, next, value, name)', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.param('id', logParam('id'));
      app.param('other', logParam('other'));
      app.get('/user/:id', show('user'));
      app.get('/user/:id/:other', show('both'));
      app.get('/nothing', show('nothing'));
      return app;
    },
    [{ path: '/user/42' }, { path: '/user/a%20b/x' }, { path: '/nothing' }],
  );
});

test('app.param runs once per request and value, even when several routes match', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.param('id', logParam('id'));
      app.get('/u/:id', (_req: any, _res: any, next: any) => next());
      app.get('/u/:id', (_req: any, _res: any, next: any) => next());
      app.use('/u/:id', (_req: any, _res: any, next: any) => next());
      app.get('/u/:id', show('last'));
      return app;
    },
    [{ path: '/u/1' }],
  );
});

test('app.param runs again when a later route gives the parameter another value', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.param('id', logParam('id'));
      app.get('/a/:id/*', (_req: any, _res: any, next: any) => next());
      app.get('/a/*/:id', show('second'));
      return app;
    },
    [{ path: '/a/1/2' }],
  );
});

test('app.param with an array registers each name, in order', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const chained = app.param(['a', 'b'], logParam('ab'));
      if (chained !== app) throw new Error('not chainable');
      app.get('/:b/:a', show('route'));
      return app;
    },
    [{ path: '/1/2' }],
  );
});

test('several callbacks for one name run in registration order', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.param('id', logParam('first'));
      app.param('id', logParam('second'));
      app.get('/:id', show('route'));
      return app;
    },
    [{ path: '/x' }],
  );
});

test('a param callback may rewrite req.params[name]; later routes see the new value', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.param('id', (req: any, _res: any, next: any, id: string) => {
        req.log = `${req.log ?? ''}called `;
        req.params.id = Number(id) * 2;
        next();
      });
      app.get('/:id', (req: any, _res: any, next: any) => {
        req.log += `first=${req.params.id} `;
        next();
      });
      app.get('/:id', show('second'));
      return app;
    },
    [{ path: '/21' }],
  );
});

test('next("route") in a param callback skips the route', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.param('id', (req: any, _res: any, next: any, id: string) => {
        if (!/^\d+$/.test(id)) return next('route');
        req.log = 'numeric ';
        next();
      });
      app.get('/item/:id', show('numeric'));
      app.get('/item/:id', show('second-with-param'));
      app.get('/item/*', show('fallback'));
      return app;
    },
    [{ path: '/item/12' }, { path: '/item/abc' }],
  );
});

test('next(err) and a throw in a param callback reach the error handlers; the outcome is reused', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.param('id', (req: any, _res: any, next: any, id: string) => {
        req.log = `${req.log ?? ''}param(${id}) `;
        if (id === 'throw') throw new Error('thrown in param');
        if (id === 'bad') return next(Object.assign(new Error('bad id'), { status: 422 }));
        next();
      });
      app.get('/:id', show('never'));
      app.use('/:id', (err: any, req: any, _res: any, next: any) => {
        req.log += 'mw-error ';
        next(err);
      });
      app.use(onError);
      return app;
    },
    [{ path: '/bad' }, { path: '/throw' }, { path: '/fine' }],
  );
});

test('param callbacks also run for middleware mounted on a path with parameters', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.param('tenant', logParam('tenant'));
      app.use('/t/:tenant', show('mw'));
      return app;
    },
    [{ path: '/t/acme/x' }],
  );
});

test('app.param is local to its app: mounted routers and sub-apps do not trigger it', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.param('id', logParam('app'));
      const router = lib.Router({ mergeParams: true });
      router.get('/:id', show('router'));
      router.get('/', show('router-root'));
      const sub = lib();
      sub.get('/:id', show('sub'));
      app.use('/r', router);
      app.use('/s', sub);
      app.use('/m/:id', router);
      return app;
    },
    [{ path: '/r/1' }, { path: '/s/2' }, { path: '/m/3' }, { path: '/m/3/4' }],
  );
});

test('an optional parameter that is absent does not trigger its callback', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.param('format', logParam('format'));
      app.get('/file.:format?', show('file'));
      return app;
    },
    [{ path: '/file' }, { path: '/file.json' }],
  );
});

test('parameter names that are Object.prototype members are plain parameters', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.get('/a/:constructor', show('constructor'));
      app.get('/b/:toString', show('toString'));
      app.get('/c/:hasOwnProperty', show('hasOwnProperty'));
      app.get('/d/:__proto__', (req: any, res: any) => {
        res.end(
          `${Object.keys(req.params).join(',')}|${Object.getPrototypeOf(req.params) === Object.prototype}`,
        );
      });
      return app;
    },
    [{ path: '/a/1' }, { path: '/b/2' }, { path: '/c/3' }, { path: '/d/4' }],
  );
});

test('app.param accepts names that are Object.prototype members (Express 4 throws for these)', async () => {
  const app = webapp();
  app.param('toString', logParam('toString'));
  app.param('constructor', logParam('constructor'));
  app.param('__proto__', logParam('proto'));
  app.get('/b/:toString/:constructor', show('route'));
  const res = await request(app, { path: '/b/1/2' });
  assert.equal(
    res.body,
    'route: toString(toString=1) constructor(constructor=2) {"toString":"1","constructor":"2"}',
  );
  assert.equal(Object.getPrototypeOf(app._router.params), Object.prototype);
  assert.equal(Object.getOwnPropertyDescriptor(app._router.params, '__proto__')?.value.length, 1);
});

test('app.param(":name", fn) is deprecated but works', async () => {
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(withoutLocation(w.message));
  process.on('warning', onWarning);
  try {
    await assertSameAsExpress(
      (lib) => {
        const app = lib();
        app.param(':id', logParam('colon'));
        app.get('/:id', show('route'));
        return app;
      },
      [{ path: '/5' }],
    );
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(
      warnings.includes('router.param(":id", fn): Use router.param("id", fn) instead'),
      warnings.join('; '),
    );
  } finally {
    process.off('warning', onWarning);
  }
});

test('app.param(fn): the deprecated function form transforms later registrations', async () => {
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(withoutLocation(w.message));
  process.on('warning', onWarning);
  try {
    await assertSameAsExpress(
      (lib) => {
        const app = lib();
        app.param((name: string, fn: unknown) => {
          if (!(fn instanceof RegExp)) return undefined;
          return (req: any, _res: any, next: any, value: string) => {
            if (fn.test(value)) {
              req.log = `${name} ok `;
              next();
            } else next('route');
          };
        });
        app.param('id', /^\d+$/);
        app.get('/user/:id', show('user'));
        app.get('/user/:id', show('fallback'));
        return app;
      },
      [{ path: '/user/12' }, { path: '/user/abc' }],
    );
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(warnings.includes('router.param(fn): Refactor to use path params'), warnings.join('; '));
  } finally {
    process.off('warning', onWarning);
  }
});

test('app.param throws when the callback is not a function', () => {
  const express = require('express');
  for (const lib of [webapp, express]) {
    assert.throws(() => lib().param('id', 'nope'), { message: 'invalid param() call for id, got nope' });
    assert.throws(() => lib().param('id'), { message: 'invalid param() call for id, got undefined' });
  }
});

test('a param callback returning a rejected promise passes the reason to next(err) (not in Express 4)', async () => {
  const app = webapp();
  app.param('id', async (_req: any, _res: any, _next: any, id: string) => {
    throw new Error(`no user ${id}`);
  });
  app.get('/:id', show('never'));
  app.use(onError);
  const res = await request(app, { path: '/7' });
  assert.equal(res.status, 500);
  assert.equal(res.body, 'error: no user 7 ');
});
