import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress, request } from './support/http';

const VIEWS = path.resolve(__dirname, '../../test/fixtures/views');
const CUSTOM = path.join(VIEWS, 'custom');
const OTHER = path.join(VIEWS, 'other');

type Callback = (err: any, html?: string) => void;

/** A tiny engine: reads the file and replaces {{key}} with options[key]. */
function tmpl(file: string, options: Record<string, any>, cb: Callback): void {
  fs.readFile(file, 'utf8', (err, str) => {
    if (err) return cb(err);
    cb(
      null,
      str.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(options[key])),
    );
  });
}

/** Error handler that reports the message with the fixture path made stable. */
function reportError(err: any, _req: any, res: any, _next: any): void {
  res.status(500).send(`error: ${String(err.message).split(VIEWS).join('<views>')}`);
}

const user = { name: 'Tobi <b>' };

describe('res.render(view, [locals], [callback])', () => {
  describe('with real engines, same as express@4', () => {
    test('ejs', async () => {
      await assertSameAsExpress(
        (lib) => {
          const app = lib();
          app.set('views', path.join(VIEWS, 'ejs'));
          app.set('view engine', 'ejs');
          app.locals.title = 'app title';
          app.get('/', (_req: any, res: any) => res.render('user', { user }));
          app.get('/locals', (_req: any, res: any) => {
            res.locals.msg = 'res msg';
            res.render('locals');
          });
          app.get('/call', (_req: any, res: any) => {
            res.locals.title = 'res title';
            res.locals.msg = 'res msg';
            res.render('locals', { msg: 'call msg' });
          });
          app.get('/broken', (_req: any, res: any) => res.render('broken'));
          app.use(reportError);
          return app;
        },
        [{ path: '/' }, { path: '/locals' }, { path: '/call' }, { path: '/broken' }],
      );
    });

    test('pug', async () => {
      await assertSameAsExpress(
        (lib) => {
          const app = lib();
          app.set('views', path.join(VIEWS, 'pug'));
          app.set('view engine', 'pug');
          app.get('/', (_req: any, res: any) => res.render('user', { user }));
          app.get('/ext', (_req: any, res: any) => res.render('user.pug', { user }));
          return app;
        },
        [{ path: '/' }, { path: '/ext' }, { path: '/', method: 'HEAD' }],
      );
    });

    test('hbs (with its layout from settings.views)', async () => {
      await assertSameAsExpress(
        (lib) => {
          const app = lib();
          app.set('views', path.join(VIEWS, 'hbs'));
          app.set('view engine', 'hbs');
          app.get('/', (_req: any, res: any) => res.render('user', { user }));
          app.get('/nolayout', (_req: any, res: any) => res.render('user', { user, layout: false }));
          return app;
        },
        [{ path: '/' }, { path: '/nolayout' }],
      );
    });

    test('express-handlebars (with a default layout)', async () => {
      const { engine } = require('express-handlebars');
      await assertSameAsExpress(
        (lib) => {
          const app = lib();
          app.engine('handlebars', engine({ defaultLayout: 'main' }));
          app.set('views', path.join(VIEWS, 'handlebars'));
          app.set('view engine', 'handlebars');
          app.get('/', (_req: any, res: any) => res.render('home', { user }));
          app.get('/missing', (_req: any, res: any) => res.render('nope'));
          app.use(reportError);
          return app;
        },
        [{ path: '/' }, { path: '/missing' }],
      );
    });

    test('nunjucks (which replaces the "view" setting)', async () => {
      const nunjucks = require('nunjucks');
      await assertSameAsExpress(
        (lib) => {
          const app = lib();
          const env = new nunjucks.Environment(new nunjucks.FileSystemLoader(path.join(VIEWS, 'nunjucks')));
          env.express(app);
          app.set('view engine', 'njk');
          app.get('/', (_req: any, res: any) => res.render('user', { user }));
          app.get('/missing', (_req: any, res: any) => res.render('nope'));
          app.use(reportError);
          return app;
        },
        [{ path: '/' }, { path: '/missing' }],
      );
    });

    test('a custom engine via app.engine, nested views, index fallback and view arrays', async () => {
      await assertSameAsExpress(
        (lib) => {
          const app = lib();
          app.engine('tmpl', tmpl);
          app.set('views', [CUSTOM, OTHER]);
          app.set('view engine', 'tmpl');
          app.get('/nested', (_req: any, res: any) => res.render('nested/deep/page', { name: 'n' }));
          app.get('/index', (_req: any, res: any) => res.render('blog', { name: 'i' }));
          app.get('/both', (_req: any, res: any) => res.render('both', { name: 'b' }));
          app.get('/second', (_req: any, res: any) => res.render('only-other', { name: 's' }));
          app.get('/missing', (_req: any, res: any) => res.render('nope'));
          app.use(reportError);
          return app;
        },
        [
          { path: '/nested' },
          { path: '/index' },
          { path: '/both' },
          { path: '/second' },
          { path: '/missing' },
        ],
      );
    });
  });

  test('sends 200 text/html with the rendered string', async () => {
    const app = webapp();
    app.engine('tmpl', tmpl);
    app.set('views', CUSTOM);
    app.get('/', (_req: any, res: any) => res.render('user.tmpl', { name: 'x' }));
    const res = await request(app, { path: '/' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(res.body, '<p>x</p>\n');
  });

  test('locals precedence: app.locals < res.locals < call locals, same as express@4', async () => {
    await assertSameAsExpress(
      (lib) => {
        const app = lib();
        app.engine('tmpl', tmpl);
        app.set('views', CUSTOM);
        app.set('view engine', 'tmpl');
        app.locals.name = 'app';
        app.get('/app', (_req: any, res: any) => res.render('user'));
        app.get('/res', (_req: any, res: any) => {
          res.locals.name = 'res';
          res.render('user');
        });
        app.get('/call', (_req: any, res: any) => {
          res.locals.name = 'res';
          res.render('user', { name: 'call' });
        });
        app.get('/res-only-this-request', (_req: any, res: any) => res.render('user'));
        return app;
      },
      [{ path: '/app' }, { path: '/res' }, { path: '/call' }, { path: '/res-only-this-request' }],
    );
  });

  test('the engine sees settings, cache, _locals and the merged locals', async () => {
    const app = webapp();
    let seen: any;
    app.engine('tmpl', (_f: string, options: any, cb: Callback) => {
      seen = options;
      cb(null, 'ok');
    });
    app.set('views', CUSTOM);
    app.locals.a = 1;
    app.get('/', (_req: any, res: any) => {
      res.locals.b = 2;
      res.render('user.tmpl', { c: 3 });
    });
    await request(app, { path: '/' });
    assert.equal(seen.settings, app.settings);
    assert.equal(seen.cache, false);
    assert.equal(seen.a, 1);
    assert.equal(seen.b, 2);
    assert.equal(seen.c, 3);
    assert.deepEqual({ ...seen._locals }, { b: 2 });
  });

  test("does not write _locals onto the caller's options object", async () => {
    const app = webapp();
    app.engine('tmpl', tmpl);
    app.set('views', CUSTOM);
    const shared = { name: 'shared' };
    app.get('/', (_req: any, res: any) => res.render('user.tmpl', shared));
    const res = await request(app, { path: '/' });
    assert.equal(res.body, '<p>shared</p>\n');
    assert.deepEqual(Object.keys(shared), ['name']);
  });

  test('a "__proto__" key in the locals does not replace the prototype of what app.render gets', async () => {
    const app = webapp();
    let seen: any;
    app.render = (_name: string, options: any, cb: Callback) => {
      seen = options;
      cb(null, 'ok');
    };
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "name": "n"}');
    app.get('/', (_req: any, res: any) => res.render('user.tmpl', hostile));
    await request(app, { path: '/' });
    assert.equal(Object.getPrototypeOf(seen), Object.prototype);
    assert.equal(seen.polluted, undefined);
    assert.equal(seen.name, 'n');
  });

  test('locals that are not an object are ignored', async () => {
    const app = webapp();
    app.engine('tmpl', tmpl);
    app.set('views', CUSTOM);
    app.locals.name = 'app';
    app.get('/', (_req: any, res: any) => res.render('user.tmpl', 'not an object' as any));
    assert.equal((await request(app, { path: '/' })).body, '<p>app</p>\n');
  });

  describe('errors go to next(err) without a callback, same as express@4', () => {
    function build(lib: any): any {
      const app = lib();
      app.engine('tmpl', tmpl);
      app.engine('throws', () => {
        throw new Error('thrown by the engine');
      });
      app.engine('fails', (_f: string, _o: object, cb: Callback) =>
        setImmediate(cb, new Error('engine called back')),
      );
      app.set('views', CUSTOM);
      app.get('/missing', (_req: any, res: any) => res.render('nope.tmpl'));
      app.get('/throws', (_req: any, res: any) => res.render('user.throws'));
      app.get('/fails', (_req: any, res: any) => res.render('user.fails'));
      app.get('/no-engine', (_req: any, res: any) => res.render('user'));
      app.get('/not-an-engine', (_req: any, res: any) => res.render('user.fs'));
      app.get('/not-a-file', (_req: any, res: any) => res.render('folder.tmpl'));
      return app;
    }
    const requests = ['/missing', '/throws', '/fails', '/no-engine', '/not-an-engine', '/not-a-file'].map(
      (p) => ({
        path: p,
      }),
    );

    test('to an error handler', async () => {
      await assertSameAsExpress((lib) => {
        const app = build(lib);
        app.use(reportError);
        return app;
      }, requests);
    });

    test('to the final handler', async () => {
      // In production the final handler prints the status text, not the stack (whose file names differ),
      // and logs the error: keep the test output clean.
      const log = console.error;
      console.error = () => {};
      try {
        await assertSameAsExpress((lib) => {
          const app = build(lib);
          app.set('env', 'production');
          return app;
        }, requests);
      } finally {
        // webapp logs from a setImmediate after the response.
        await new Promise((resolve) => setImmediate(resolve));
        console.error = log;
      }
    });
  });

  describe('with a callback nothing is sent automatically, same as express@4', () => {
    test('success and failure are handed to the callback', async () => {
      await assertSameAsExpress(
        (lib) => {
          const app = lib();
          app.engine('tmpl', tmpl);
          app.set('views', CUSTOM);
          app.set('view engine', 'tmpl');
          app.get('/ok', (_req: any, res: any) =>
            res.render('user', { name: 'cb' }, (err: any, html: string) => {
              // Sending later proves nothing was sent before.
              setTimeout(() => res.status(201).send(`wrapped ${err ? 'error' : html}`), 5);
            }),
          );
          app.get('/two-args', (_req: any, res: any) =>
            res.render('user', (err: any, html: string) => res.send(`two ${err ? 'error' : html}`)),
          );
          app.get('/error', (_req: any, res: any) =>
            res.render('nope', (err: any) =>
              res.status(404).send(`handled ${err.message.split(VIEWS).join('')}`),
            ),
          );
          app.use(reportError);
          return app;
        },
        [{ path: '/ok' }, { path: '/two-args' }, { path: '/error' }],
      );
    });

    test('the callback is not called and nothing is sent until it decides', async () => {
      const app = webapp();
      app.engine('tmpl', tmpl);
      app.set('views', CUSTOM);
      let sentBeforeCallbackReturned: boolean | undefined;
      app.get('/', (_req: any, res: any) =>
        res.render('user.tmpl', { name: 'z' }, (_err: any, html: string) => {
          sentBeforeCallbackReturned = res.headersSent;
          res.type('text').send(html.toUpperCase());
        }),
      );
      const res = await request(app, { path: '/' });
      assert.equal(sentBeforeCallbackReturned, false);
      assert.equal(res.body, '<P>Z</P>\n');
      assert.match(String(res.headers['content-type']), /^text\/plain/);
    });

    test('a view-building error goes to the callback too (Express 4 would throw it past the callback)', async () => {
      const app = webapp();
      app.set('views', CUSTOM);
      let received: any;
      app.get('/', (_req: any, res: any) =>
        res.render('user', (err: any) => {
          received = err;
          res.status(418).end();
        }),
      );
      const res = await request(app, { path: '/' });
      assert.equal(res.status, 418);
      assert.equal(received.message, 'No default engine was specified and no extension was provided.');
    });
  });

  test('uses the app handling the request: a mounted sub-app renders with its own settings', async () => {
    await assertSameAsExpress(
      (lib) => {
        const app = lib();
        const sub = lib();
        sub.engine('tmpl', tmpl);
        sub.set('views', OTHER);
        sub.set('view engine', 'tmpl');
        sub.get('/', (_req: any, res: any) => res.render('both', { name: 'sub' }));
        app.engine('tmpl', tmpl);
        app.set('views', CUSTOM);
        app.set('view engine', 'tmpl');
        app.use('/sub', sub);
        app.get('/', (_req: any, res: any) => res.render('both', { name: 'parent' }));
        return app;
      },
      [{ path: '/' }, { path: '/sub' }],
    );
  });

  test('goes through app.render, so an overridden app.render is used', async () => {
    await assertSameAsExpress(
      (lib) => {
        const app = lib();
        app.render = (name: string, options: any, cb: Callback) =>
          cb(null, `override ${name} ${options.x} ${typeof options._locals}`);
        app.get('/', (_req: any, res: any) => res.render('anything', { x: 1 }));
        return app;
      },
      [{ path: '/' }],
    );
  });

  test('HTML from the engine is sent as is (engines escape, not res.render)', async () => {
    await assertSameAsExpress(
      (lib) => {
        const app = lib();
        app.engine('tmpl', tmpl);
        app.set('views', CUSTOM);
        app.get('/', (_req: any, res: any) => res.render('user.tmpl', { name: '<script>x</script>' }));
        return app;
      },
      [{ path: '/' }],
    );
  });
});
