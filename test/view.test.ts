import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { requireFromApp } from '../src/view/engine-loader';
import { View } from '../src/view/view';

const VIEWS = path.resolve(__dirname, '../../test/fixtures/views');
const CUSTOM = path.join(VIEWS, 'custom');
const OTHER = path.join(VIEWS, 'other');

/** A tiny engine: reads the file and replaces {{key}} with options[key]. */
function tmpl(file: string, options: Record<string, any>, cb: (err: any, html?: string) => void): void {
  fs.readFile(file, 'utf8', (err, str) => {
    if (err) return cb(err);
    cb(
      null,
      str.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(options[key])),
    );
  });
}

function engines(): Record<string, any> {
  return { '.tmpl': tmpl };
}

describe('new View(name, options)', () => {
  test('keeps name, root and defaultEngine, takes ext from the name', () => {
    const view = new View('user.tmpl', { root: CUSTOM, engines: engines(), defaultEngine: 'ejs' });
    assert.equal(view.name, 'user.tmpl');
    assert.equal(view.root, CUSTOM);
    assert.equal(view.defaultEngine, 'ejs');
    assert.equal(view.ext, '.tmpl');
    assert.equal(view.engine, tmpl);
    assert.equal(view.path, path.join(CUSTOM, 'user.tmpl'));
  });

  test('the default engine supplies a missing extension, without a leading dot', () => {
    const view = new View('user', { root: CUSTOM, engines: engines(), defaultEngine: 'tmpl' });
    assert.equal(view.ext, '.tmpl');
    assert.equal(view.name, 'user');
    assert.equal(view.path, path.join(CUSTOM, 'user.tmpl'));
  });

  test('the default engine supplies a missing extension, with a leading dot', () => {
    const view = new View('user', { root: CUSTOM, engines: engines(), defaultEngine: '.tmpl' });
    assert.equal(view.ext, '.tmpl');
    assert.equal(view.path, path.join(CUSTOM, 'user.tmpl'));
  });

  test('an explicit extension wins over the default engine', () => {
    const registered = { ...engines(), '.ejs': () => {} };
    const view = new View('user.tmpl', { root: CUSTOM, engines: registered, defaultEngine: 'ejs' });
    assert.equal(view.engine, tmpl);
  });

  test('throws Express 4 message with no extension and no default engine', () => {
    assert.throws(() => new View('user', { root: CUSTOM, engines: engines() }), {
      message: 'No default engine was specified and no extension was provided.',
    });
  });

  test('nested names are resolved below the root', () => {
    const view = new View('nested/deep/page', { root: CUSTOM, engines: engines(), defaultEngine: 'tmpl' });
    assert.equal(view.path, path.join(CUSTOM, 'nested', 'deep', 'page.tmpl'));
  });

  test('falls back to name/index.<ext>', () => {
    const view = new View('blog', { root: CUSTOM, engines: engines(), defaultEngine: 'tmpl' });
    assert.equal(view.path, path.join(CUSTOM, 'blog', 'index.tmpl'));
    const explicit = new View('blog.tmpl', { root: CUSTOM, engines: engines() });
    assert.equal(explicit.path, path.join(CUSTOM, 'blog', 'index.tmpl'));
  });

  test('an absolute name ignores the root', () => {
    const abs = path.join(OTHER, 'only-other.tmpl');
    const view = new View(abs, { root: CUSTOM, engines: engines() });
    assert.equal(view.path, abs);
  });

  test('a directory is not a view', () => {
    const view = new View('folder.tmpl', { root: CUSTOM, engines: engines() });
    assert.equal(view.path, undefined);
  });

  test('a missing file leaves path undefined', () => {
    const view = new View('nope', { root: CUSTOM, engines: engines(), defaultEngine: 'tmpl' });
    assert.equal(view.path, undefined);
  });

  test('a name the file system rejects (NUL byte) is not found rather than thrown', () => {
    const view = new View('us\0er.tmpl', { root: CUSTOM, engines: engines() });
    assert.equal(view.path, undefined);
  });

  test('a file used as a directory is not found rather than thrown (ENOTDIR)', () => {
    const view = new View('user.tmpl/x.tmpl', { root: CUSTOM, engines: engines() });
    assert.equal(view.path, undefined);
  });

  test('an array of roots is searched in order', () => {
    const both = new View('both', { root: [CUSTOM, OTHER], engines: engines(), defaultEngine: 'tmpl' });
    assert.equal(both.path, path.join(CUSTOM, 'both.tmpl'));
    const reversed = new View('both', { root: [OTHER, CUSTOM], engines: engines(), defaultEngine: 'tmpl' });
    assert.equal(reversed.path, path.join(OTHER, 'both.tmpl'));
    const second = new View('only-other', {
      root: [CUSTOM, OTHER],
      engines: engines(),
      defaultEngine: 'tmpl',
    });
    assert.equal(second.path, path.join(OTHER, 'only-other.tmpl'));
    const none = new View('nope', { root: [CUSTOM, OTHER], engines: engines(), defaultEngine: 'tmpl' });
    assert.equal(none.path, undefined);
  });

  test('an index in an earlier root does not hide a file in a later one', () => {
    // other/index.tmpl exists, custom/index.tmpl does not: "index" is looked up per root, file first.
    const view = new View('index', { root: [CUSTOM, OTHER], engines: engines(), defaultEngine: 'tmpl' });
    assert.equal(view.path, path.join(OTHER, 'index.tmpl'));
  });

  test('lookup() can be called again for another name', () => {
    const view = new View('user', { root: CUSTOM, engines: engines(), defaultEngine: 'tmpl' });
    assert.equal(view.lookup('both.tmpl'), path.join(CUSTOM, 'both.tmpl'));
    assert.equal(view.lookup('missing.tmpl'), undefined);
  });

  test('resolve() is overridable by subclasses, as lookup goes through it', () => {
    const seen: string[] = [];
    class Tracing extends View {
      override resolve(dir: string, file: string): string | undefined {
        seen.push(path.join(dir, file));
        return super.resolve(dir, file);
      }
    }
    const view = new Tracing('only-other', {
      root: [CUSTOM, OTHER],
      engines: engines(),
      defaultEngine: 'tmpl',
    });
    assert.deepEqual(seen, [path.join(CUSTOM, 'only-other.tmpl'), path.join(OTHER, 'only-other.tmpl')]);
    assert.equal(view.path, path.join(OTHER, 'only-other.tmpl'));
  });

  test('render() calls the engine with the path, the options and the callback', () => {
    const calls: unknown[][] = [];
    const engine = (file: string, options: object, cb: (err: any, html?: string) => void) => {
      calls.push([file, options]);
      cb(null, 'ok');
    };
    const view = new View('user.tmpl', { root: CUSTOM, engines: { '.tmpl': engine } });
    const options = { a: 1 };
    let result: unknown;
    view.render(options, (err, html) => {
      result = [err, html];
    });
    assert.deepEqual(calls, [[path.join(CUSTOM, 'user.tmpl'), options]]);
    assert.equal(calls[0][1], options);
    assert.deepEqual(result, [null, 'ok']);
  });

  test('render() with the real file renders through the engine', async () => {
    const view = new View('user', { root: CUSTOM, engines: engines(), defaultEngine: 'tmpl' });
    const html = await new Promise((resolve, reject) =>
      view.render({ name: 'Tobi' }, (err, out) => (err ? reject(err) : resolve(out))),
    );
    assert.equal(html, '<p>Tobi</p>\n');
  });
});

describe('engine loading by extension', () => {
  test('an unregistered extension loads the module named after it and caches it in engines', () => {
    const table: Record<string, any> = {};
    const view = new View('user.ejs', { root: path.join(VIEWS, 'ejs'), engines: table });
    assert.equal(view.engine, require('ejs').__express);
    assert.equal(table['.ejs'], view.engine);
  });

  test('the default engine also triggers loading', () => {
    const table: Record<string, any> = {};
    const view = new View('user', { root: path.join(VIEWS, 'pug'), engines: table, defaultEngine: 'pug' });
    assert.equal(table['.pug'], require('pug').__express);
    assert.equal(view.path, path.join(VIEWS, 'pug', 'user.pug'));
  });

  test('a registered engine is not replaced by loading', () => {
    const mine = () => {};
    const table: Record<string, any> = { '.ejs': mine };
    const view = new View('user.ejs', { root: path.join(VIEWS, 'ejs'), engines: table });
    assert.equal(view.engine, mine);
  });

  test('a module that is not an engine: Express 4 message', () => {
    const table: Record<string, any> = {};
    assert.throws(() => new View('file.fs', { root: CUSTOM, engines: table }), {
      message: 'Module "fs" does not provide a view engine.',
    });
    assert.equal(table['.fs'], undefined);
  });

  test('a module that does not exist: the require error', () => {
    assert.throws(() => new View('file.webapp-no-such-engine-xyz', { root: CUSTOM, engines: {} }), {
      code: 'MODULE_NOT_FOUND',
      message: /Cannot find module 'webapp-no-such-engine-xyz'/,
    });
  });

  describe('resolution from the application directory (process.cwd())', () => {
    let dir: string;
    let previous: string;

    before(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webapp-view-'));
      const modules: Record<string, string> = {
        'wa-both':
          'exports.__webapp = (p, o, cb) => cb(null, "webapp"); exports.__express = (p, o, cb) => cb(null, "express");',
        'wa-express': 'exports.__express = (p, o, cb) => cb(null, "express only");',
        'wa-bad-webapp':
          'exports.__webapp = "not a function"; exports.__express = (p, o, cb) => cb(null, "fallback");',
        'wa-none': 'exports.render = () => {};',
        'wa-broken': 'require("wa-dependency-that-is-missing");',
      };
      for (const [name, source] of Object.entries(modules)) {
        fs.mkdirSync(path.join(dir, 'node_modules', name), { recursive: true });
        fs.writeFileSync(path.join(dir, 'node_modules', name, 'index.js'), source);
      }
      previous = process.cwd();
      process.chdir(dir);
    });

    after(() => {
      process.chdir(previous);
      fs.rmSync(dir, { recursive: true, force: true });
    });

    test('__webapp is preferred over __express', () => {
      const view = new View('x.wa-both', { root: dir, engines: {} });
      let html: string | undefined;
      view.engine('', {}, (_err, out) => {
        html = out;
      });
      assert.equal(html, 'webapp');
    });

    test('__express is the fallback', () => {
      const table: Record<string, any> = {};
      new View('x.wa-express', { root: dir, engines: table });
      let html: string | undefined;
      table['.wa-express']('', {}, (_err: unknown, out: string) => {
        html = out;
      });
      assert.equal(html, 'express only');
    });

    test('a __webapp that is not a function falls back to __express', () => {
      const table: Record<string, any> = {};
      new View('x.wa-bad-webapp', { root: dir, engines: table });
      let html: string | undefined;
      table['.wa-bad-webapp']('', {}, (_err: unknown, out: string) => {
        html = out;
      });
      assert.equal(html, 'fallback');
    });

    test('neither export: Express 4 message', () => {
      assert.throws(() => new View('x.wa-none', { root: dir, engines: {} }), {
        message: 'Module "wa-none" does not provide a view engine.',
      });
    });

    test('a missing dependency inside the engine is reported, not mistaken for a missing engine', () => {
      assert.throws(() => requireFromApp('wa-broken'), {
        code: 'MODULE_NOT_FOUND',
        message: /Cannot find module 'wa-dependency-that-is-missing'/,
      });
    });

    test("webapp's own node_modules is still searched after the working directory", () => {
      assert.equal(requireFromApp('ejs'), require('ejs'));
    });

    test('a name ending in a dot asks for an empty module name, which is not found', () => {
      assert.throws(() => new View('x.', { root: dir, engines: {} }), { code: 'MODULE_NOT_FOUND' });
    });
  });
});
