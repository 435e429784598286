/**
 * Security review: code the framework runs from asynchronous callbacks must not throw into the event
 * loop, where an exception ends the process (a denial of service any client can time).
 *
 * Finding (src/response/render.ts): res.render without a callback sends the HTML from the engine's
 * callback. With an asynchronous engine (express-handlebars, consolidate, …) that callback runs outside
 * any handler; if the response was already sent meanwhile (a timeout middleware answering 503, say),
 * res.send throws ERR_HTTP_HEADERS_SENT and, in Express 4 too, the process crashes. The fix passes such
 * a throw to next(err). The other framework-owned async paths (static setHeaders, sendFile callbacks,
 * body parsers) are covered by their own test files.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { request } from '../support/http';

import webapp = require('../../src/index');

test('an async engine finishing after the response was sent passes the error to next, not the event loop', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webapp-render-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'page.slow'), 'x');

  const app = webapp();
  app.set('views', dir);
  app.set('view engine', 'slow');
  let finishRender: (() => void) | undefined;
  app.engine(
    'slow',
    (_file: string, _options: object, callback: (err: Error | null, html?: string) => void) => {
      finishRender = () => callback(null, '<p>late</p>');
    },
  );
  const forwarded = new Promise<any>((resolve) => {
    app.get('/', (_req: any, res: any) => {
      res.render('page');
      // A timeout middleware answers first; then the engine calls back.
      res.status(503).send('timed out');
      setImmediate(() => finishRender?.());
    });
    app.use((err: any, _req: any, _res: any, _next: any) => resolve(err));
  });

  const res = await request(app);
  assert.equal(res.status, 503);
  assert.equal(res.body, 'timed out');
  let timer: NodeJS.Timeout | undefined;
  const err = await Promise.race([
    forwarded,
    new Promise((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('the error never reached next(err)')), 2000);
    }),
  ]).finally(() => clearTimeout(timer));
  assert.equal(err.code, 'ERR_HTTP_HEADERS_SENT');
});

test('a sync engine still renders and sends as before', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webapp-render-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'page.sync'), 'x');
  const app = webapp();
  app.set('views', dir);
  app.engine('sync', (_file: string, options: any, callback: (err: Error | null, html?: string) => void) =>
    callback(null, `<p>${options.name}</p>`),
  );
  app.get('/', (_req: any, res: any) => res.render('page.sync', { name: 'tobi' }));
  const res = await request(app);
  assert.equal(res.status, 200);
  assert.equal(res.body, '<p>tobi</p>');
  assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
});
