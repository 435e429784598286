import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';

import webapp = require('../src/index');

import { View } from '../src/view/view';
import { assertSameAsExpress } from './support/http';

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

/** An app with the tmpl engine over the custom fixtures. */
function makeApp(lib: any = webapp): any {
  const app = lib();
  app.engine('tmpl', tmpl);
  app.set('views', CUSTOM);
  app.set('view engine', 'tmpl');
  return app;
}

/** app.render as a promise of [err, html]. */
function render(app: any, name: string, options?: object): Promise<[any, string | undefined]> {
  return new Promise((resolve) => {
    if (options === undefined) app.render(name, (err: any, html?: string) => resolve([err, html]));
    else app.render(name, options, (err: any, html?: string) => resolve([err, html]));
  });
}

/** An engine that records the options it was given and renders nothing. */
function recorder(): { engine: (f: string, o: any, cb: Callback) => void; seen: any[] } {
  const seen: any[] = [];
  return {
    seen,
    engine(_file, options, cb) {
      seen.push(options);
      cb(null, 'ok');
    },
  };
}

describe('app.render(view, [locals], callback)', () => {
  test('renders a view with the call locals', async () => {
    const [err, html] = await render(makeApp(), 'user', { name: 'Tobi' });
    assert.equal(err, null);
    assert.equal(html, '<p>Tobi</p>\n');
  });

  test('accepts (view, callback)', async () => {
    const app = makeApp();
    app.locals.name = 'Loki';
    const [err, html] = await render(app, 'user');
    assert.equal(err, null);
    assert.equal(html, '<p>Loki</p>\n');
  });

  test('accepts an explicit extension, nested paths and name/index', async () => {
    const app = makeApp();
    assert.deepEqual(await render(app, 'user.tmpl', { name: 'a' }), [null, '<p>a</p>\n']);
    assert.deepEqual(await render(app, 'nested/deep/page', { name: 'b' }), [null, 'deep b\n']);
    assert.deepEqual(await render(app, 'blog', { name: 'c' }), [null, 'blog index c\n']);
  });

  test('accepts an absolute path', async () => {
    const app = makeApp();
    const [err, html] = await render(app, path.join(OTHER, 'only-other.tmpl'), { name: 'x' });
    assert.equal(err, null);
    assert.equal(html, 'other only x\n');
  });

  test('"view engine" may be given with a leading dot', async () => {
    const app = makeApp();
    app.set('view engine', '.tmpl');
    assert.deepEqual(await render(app, 'user', { name: 'dot' }), [null, '<p>dot</p>\n']);
  });

  test('searches an array of view directories in order', async () => {
    const app = makeApp();
    app.set('views', [OTHER, CUSTOM]);
    assert.deepEqual(await render(app, 'both', { name: 'n' }), [null, 'second n\n']);
    assert.deepEqual(await render(app, 'user', { name: 'n' }), [null, '<p>n</p>\n']);
    app.set('views', [CUSTOM, OTHER]);
    assert.deepEqual(await render(app, 'both', { name: 'n' }), [null, 'first n\n']);
    assert.deepEqual(await render(app, 'only-other', { name: 'n' }), [null, 'other only n\n']);
  });

  describe('locals', () => {
    test('app.locals, then _locals, then the call options; settings is app.settings', async () => {
      const app = makeApp();
      const rec = recorder();
      app.engine('tmpl', rec.engine);
      app.locals.a = 'app';
      app.locals.b = 'app';
      app.locals.c = 'app';
      await render(app, 'user', { _locals: { b: 'res', c: 'res' }, c: 'call' });
      const options = rec.seen[0];
      assert.equal(options.a, 'app');
      assert.equal(options.b, 'res');
      assert.equal(options.c, 'call');
      assert.equal(options.settings, app.settings);
      assert.equal(options.cache, false);
    });

    test('does not mutate app.locals or the call options', async () => {
      const app = makeApp();
      const rec = recorder();
      app.engine('tmpl', rec.engine);
      app.locals.a = 1;
      const call = { b: 2 };
      await render(app, 'user', call);
      assert.deepEqual(call, { b: 2 });
      assert.equal(app.locals.b, undefined);
      assert.notEqual(rec.seen[0], call);
    });

    test('inherited enumerable properties of the options are included, as in Express', async () => {
      const app = makeApp();
      const rec = recorder();
      app.engine('tmpl', rec.engine);
      const call = Object.create({ inherited: 'yes' });
      call.own = 'also';
      await render(app, 'user', call);
      assert.equal(rec.seen[0].inherited, 'yes');
      assert.equal(rec.seen[0].own, 'also');
    });

    test('a "__proto__" key in the options does not replace the prototype of the render options', async () => {
      const app = makeApp();
      const rec = recorder();
      app.engine('tmpl', rec.engine);
      const hostile = JSON.parse('{"__proto__": {"polluted": true}, "name": "x"}');
      await render(app, 'user', { _locals: hostile });
      await render(app, 'user', hostile);
      for (const options of rec.seen) {
        assert.equal(Object.getPrototypeOf(options), Object.prototype);
        assert.equal(options.polluted, undefined);
      }
      assert.equal(rec.seen[1].name, 'x');
      assert.equal(({} as any).polluted, undefined);
    });
  });

  describe('caching', () => {
    function countingApp(): { app: any; built: string[] } {
      const built: string[] = [];
      const app = makeApp();
      app.set(
        'view',
        class Counting extends View {
          constructor(name: string, options: any) {
            super(name, options);
            built.push(name);
          }
        },
      );
      return { app, built };
    }

    test('off by default outside production: the view is looked up on every render', async () => {
      const { app, built } = countingApp();
      await render(app, 'user', { name: 'a' });
      await render(app, 'user', { name: 'b' });
      assert.deepEqual(built, ['user', 'user']);
      assert.equal(Object.hasOwn(app.cache, 'user'), false);
    });

    test('"view cache" reuses the view from app.cache and tells the engine cache: true', async () => {
      const { app, built } = countingApp();
      const rec = recorder();
      app.engine('tmpl', rec.engine);
      app.enable('view cache');
      await render(app, 'user', { name: 'a' });
      await render(app, 'user', { name: 'b' });
      assert.deepEqual(built, ['user']);
      assert.ok(app.cache.user instanceof View);
      assert.equal(rec.seen.length, 2);
      assert.equal(rec.seen[0].cache, true);
    });

    test('the cache local enables caching without the setting', async () => {
      const { app, built } = countingApp();
      await render(app, 'user', { name: 'a', cache: true });
      await render(app, 'user', { name: 'b', cache: true });
      assert.deepEqual(built, ['user']);
    });

    test('cache: false bypasses the cache even with the setting on', async () => {
      const { app, built } = countingApp();
      const rec = recorder();
      app.engine('tmpl', rec.engine);
      app.enable('view cache');
      await render(app, 'user', { cache: false });
      await render(app, 'user', { cache: false });
      assert.deepEqual(built, ['user', 'user']);
      assert.equal(rec.seen[0].cache, false);
    });

    test('a cached view keeps rendering after its file went away (no re-lookup)', async () => {
      const { app } = countingApp();
      app.enable('view cache');
      await render(app, 'user', { name: 'a' });
      app.set('views', OTHER);
      const [err, html] = await render(app, 'user', { name: 'b' });
      assert.equal(err, null);
      assert.equal(html, '<p>b</p>\n');
    });

    test('a real engine (ejs) caches its compiled template only when caching is on', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webapp-render-cache-'));
      try {
        for (const [file, cached] of [
          ['on.ejs', true],
          ['off.ejs', false],
        ] as const) {
          const app = webapp();
          app.set('views', dir);
          if (cached) app.enable('view cache');
          const target = path.join(dir, file);
          fs.writeFileSync(target, 'v1 <%= x %>');
          assert.deepEqual(await render(app, file, { x: 1 }), [null, 'v1 1']);
          fs.writeFileSync(target, 'v2 <%= x %>');
          assert.deepEqual(await render(app, file, { x: 2 }), [null, cached ? 'v1 2' : 'v2 2']);
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    test('a missing view is not cached', async () => {
      const { app, built } = countingApp();
      app.enable('view cache');
      await render(app, 'nope');
      await render(app, 'nope');
      assert.deepEqual(built, ['nope', 'nope']);
      assert.equal(Object.hasOwn(app.cache, 'nope'), false);
    });

    test('a view named "__proto__" is neither read from nor written to the cache prototype', async () => {
      const { app } = countingApp();
      app.enable('view cache');
      const [err] = await render(app, '__proto__');
      assert.match(err.message, /^Failed to lookup view "__proto__"/);
      assert.equal(Object.getPrototypeOf(app.cache), Object.getPrototypeOf({}));
    });
  });

  describe('errors', () => {
    test('a missing view: Express 4 message with err.view', async () => {
      const app = makeApp();
      const [err, html] = await render(app, 'nope');
      assert.equal(html, undefined);
      assert.equal(err.message, `Failed to lookup view "nope" in views directory "${CUSTOM}"`);
      assert.ok(err.view instanceof View);
      assert.equal(err.view.name, 'nope');
    });

    test('a missing view with an array of directories lists them all', async () => {
      const app = makeApp();
      app.set('views', [CUSTOM, OTHER, '/x']);
      const [err] = await render(app, 'nope');
      assert.equal(
        err.message,
        `Failed to lookup view "nope" in views directories "${CUSTOM}", "${OTHER}" or "/x"`,
      );
      app.set('views', [CUSTOM]);
      const [single] = await render(app, 'nope');
      assert.equal(single.message, `Failed to lookup view "nope" in views directory "${CUSTOM}"`);
    });

    test('no extension and no default engine goes to the callback', async () => {
      const app = webapp();
      app.set('views', CUSTOM);
      const [err] = await render(app, 'user');
      assert.equal(err.message, 'No default engine was specified and no extension was provided.');
    });

    test('a module that is not an engine goes to the callback', async () => {
      const app = makeApp();
      const [err] = await render(app, 'user.fs');
      assert.equal(err.message, 'Module "fs" does not provide a view engine.');
    });

    test('a "view" setting that is not a constructor goes to the callback', async () => {
      const app = makeApp();
      app.set('view', 42);
      const [err] = await render(app, 'user');
      assert.ok(err instanceof TypeError);
    });

    test('an engine that throws', async () => {
      const app = makeApp();
      const boom = new Error('boom');
      app.engine('tmpl', () => {
        throw boom;
      });
      const [err, html] = await render(app, 'user');
      assert.equal(err, boom);
      assert.equal(html, undefined);
    });

    test('an engine that calls back with an error, synchronously or not', async () => {
      const app = makeApp();
      const boom = new Error('boom');
      app.engine('tmpl', (_f: string, _o: object, cb: Callback) => cb(boom));
      assert.equal((await render(app, 'user'))[0], boom);
      app.engine('tmpl', (_f: string, _o: object, cb: Callback) => setImmediate(cb, boom));
      assert.equal((await render(app, 'user'))[0], boom);
    });

    test('a real engine error (ejs reading an undefined local) reaches the callback', async () => {
      const app = webapp();
      app.set('views', path.join(VIEWS, 'ejs'));
      const [err] = await render(app, 'broken.ejs');
      assert.ok(err instanceof Error);
      assert.match(err.message, /missing is not defined/);
    });
  });

  describe('the callback is called once', () => {
    test('an engine calling back twice is heard once', async () => {
      const app = makeApp();
      app.engine('tmpl', (_f: string, _o: object, cb: Callback) => {
        cb(null, 'first');
        cb(null, 'second');
        setImmediate(cb, new Error('late'));
      });
      const calls: unknown[] = [];
      app.render('user', (err: any, html: string) => calls.push([err, html]));
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(calls, [[null, 'first']]);
    });

    test('an engine that throws after calling back: the error is thrown to the caller, not called back', () => {
      const app = makeApp();
      const late = new Error('late');
      app.engine('tmpl', (_f: string, _o: object, cb: Callback) => {
        cb(null, 'done');
        throw late;
      });
      const calls: unknown[] = [];
      assert.throws(
        () => app.render('user', (err: any, html: string) => calls.push([err, html])),
        (err) => err === late,
      );
      assert.deepEqual(calls, [[null, 'done']]);
    });

    test('a callback that throws is not called again with its own error', () => {
      const app = makeApp();
      app.engine('tmpl', (_f: string, _o: object, cb: Callback) => cb(null, 'html'));
      const mine = new Error('from the callback');
      let calls = 0;
      assert.throws(
        () =>
          app.render('user', () => {
            calls++;
            throw mine;
          }),
        (err) => err === mine,
      );
      assert.equal(calls, 1);
    });

    test('a synchronous engine calls back synchronously, as in Express 4', () => {
      const app = makeApp();
      app.engine('tmpl', (_f: string, _o: object, cb: Callback) => cb(null, 'sync'));
      let html: string | undefined;
      app.render('user', (_err: any, out: string) => {
        html = out;
      });
      assert.equal(html, 'sync');
    });
  });

  describe('the "view" setting', () => {
    test('is View by default', () => {
      assert.equal(webapp().get('view'), View);
    });

    test('a custom class is constructed with name, defaultEngine, root and engines and rendered', async () => {
      const app = makeApp();
      const seen: any[] = [];
      class Custom {
        path: string;
        constructor(
          public name: string,
          options: any,
        ) {
          seen.push(options);
          this.path = `custom:${name}`;
        }
        render(options: any, cb: Callback) {
          cb(null, `${this.path}|${options.x}`);
        }
      }
      app.set('view', Custom);
      const [err, html] = await render(app, 'anything', { x: 1 });
      assert.equal(err, null);
      assert.equal(html, 'custom:anything|1');
      assert.deepEqual(seen, [{ defaultEngine: 'tmpl', root: CUSTOM, engines: app.engines }]);
      assert.equal(seen[0].engines, app.engines);
    });

    test('a custom class without a path gives the lookup error', async () => {
      const app = makeApp();
      app.set(
        'view',
        class {
          root = ['a', 'b'];
          render() {
            throw new Error('not reached');
          }
        },
      );
      const [err] = await render(app, 'thing');
      assert.equal(err.message, 'Failed to lookup view "thing" in views directories "a" or "b"');
    });
  });

  test('requires a callback', () => {
    assert.throws(() => makeApp().render('user', {}), TypeError);
  });

  test('same result as express@4 for found and missing views, engine errors and locals', async () => {
    await assertSameAsExpress(
      (lib) => {
        const app = makeApp(lib);
        app.locals.name = 'app';
        app.engine('fail', (_f: string, _o: object, cb: Callback) => cb(new Error('engine failed')));
        app.get('/ok', (_req: any, res: any) =>
          app.render('user', { name: 'call' }, (err: any, html: string) =>
            res.send(err ? err.message : html),
          ),
        );
        app.get('/app-locals', (_req: any, res: any) =>
          app.render('user', (err: any, html: string) => res.send(err ? err.message : html)),
        );
        app.get('/missing', (_req: any, res: any) =>
          app.render('missing/view', (err: any, html: string) =>
            res.status(err ? 500 : 200).send(err ? err.message.replace(CUSTOM, '<views>') : html),
          ),
        );
        app.get('/fail', (_req: any, res: any) =>
          app.render('broken.fail', (err: any) => res.status(500).send(String(err?.message))),
        );
        return app;
      },
      [{ path: '/ok' }, { path: '/app-locals' }, { path: '/missing' }, { path: '/fail' }],
    );
  });
});
