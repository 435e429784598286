/** Error-handling middleware is exactly the four-parameter functions; throws become errors. */
import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../../src/index');

import { assertSameAsExpress, request } from '../support/http';

const log = (name: string) => (req: any, _res: any, next: any) => {
  req.log = `${req.log ?? ''}${name} `;
  next();
};

const report = (name: string) => (err: any, req: any, res: any, _next: any) => {
  res.statusCode = err?.status ?? 500;
  res.setHeader('Content-Type', 'text/plain');
  res.end(`${name}: ${err?.message ?? String(err)} | ${req.log ?? ''}`);
};

test('errors skip 3-arg middleware and routes; 4-arg handlers are skipped when there is no error', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.use((err: any, req: any, _res: any, next: any) => {
        req.log = 'never-no-error ';
        next(err);
      });
      app.use(log('first'));
      app.get('/fail', () => {
        throw new Error('failed');
      });
      app.get('/next-err', (_req: any, _res: any, next: any) => next(new Error('passed')));
      app.use(log('skipped'));
      app.get('/fail', log('route-skipped'));
      app.use(report('handler'));
      app.get('/ok', (req: any, res: any) => res.end(`ok ${req.log}`));
      return app;
    },
    [{ path: '/fail' }, { path: '/next-err' }, { path: '/ok' }],
  );
});

test('only exactly four parameters make an error handler (5 never runs, 3 never gets errors)', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.get('/', () => {
        throw new Error('x');
      });
      app.use((_a: any, _b: any, _c: any, _d: any, _e: any) => {
        throw new Error('five-arg handler ran');
      });
      app.use((req: any, res: any, next: any) => {
        if (req) res.end('three-arg ran');
        else next();
      });
      app.use(report('four'));
      return app;
    },
    [{ path: '/' }],
  );
});

test('an error handler may recover with next() and the chain resumes', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.use((_req: any, _res: any, next: any) => next(new Error('recoverable')));
      app.use((_err: any, req: any, _res: any, next: any) => {
        req.log = 'recovered ';
        next();
      });
      app.use(log('after-recovery'));
      app.get('/', (req: any, res: any) => res.end(req.log));
      return app;
    },
    [{ path: '/' }],
  );
});

test('a throwing error handler passes its new error on', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.get('/', () => {
        throw new Error('first');
      });
      app.use((err: any, _req: any, _res: any, _next: any) => {
        throw new Error(`second (after ${err.message})`);
      });
      app.use(report('last'));
      return app;
    },
    [{ path: '/' }],
  );
});

test('a throwing error handler with nothing after it reaches the final handler', async (t) => {
  // Outside the test env both frameworks log the unhandled error (deferred): keep the output clean.
  const original = console.error;
  console.error = () => {};
  t.after(async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    console.error = original;
  });
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.set('env', 'production');
      app.get('/', () => {
        throw new Error('first');
      });
      app.use((_err: any, _req: any, _res: any, _next: any) => {
        throw Object.assign(new Error('second'), { status: 502 });
      });
      return app;
    },
    [{ path: '/' }],
  );
});

test('route-level error handlers handle errors of their route', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.get(
        '/r',
        () => {
          throw new Error('in route');
        },
        log('skipped'),
        report('route-handler'),
      );
      app.get(
        '/pass',
        (_req: any, _res: any, next: any) => next(new Error('leaves route')),
        report('route-level'),
      );
      app.use(report('app-level'));
      return app;
    },
    [{ path: '/r' }, { path: '/pass' }],
  );
});

test('errors in a mounted router reach the app error handler; router handlers come first', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const router = lib.Router();
      router.get('/a', () => {
        throw new Error('a');
      });
      router.get('/b', () => {
        throw Object.assign(new Error('b'), { status: 418 });
      });
      router.use((err: any, _req: any, _res: any, next: any) => {
        if (err.message === 'a') return next(err);
        next(Object.assign(new Error('wrapped b'), { status: err.status }));
      });
      app.use('/r', router);
      app.use(report('app'));
      return app;
    },
    [{ path: '/r/a' }, { path: '/r/b' }],
  );
});

test('falsy errors: next(0), next(""), next(false), next(null) continue normally', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      for (const [path, value] of [
        ['/zero', 0],
        ['/empty', ''],
        ['/false', false],
        ['/null', null],
      ] as const) {
        app.get(path, (_req: any, _res: any, next: any) => next(value));
      }
      app.use(report('error'));
      app.use((req: any, res: any) => res.end(`continued ${req.url}`));
      return app;
    },
    [{ path: '/zero' }, { path: '/empty' }, { path: '/false' }, { path: '/null' }],
  );
});

test('non-Error values passed to next reach error handlers as is', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.get('/string', (_req: any, _res: any, next: any) => next('a string'));
      app.get('/object', (_req: any, _res: any, next: any) => next({ message: 'obj', status: 409 }));
      app.get('/number', (_req: any, _res: any, next: any) => next(7));
      app.use(report('error'));
      return app;
    },
    [{ path: '/string' }, { path: '/object' }, { path: '/number' }],
  );
});

test('a throw in an error handler of a sub-app reaches the parent handler', async () => {
  const app = webapp();
  const sub = webapp();
  sub.get('/', () => {
    throw new Error('sub');
  });
  sub.use((_err: any, _req: any, _res: any, _next: any) => {
    throw new Error('sub handler threw');
  });
  app.use('/sub', sub);
  app.use(report('parent'));
  const res = await request(app, { path: '/sub' });
  assert.equal(res.status, 500);
  assert.equal(res.body, 'parent: sub handler threw | ');
});
