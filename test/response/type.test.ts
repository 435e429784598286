/**
 * res.send and res.sendStatus set the Content-Type of a string body, a Buffer and a status text
 * without calling res.type('html' | 'bin' | 'txt') while nothing could tell the difference
 * (src/response/type.ts, builtinType). These tests hold the direct path to Express's answer and check
 * that every replaced piece it depends on sends them the long way.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';

import webapp = require('../../src/index');

import { defaultCharsetLookup, defaultLookup, mime } from '../../src/http/mime';
import { type BuiltinExtension, builtinType } from '../../src/response/type';
import type { Res } from '../../src/types/internal';
import { assertSameAsExpress, request } from '../support/http';

/** A response on the app's prototype, as dispatch hands it to a handler (nothing is sent). */
function appResponse(app: ReturnType<typeof webapp>): Res {
  return Object.create(app.response) as Res;
}

describe('response/type: the Content-Type webapp sets itself', () => {
  const shipped = { html: mime.types.html, txt: mime.types.txt, bin: mime.types.bin };
  afterEach(() => {
    // Each test that changes the shared table puts it back, even when it fails.
    mime.lookup = defaultLookup;
    mime.charsets.lookup = defaultCharsetLookup;
    Object.assign(mime.types, shipped);
  });

  it("is the default tables' answer without a call while they are in place", () => {
    const expected: Record<BuiltinExtension, string> = {
      html: 'text/html; charset=utf-8',
      txt: 'text/plain; charset=utf-8',
      bin: 'application/octet-stream',
    };
    for (const ext of Object.keys(expected) as BuiltinExtension[]) {
      assert.equal(builtinType(appResponse(webapp()), ext), expected[ext], ext);
    }
  });

  it('asks a redefined txt or bin type, for res.sendStatus and a Buffer body', async () => {
    const app = webapp();
    app.get('/status', (_req, res) => res.sendStatus(404));
    app.get('/buffer', (_req, res) => res.send(Buffer.from('abc')));
    mime.types.txt = 'text/x-status';
    mime.types.bin = 'application/x-bytes';
    assert.equal(builtinType(appResponse(app), 'txt'), undefined);
    assert.equal(builtinType(appResponse(app), 'bin'), undefined);
    assert.equal(
      (await request(app, { path: '/status' })).headers['content-type'],
      'text/x-status; charset=utf-8',
    );
    assert.equal((await request(app, { path: '/buffer' })).headers['content-type'], 'application/x-bytes');
  });

  it("calls an app's res.type for a status text and a Buffer body", async () => {
    const app = webapp();
    const calls: string[] = [];
    const ownType = app.response.type;
    app.response.type = function (this: Res, type: string) {
      calls.push(type);
      return ownType.call(this, type);
    };
    app.get('/status', (_req, res) => res.sendStatus(204));
    app.get('/buffer', (_req, res) => res.send(Buffer.from('abc')));
    await request(app, { path: '/status' });
    await request(app, { path: '/buffer' });
    assert.deepEqual(calls, ['txt', 'bin']);
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
    assert.equal(builtinType(appResponse(app), 'html'), undefined);
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
    assert.equal(builtinType(appResponse(app), 'html'), undefined);
    assert.equal((await request(app)).headers['content-type'], 'text/x-custom; charset=utf-8');
    mime.lookup = defaultLookup;

    mime.charsets.lookup = () => 'ISO-8859-1';
    assert.equal(builtinType(appResponse(app), 'html'), undefined);
    mime.charsets.lookup = defaultCharsetLookup;

    mime.types.html = 'application/xhtml+xml';
    assert.equal(builtinType(appResponse(app), 'html'), undefined);
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
        app.get('/buffer', (_req: any, res: any) => res.send(Buffer.from('bytes')));
        app.get('/typed-buffer', (_req: any, res: any) => res.type('png').send(Buffer.from('bytes')));
        app.get('/status', (_req: any, res: any) => res.sendStatus(404));
        app.get('/status-typed', (_req: any, res: any) => res.type('json').sendStatus(500));
        app.get('/status-odd', (_req: any, res: any) => res.sendStatus(299));
        return app;
      },
      [
        { path: '/plain' },
        { path: '/typed' },
        { path: '/header' },
        { path: '/empty' },
        { path: '/head', method: 'HEAD' },
        { path: '/buffer' },
        { path: '/typed-buffer' },
        { path: '/status' },
        { path: '/status-typed' },
        { path: '/status-odd' },
      ],
    );
  });
});
