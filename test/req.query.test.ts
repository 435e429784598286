import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertSameAsExpress, request, send } from './support/http';
import { echoApp } from './support/request-echo';

import webapp = require('../src/index');

const URLS = [
  '/',
  '/?',
  '/?a=1&b=2',
  '/?a=1&a=2',
  '/?a[b]=1&a[c]=2',
  '/?a[]=1&a[]=2',
  '/?a[21]=x',
  '/?a[1000]=x',
  '/?a[b][c][d][e][f][g]=1',
  '/?a=%20b+c&d=%ZZ',
  '/?__proto__[x]=1&constructor[prototype][y]=2&a[__proto__][z]=3',
  '/?__proto__=1&hasOwnProperty=2',
  `/?${Array.from({ length: 1100 }, (_, i) => `k${i}=${i}`).join('&')}`,
];

const SETTINGS: unknown[] = [undefined, 'extended', 'simple', true, false, (str: string) => ({ raw: str })];

describe('req.query', () => {
  for (const setting of SETTINGS) {
    const label = typeof setting === 'function' ? 'a function' : JSON.stringify(setting);
    it(`answers like Express 4 with query parser ${label}`, async () => {
      const settings = setting === undefined ? {} : { 'query parser': setting };
      await assertSameAsExpress(
        echoApp(
          (req) => [req.query, Object.getPrototypeOf(req.query) === null, ({} as any).x ?? null],
          settings,
        ),
        URLS.map((path) => ({ path })),
      );
    });
  }

  it('is a plain writable, enumerable own property once read or assigned (express-validator, lodash _.set)', async () => {
    await assertSameAsExpress(
      (lib: any) => {
        const app = lib();
        app.use((req: any, _res: any, next: any) => {
          req.query.added = 'yes';
          next();
        });
        app.use((req: any, _res: any, next: any) => {
          if (req.headers['x-replace']) req.query = { replaced: true };
          next();
        });
        app.get('/', (req: any, res: any) => {
          const descriptor = Object.getOwnPropertyDescriptor(req, 'query');
          res.end(
            JSON.stringify([
              req.query,
              descriptor?.writable,
              descriptor?.enumerable,
              descriptor?.configurable,
              'get' in (descriptor ?? {}),
            ]),
          );
        });
        return app;
      },
      [{ path: '/?a=1' }, { path: '/?a=1', headers: { 'x-replace': '1' } }],
    );
  });

  it('keeps a value assigned before the first read', async () => {
    const app = webapp();
    app.use((req: any, _res: any, next: any) => {
      req.query = 'custom';
      next();
    });
    app.get('/', (req: any, res: any) => res.end(JSON.stringify(req.query)));
    assert.equal((await request(app, { path: '/?a=1' })).body, '"custom"');
  });

  it('does not parse when nobody reads it, and parses once when read', async () => {
    let calls = 0;
    const app = webapp();
    app.set('query parser', (str: string) => {
      calls++;
      return { str };
    });
    app.get('/skip', (_req: any, res: any) => res.end('ok'));
    app.get('/read', (req: any, res: any) => {
      const first = req.query;
      res.end(JSON.stringify([first, first === req.query]));
    });
    await request(app, { path: '/skip?a=1' });
    assert.equal(calls, 0);
    assert.equal((await request(app, { path: '/read?a=1' })).body, '[{"str":"a=1"},true]');
    assert.equal(calls, 1);
  });

  it('hands a custom parser null when there is no query string, as Express 4 does', async () => {
    await assertSameAsExpress(
      echoApp((req) => req.query, {
        'query parser': (str: unknown) => ({ type: str === null ? 'null' : typeof str, str }),
      }),
      [{ path: '/' }, { path: '/?' }, { path: '/?x' }],
    );
  });

  // A plugin (or user) that deletes or overwrites `query parser fn`: Express 4 falls back to qs, the
  // "extended" parser. Non-function values of every kind, set before the routes as plugins do.
  const MISSING: Array<[string, (settings: Record<string, unknown>) => void]> = [
    ['deleted', (settings) => delete settings['query parser fn']],
    ['undefined', (settings) => (settings['query parser fn'] = undefined)],
    ['null', (settings) => (settings['query parser fn'] = null)],
    ['a string', (settings) => (settings['query parser fn'] = 'simple')],
    ['a number', (settings) => (settings['query parser fn'] = 0)],
    ['deleted after "simple"', (settings) => delete settings['query parser fn']],
  ];
  for (const [label, damage] of MISSING) {
    it(`parses like "extended", as Express 4 does, when query parser fn is ${label}`, async () => {
      await assertSameAsExpress(
        (lib: any) => {
          const app = lib();
          if (label.endsWith('"simple"')) app.set('query parser', 'simple');
          damage(app.settings);
          app.all('*', (req: any, res: any) =>
            res.json([req.query, Object.getPrototypeOf(req.query) === null]),
          );
          return app;
        },
        URLS.map((path) => ({ path })),
      );
      const app = webapp();
      damage(app.settings);
      app.get('/', (req: any, res: any) => res.json(req.query));
      assert.equal((await request(app, { path: '/?a[b]=1&c=2' })).body, '{"a":{"b":"1"},"c":"2"}');
    });
  }

  it("rejects an unknown query parser setting with Express's TypeError", () => {
    assert.throws(() => webapp().set('query parser', 'fancy'), {
      name: 'TypeError',
      message: 'unknown value for query parser function: fancy',
    });
  });

  it('leaves Object.prototype untouched with pollution attempts', async () => {
    const app = webapp();
    app.get('/', (req: any, res: any) => res.end(JSON.stringify(req.query)));
    await request(app, { path: '/?__proto__[polluted]=1&constructor[prototype][polluted]=1' });
    const simple = webapp();
    simple.set('query parser', 'simple');
    simple.get('/', (req: any, res: any) => res.end(JSON.stringify(req.query)));
    await request(simple, { path: '/?__proto__=1&__proto__[polluted]=1' });
    assert.equal(({} as any).polluted, undefined);
    assert.equal(Object.hasOwn(Object.prototype, 'polluted'), false);
  });
});

describe('req.query is the query of the request as it entered the root app', () => {
  const apps = (lib: any) => {
    const app = lib();
    app.set('query parser', 'simple');
    // A rewrite before anyone reads req.query does not change it (Express parsed it on entry).
    app.use('/rewrite', (req: any, _res: any, next: any) => {
      req.url = '/b?x=2';
      next();
    });
    app.get('/rewrite/b', (req: any, res: any) => res.json(req.query));
    // A sub-app with another parser: the root's parser decides.
    const sub = lib();
    sub.set('query parser', 'extended');
    sub.get('/b', (req: any, res: any) => res.json(req.query));
    app.use('/sub', sub);
    // Mounted with router.use, which leaves req.app on the sub-app.
    const router = lib.Router();
    router.use(sub);
    app.use('/routed', router);
    return app;
  };
  const requests = [
    { path: '/rewrite/a?a=1' },
    { path: '/sub/b?a[x]=1&a[y]=2' },
    { path: '/routed/b?a[x]=1' },
    { path: '/sub/b' },
  ];

  it('through http.createServer(app), as on express@4', async () => {
    await assertSameAsExpress(apps, requests);
  });

  it('through app.listen, as on express@4', async () => {
    const expected = await Promise.all(
      requests.map(async (options) => (await request(apps(require('express')), options)).body),
    );
    const app = apps(webapp);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const port = (server.address() as { port: number }).port;
      const bodies = await Promise.all(requests.map(async (options) => (await send(port, options)).body));
      assert.deepEqual(bodies, expected);
      assert.deepEqual(JSON.parse(bodies[1]), { 'a[x]': '1', 'a[y]': '2' });
    } finally {
      server.close();
    }
  });

  it('a root app with query parsing off gives sub-apps {} too', async () => {
    await assertSameAsExpress(
      (lib: any) => {
        const app = lib();
        app.set('query parser', false);
        const sub = lib();
        sub.get('/b', (req: any, res: any) => res.json(req.query));
        app.use('/s', sub);
        return app;
      },
      [{ path: '/s/b?a[x]=1' }, { path: '/s/b?a=1' }],
    );
  });
});
