/**
 * Deep requires: Express 4's internal files under `webappjs/lib/…`, with the shapes Express's files
 * export, for packages that reach into them. Each plugin runs for real in a child process with
 * `express` resolved to webapp (as an npm alias does) and to express@4; both must answer alike:
 * - express-async-errors defines an accessor `handle` on `lib/router/layer`'s prototype and wraps
 *   `lib/router`'s `param`;
 * - express-yields defines the same accessor, wrapping generator and async handlers;
 * - the hand-written patch many apps carry replaces `Layer.prototype.handle_request`.
 * A rejected promise must reach the error handlers once (webapp forwards rejections itself; it must not
 * add a second `next(err)` to the plugin's).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { withoutCoverage } from '../support/child-env';

const run = promisify(execFile);
const root = resolve(__dirname, '..', '..', '..');
const fixture = join(root, 'test', 'fixtures', 'deep-requires', 'app.js');

// The package as a consumer loads it (dist, through package.json "exports").
const webapp = require('webappjs');
const express = require('express');

const DEEP: Array<[string, unknown]> = [
  ['lib/express', webapp],
  ['lib/application', webapp.application],
  ['lib/request', webapp.request],
  ['lib/response', webapp.response],
  ['lib/view', webapp().get('view')],
  ['lib/router', webapp.Router],
  ['lib/router/index', webapp.Router],
  ['lib/router/route', webapp.Route],
  ['lib/router/layer', undefined],
];

/** Own names of a value, or of its prototype for constructors. */
function shape(value: any): string[] {
  const target =
    typeof value === 'function' && value.prototype && Object.keys(value).length === 0
      ? value.prototype
      : value;
  return Object.getOwnPropertyNames(target).sort();
}

describe('webappjs/lib/… deep requires', () => {
  for (const [path, member] of DEEP) {
    it(`${path} (and ${path}.js) is the same object as webapp's, shaped as express/${path}`, () => {
      const mod = require(`webappjs/${path}`);
      assert.equal(require(`webappjs/${path}.js`), mod);
      if (member !== undefined) assert.equal(mod, member);
      assert.equal(typeof mod, typeof require(`express/${path}`));
      const theirs = shape(require(`express/${path}`));
      const ours = shape(mod);
      // Members Express has that webapp lacks; the 3.x middleware getters of lib/express throw anyway.
      const removed3x = ['session', 'logger', 'favicon', 'responseTime', 'errorHandler', 'timeout'];
      const lacking = theirs.filter((name) => !ours.includes(name) && !removed3x.includes(name));
      const expectedLacking =
        path === 'lib/express' ? ['limit', 'methodOverride', 'multipart', 'staticCache', 'vhost'] : [];
      assert.deepEqual(lacking, expectedLacking);
    });
  }

  it('lib/router/layer is the Layer the routers use: a layer of app._router is an instance', () => {
    const Layer = require('webappjs/lib/router/layer');
    const app = webapp();
    app.get('/', (_req: unknown, res: { end(): void }) => res.end());
    assert.ok(app._router.stack[0] instanceof Layer);
    assert.equal(typeof Layer.prototype.handle_request, 'function');
    assert.equal(typeof Layer.prototype.handle_error, 'function');
    assert.equal(typeof Layer.prototype.match, 'function');
    // `handle` is assigned, not defined, so an accessor on the prototype sees it.
    assert.equal(Object.hasOwn(Layer.prototype, 'handle'), false);
  });

  it('a file Express has that webapp does not provide is refused by the exports map', () => {
    assert.throws(() => require('webappjs/lib/utils'), { code: 'ERR_PACKAGE_PATH_NOT_EXPORTED' });
    assert.throws(() => require('webappjs/lib/router/nope'), { code: 'ERR_PACKAGE_PATH_NOT_EXPORTED' });
    assert.equal(typeof express, 'function');
  });
});

describe('packages that patch Express 4 files, on webapp and on express@4', () => {
  for (const [plugin, traced] of [
    ['express-async-errors', ''],
    ['express-async-errors', 'traced'],
    ['express-yields', ''],
    ['handle-request-patch', ''],
  ]) {
    const tracing = traced ? ' (webapp with a subscriber to its layer channels)' : '';
    it(`${plugin}: the same answers, each error handled once, nothing logged${tracing}`, async () => {
      const outcome = async (lib: string) => {
        const args = lib === 'webapp' && traced ? [fixture, lib, plugin, traced] : [fixture, lib, plugin];
        const { stdout, stderr } = await run(process.execPath, args, {
          cwd: root,
          timeout: 30_000,
          env: withoutCoverage({ ...process.env, NODE_ENV: 'test' }),
        });
        return { ...JSON.parse(stdout.trim()), stderr };
      };
      const [theirs, ours] = await Promise.all([outcome('express'), outcome('webapp')]);
      assert.deepEqual(ours.results, theirs.results);
      // A second next(err) would reach the final handler after the response and cost the connection.
      assert.equal(ours.connections, 1);
      assert.equal(theirs.connections, 1);
      assert.equal(ours.stderr, '');
      // The scenarios do exercise errors: at least one reached the error handlers.
      assert.ok(ours.results.some((r: { events: string[] }) => r.events.length > 0));
    });
  }
});
