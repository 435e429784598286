/**
 * `webapp.timeout()` / `webappjs/timeout` (issue 56): connect-timeout's API, compared with
 * connect-timeout on express@4 where both answer (status, headers, body, the error's fields), plus
 * what it does beyond: `req.signal` aborts with the timeout error, a response already started is
 * left alone, and it works the same mounted in routers and on single routes.
 */
import assert from 'node:assert/strict';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import { next, within } from '../lifecycle/support';
import { assertSameAsExpress, send } from '../support/http';

import webapp = require('../../src/index');

const connectTimeout = require('connect-timeout');
const timeoutModule = require('../../src/middleware/timeout');

/** connect-timeout under express@4, webapp's own under webapp. */
function timeoutOf(lib: any): (time?: any, options?: any) => any {
  return lib === webapp ? webapp.timeout : connectTimeout;
}

/** An error handler that shows every field of the error. */
function showError(err: any, req: any, res: any, next: any) {
  res.status(err.status ?? 500).json({
    name: err.name,
    message: err.message,
    status: err.status,
    statusCode: err.statusCode,
    code: err.code,
    timeout: err.timeout,
    expose: err.expose,
    timedout: req.timedout,
  });
}

async function serve(app: ReturnType<typeof webapp>, fn: (port: number) => Promise<void>): Promise<void> {
  const server = app.listen(0, '127.0.0.1') as http.Server;
  await next(server, 'listening');
  try {
    await fn((server.address() as AddressInfo).port);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('the same as connect-timeout on express@4', () => {
  test('a request that outlives the time: a 503 error with code ETIMEDOUT to the error middleware', async () => {
    await assertSameAsExpress(
      (lib) => {
        const app = lib();
        app.use(timeoutOf(lib)(30));
        app.get('/slow', () => {});
        app.use(showError);
        return app;
      },
      [{ path: '/slow' }],
    );
  });

  test("the final handler's answer (production)", async () => {
    await assertSameAsExpress(
      (lib) => {
        const app = lib();
        app.set('env', 'production');
        app.use(timeoutOf(lib)('30ms'));
        app.get('/slow', () => {});
        return app;
      },
      [{ path: '/slow' }],
    );
  });

  test('respond: false: only req.timedout and the timeout event tell', async () => {
    await assertSameAsExpress(
      (lib) => {
        const app = lib();
        app.get('/slow', timeoutOf(lib)(30, { respond: false }), (req: any, res: any) => {
          req.on('timeout', (time: number) => res.send(`timed out after ${time}: ${req.timedout}`));
        });
        app.use(showError);
        return app;
      },
      [{ path: '/slow' }],
    );
  });

  test('a fast response is untouched, req.timedout is false', async () => {
    await assertSameAsExpress(
      (lib) => {
        const app = lib();
        app.use(timeoutOf(lib)());
        app.get('/', (req: any, res: any) => res.send(`timedout: ${req.timedout}`));
        return app;
      },
      [{ path: '/' }],
    );
  });

  test('req.clearTimeout() stops the timer', async () => {
    await assertSameAsExpress(
      (lib) => {
        const app = lib();
        app.use(timeoutOf(lib)(20));
        app.get('/', (req: any, res: any) => {
          req.clearTimeout();
          // Past the time: nothing fires.
          setTimeout(() => res.send(`timedout: ${req.timedout}`), 60);
        });
        app.use(showError);
        return app;
      },
      [{ path: '/' }],
    );
  });

  test('a response whose head was written is left alone', async () => {
    await assertSameAsExpress(
      (lib) => {
        const app = lib();
        app.use(timeoutOf(lib)(20));
        app.get('/', (req: any, res: any) => {
          res.write('started ');
          setTimeout(() => res.end(`timedout: ${req.timedout}`), 60);
        });
        app.use(showError);
        return app;
      },
      [{ path: '/' }],
    );
  });
});

describe('beyond connect-timeout', () => {
  test('req.signal aborts with the very error passed to next, and the timeout event carries the time', async () => {
    const app = webapp();
    const seen: unknown[] = [];
    app.use(webapp.timeout(30));
    app.get('/slow', (req, res) => {
      req.on('timeout', (time: number) => seen.push(time));
      req.signal.addEventListener('abort', () => seen.push(req.signal.reason));
    });
    app.use((err: any, req: any, res: any, _next: any) => {
      seen.push(err);
      res.status(err.status).send('late');
    });
    await serve(app, async (port) => {
      const res = await within(send(port, { path: '/slow' }), 5000, 'the 503');
      assert.equal(res.status, 503);
    });
    assert.equal(seen.length, 3);
    const [reason, time, err] = seen as [any, number, any];
    assert.equal(reason, err);
    assert.equal(time, 30);
    assert.equal(err.code, 'ETIMEDOUT');
  });

  test('a signal read after the time ran out is already aborted', async () => {
    const app = webapp();
    app.use(webapp.timeout(20, { respond: false }));
    app.get('/', (req, res) => {
      req.on('timeout', () => {
        res.send(`${req.signal.aborted} ${(req.signal.reason as any).code}`);
      });
    });
    await serve(app, async (port) => {
      assert.equal((await within(send(port), 5000, 'the answer')).body, 'true ETIMEDOUT');
    });
  });

  test('mounted in a router and on a single route', async () => {
    const app = webapp();
    const router = webapp.Router();
    router.use(webapp.timeout(20));
    router.get('/slow', () => {});
    app.use('/api', router);
    app.get('/route', webapp.timeout(20), () => {});
    app.get('/fast', webapp.timeout(20), (req, res) => res.send('fast'));
    app.use((err: any, req: any, res: any, _next: any) =>
      res.status(err.status).send(`${req.originalUrl} ${err.code}`),
    );
    await serve(app, async (port) => {
      for (const path of ['/api/slow', '/route']) {
        const res = await within(send(port, { path }), 5000, path);
        assert.equal(res.status, 503);
        assert.equal(res.body, `${path} ETIMEDOUT`);
      }
      assert.equal((await send(port, { path: '/fast' })).body, 'fast');
    });
  });

  test('a second timeout on the way replaces the first', async () => {
    const app = webapp();
    app.use(webapp.timeout('1h'));
    app.get('/', webapp.timeout(20), () => {});
    app.use((err: any, req: any, res: any, _next: any) => res.status(err.status).send(String(err.timeout)));
    await serve(app, async (port) => {
      const res = await within(send(port), 5000, 'the 503');
      assert.equal(res.body, '20');
    });
  });

  test('a negative, non-numeric or unparsable time throws a RangeError with a code', () => {
    for (const time of [-1, Number.NaN, Number.POSITIVE_INFINITY, 'soon', '-1s', '', {}, null, true]) {
      assert.throws(() => webapp.timeout(time as never), {
        name: 'RangeError',
        code: 'WEBAPP_TIMEOUT_INVALID',
      });
    }
    assert.equal(typeof webapp.timeout(0), 'function');
  });

  test('the module is the middleware itself, as connect-timeout is', () => {
    assert.equal(typeof timeoutModule, 'function');
    assert.equal(typeof timeoutModule('1s'), 'function');
    assert.equal(timeoutModule.timeout, webapp.timeout);
    assert.equal(timeoutModule.default, timeoutModule);
  });

  test('a late next() after the time ran out does not run the rest of a router, nor of a route', async () => {
    const app = webapp();
    const ran: string[] = [];
    let lateDone!: () => void;
    let late = 0;
    const allLate = new Promise<void>((resolve) => {
      lateDone = resolve;
    });
    /** Calls `next()` once the request has timed out (its 'timeout' event), then once more later. */
    const slow = (label: string) => (req: any, _res: any, next: any) => {
      req.once('timeout', () =>
        setImmediate(() => {
          ran.push(`${label}: late next`);
          next();
          if (++late === 4) setImmediate(lateDone);
        }),
      );
    };
    const rest = (label: string) => (req: any, res: any, next: any) => {
      ran.push(`${label}: rest ran`);
      next();
    };
    app.use('/app', webapp.timeout(20));
    const api = webapp.Router();
    api.use(slow('router'), rest('router'));
    api.get('/x', rest('router route'));
    app.use('/app/api', api);
    const inner = webapp.Router();
    inner.use(webapp.timeout(20));
    inner.get('/y', slow('inner single route'));
    inner.use(rest('inner'));
    app.use('/inner', inner);
    app.get('/route', webapp.timeout(20), slow('route'), rest('route'));
    // The time is kept by an app-level timeout(); the route's walk is the route's own.
    const outer = webapp.Router();
    outer.use(webapp.timeout(20));
    outer.get('/z', slow('outer route'), rest('outer route'));
    app.use('/outer', outer);
    app.use(rest('app'));
    app.use((err: any, req: any, res: any, _next: any) => {
      ran.push(`${req.originalUrl}: ${err.code}`);
      res.status(err.status).send('timed out');
    });
    await serve(app, async (port) => {
      for (const path of ['/app/api/x', '/inner/y', '/route', '/outer/z']) {
        const res = await within(send(port, { path }), 5000, path);
        assert.equal(res.status, 503, path);
      }
      await within(allLate, 5000, 'the late calls');
      // The late calls have been made: what they start runs at once, or a few turns later (a walk
      // that ends hands over on a later turn); ten turns leave room for every hop.
      for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
    });
    assert.deepEqual(ran.sort(), [
      '/app/api/x: ETIMEDOUT',
      '/inner/y: ETIMEDOUT',
      '/outer/z: ETIMEDOUT',
      '/route: ETIMEDOUT',
      'inner single route: late next',
      'outer route: late next',
      'route: late next',
      'router: late next',
    ]);
  });
});
