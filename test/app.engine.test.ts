import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress, request } from './support/http';

const VIEWS = path.resolve(__dirname, '../../test/fixtures/views');
const CUSTOM = path.join(VIEWS, 'custom');

type Callback = (err: any, html?: string) => void;

function renderPromise(app: any, name: string, options: object = {}): Promise<[any, string | undefined]> {
  return new Promise((resolve) =>
    app.render(name, options, (err: any, html?: string) => resolve([err, html])),
  );
}

describe('app.engine(ext, callback)', () => {
  test('registers an engine for the extension, with or without the dot, and returns the app', () => {
    const app = webapp();
    const a = () => {};
    const b = () => {};
    assert.equal(app.engine('foo', a), app);
    assert.equal(app.engines['.foo'], a);
    assert.equal(app.engine('.bar', b), app);
    assert.equal(app.engines['.bar'], b);
    assert.equal(app.engines.bar, undefined);
  });

  test('requires a function (Express 4 message)', () => {
    const app = webapp();
    assert.throws(() => app.engine('foo', undefined as any), { message: 'callback function required' });
    assert.throws(() => app.engine('foo', 'ejs' as any), { message: 'callback function required' });
  });

  test('the registered engine renders views of its extension with (path, options, callback)', async () => {
    const app = webapp();
    const calls: any[] = [];
    app.engine('.tmpl', (file: string, options: any, cb: Callback) => {
      calls.push(file);
      cb(null, `rendered ${options.v}`);
    });
    app.set('views', CUSTOM);
    assert.deepEqual(await renderPromise(app, 'user.tmpl', { v: 1 }), [null, 'rendered 1']);
    assert.deepEqual(calls, [path.join(CUSTOM, 'user.tmpl')]);
  });

  test('a later registration replaces the earlier one', async () => {
    const app = webapp();
    app.set('views', CUSTOM);
    app.engine('tmpl', (_f: string, _o: object, cb: Callback) => cb(null, 'one'));
    app.engine('.tmpl', (_f: string, _o: object, cb: Callback) => cb(null, 'two'));
    assert.deepEqual(await renderPromise(app, 'user.tmpl'), [null, 'two']);
  });

  test('engines are per application', () => {
    const one = webapp();
    const two = webapp();
    one.engine('tmpl', () => {});
    assert.equal(two.engines['.tmpl'], undefined);
  });

  test('same as express@4 with and without the dot', async () => {
    await assertSameAsExpress(
      (lib) => {
        const app = lib();
        app.set('views', CUSTOM);
        app.engine('tmpl', (f: string, _o: object, cb: Callback) => cb(null, `plain ${path.basename(f)}`));
        app.engine('.fails', (f: string, _o: object, cb: Callback) => cb(null, `dotted ${path.basename(f)}`));
        app.get('/plain', (_req: any, res: any) => res.render('user.tmpl'));
        app.get('/dotted', (_req: any, res: any) => res.render('user.fails'));
        return app;
      },
      [{ path: '/plain' }, { path: '/dotted' }],
    );
  });

  describe('an unregistered extension loads the module named after it', () => {
    test('through "view engine" and through an explicit extension; cached in app.engines', async () => {
      const app = webapp();
      app.set('views', path.join(VIEWS, 'ejs'));
      app.set('view engine', 'ejs');
      const [err, html] = await renderPromise(app, 'user', { user: { name: 'E' } });
      assert.equal(err, null);
      assert.equal(html, '<p>E</p>\n');
      assert.equal(app.engines['.ejs'], require('ejs').__express);

      app.set('views', path.join(VIEWS, 'pug'));
      assert.deepEqual(await renderPromise(app, 'user.pug', { user: { name: 'P' } }), [null, '<p>P</p>']);
      assert.equal(app.engines['.pug'], require('pug').__express);
    });

    test('loaded once: later renders use the cached entry', async () => {
      const app = webapp();
      app.set('views', path.join(VIEWS, 'ejs'));
      await renderPromise(app, 'user.ejs', { user: { name: 'E' } });
      app.engines['.ejs'] = (_f: string, _o: object, cb: Callback) => cb(null, 'from the table');
      assert.deepEqual(await renderPromise(app, 'user.ejs'), [null, 'from the table']);
    });

    test('a module that does not provide an engine: same as express@4', async () => {
      await assertSameAsExpress(
        (lib) => {
          const app = lib();
          app.set('views', CUSTOM);
          app.get('/', (_req: any, res: any) => res.render('user.fs'));
          app.use((err: any, _req: any, res: any, _next: any) => res.status(500).send(err.message));
          return app;
        },
        [{ path: '/' }],
      );
    });

    describe('resolved from the application directory (process.cwd())', () => {
      let dir: string;
      let previous: string;

      before(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webapp-engine-'));
        const write = (name: string, source: string) => {
          fs.mkdirSync(path.join(dir, 'node_modules', name), { recursive: true });
          fs.writeFileSync(path.join(dir, 'node_modules', name, 'index.js'), source);
        };
        write(
          'waeng',
          'exports.__webapp = (p, o, cb) => cb(null, "webapp engine " + o.x);' +
            'exports.__express = (p, o, cb) => cb(null, "express engine");',
        );
        write('waexp', 'exports.__express = (p, o, cb) => cb(null, "express fallback " + o.x);');
        fs.mkdirSync(path.join(dir, 'views'));
        fs.writeFileSync(path.join(dir, 'views', 'page.waeng'), '');
        fs.writeFileSync(path.join(dir, 'views', 'page.waexp'), '');
        previous = process.cwd();
        process.chdir(dir);
      });

      after(() => {
        process.chdir(previous);
        fs.rmSync(dir, { recursive: true, force: true });
      });

      test('__webapp is used when present, __express otherwise, through res.render', async () => {
        const app = webapp();
        app.set('views', path.join(dir, 'views'));
        app.get('/a', (_req: any, res: any) => res.render('page.waeng', { x: 1 }));
        app.set('view engine', 'waexp');
        app.get('/b', (_req: any, res: any) => res.render('page', { x: 2 }));
        assert.equal((await request(app, { path: '/a' })).body, 'webapp engine 1');
        assert.equal((await request(app, { path: '/b' })).body, 'express fallback 2');
      });
    });
  });

  test('express-handlebars instances are registered with app.engine', async () => {
    const { engine } = require('express-handlebars');
    const app = webapp();
    app.engine('handlebars', engine({ defaultLayout: 'main' }));
    app.set('views', path.join(VIEWS, 'handlebars'));
    app.set('view engine', 'handlebars');
    const [err, html] = await renderPromise(app, 'home', { user: { name: 'H&' } });
    assert.equal(err, null);
    // express-handlebars trims the trailing newlines of the view and of the layout.
    assert.equal(html, '<html><body><p>H&amp;</p></body></html>');
  });
});
