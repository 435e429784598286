/**
 * res.send sets the Content-Type of a string body without calling res.type('html') while nothing
 * could tell the difference (src/response/type.ts, builtinHtmlType). These tests hold the direct path
 * to Express's answer and check that every replaced piece it depends on sends res.send the long way.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';

import webapp = require('../../src/index');

import { defaultCharsetLookup, defaultLookup, mime } from '../../src/http/mime';
import { builtinHtmlType } from '../../src/response/type';
import type { Res } from '../../src/types/internal';
import { assertSameAsExpress, request } from '../support/http';

/** A response on the app's prototype, as dispatch hands it to a handler (nothing is sent). */
function appResponse(app: ReturnType<typeof webapp>): Res {
  return Object.create(app.response) as Res;
}

describe('response/type: the Content-Type of a string body', () => {
  const htmlType = mime.types.html;
  afterEach(() => {
    // Each test that changes the shared table puts it back, even when it fails.
    mime.lookup = defaultLookup;
    mime.charsets.lookup = defaultCharsetLookup;
    mime.types.html = htmlType;
  });

  it('is text/html; charset=utf-8 without a call while the defaults are in place', () => {
    assert.equal(builtinHtmlType(appResponse(webapp())), 'text/html; charset=utf-8');
  });

  it('goes through res.type and res.set when an app replaces either', async () => {
    const app = webapp();
    const calls: string[] = [];
    const ownType = app.response.type;
    const ownSet = app.response.set;
    app.response.type = function (this: Res, type: string) {
      calls.push(`type ${type}`);
      return ownType.call(this, type);
    };
    assert.equal(builtinHtmlType(appResponse(app)), undefined);
    app.response.set = function (this: Res, ...args: [string, string]) {
      calls.push(`set ${args[0]}`);
      return ownSet.apply(this, args);
    } as typeof ownSet;
    app.get('/', (_req, res) => res.send('<p>hi</p>'));
    const res = await request(app);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.deepEqual(calls, ['type html', 'set Content-Type']);
  });

  it('asks a replaced mime.lookup, a replaced charset lookup and a redefined html type', async () => {
    const app = webapp();
    app.get('/', (_req, res) => res.send('<p>hi</p>'));

    mime.lookup = (path: string) => (path === 'html' ? 'text/x-custom' : defaultLookup.call(mime, path));
    assert.equal(builtinHtmlType(appResponse(app)), undefined);
    assert.equal((await request(app)).headers['content-type'], 'text/x-custom; charset=utf-8');
    mime.lookup = defaultLookup;

    mime.charsets.lookup = () => 'ISO-8859-1';
    assert.equal(builtinHtmlType(appResponse(app)), undefined);
    mime.charsets.lookup = defaultCharsetLookup;

    mime.types.html = 'application/xhtml+xml';
    assert.equal(builtinHtmlType(appResponse(app)), undefined);
    assert.equal((await request(app)).headers['content-type'], 'application/xhtml+xml; charset=utf-8');
  });

  it('lets a wrapped res.setHeader see the Content-Type it sets', async () => {
    const seen: string[] = [];
    const app = webapp();
    app.set('x-powered-by', false);
    app.use((_req, res, next) => {
      const setHeader = res.setHeader;
      res.setHeader = function (this: Res, name: string, value: string | number | readonly string[]) {
        seen.push(`${name}: ${value}`);
        return setHeader.call(this, name, value);
      } as typeof res.setHeader;
      next();
    });
    app.get('/', (_req, res) => res.send('hi'));
    await request(app);
    assert.ok(seen.includes('Content-Type: text/html; charset=utf-8'), seen.join(', '));
  });

  it('answers as express@4 does, with and without a type set first', async () => {
    await assertSameAsExpress(
      (lib) => {
        const app = lib();
        app.set('etag', false);
        app.get('/plain', (_req: any, res: any) => res.send('hello world'));
        app.get('/typed', (_req: any, res: any) => res.type('txt').send('hello'));
        app.get('/header', (_req: any, res: any) => res.set('X-A', '1').send('<b>x</b>'));
        app.get('/empty', (_req: any, res: any) => res.send(''));
        app.head('/head', (_req: any, res: any) => res.send('body'));
        return app;
      },
      [
        { path: '/plain' },
        { path: '/typed' },
        { path: '/header' },
        { path: '/empty' },
        { path: '/head', method: 'HEAD' },
      ],
    );
  });
});
