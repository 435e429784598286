/**
 * Security review: response headers built from request-influenced data, and Location headers built
 * from the request URL.
 *
 * No injection was found: Location is percent-encoded (CR/LF included), Content-Disposition quotes
 * and escapes the name and replaces control characters, Set-Cookie values are encoded and validated,
 * Vary names are validated, and node refuses CR/LF in any other header value (the handler's throw
 * becomes a 500, never a split response). The static directory redirect is built from the path only:
 * leading slashes are collapsed, backslashes encoded, and an absolute-form request target
 * (`GET http://host//x`) does not lend its host (Express 4 echoes it). Regression guard.
 *
 * Express 4 behaviours that stay (documented, dangerous only when misused): res.redirect(url) and
 * res.redirect('back') send whatever URL they are given or the client's Referer (open redirect if
 * an app passes user input); res.links() writes URLs as given, so a `>` in user data can add Link
 * parameters; res.attachment(name) sets Content-Type from the name's extension.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { requestAll, withServer } from '../support/http';

import webapp = require('../../src/index');

const CRLF_VALUES = ['a\r\nX-Injected: 1', 'a\rX-Injected: 1', 'a\nX-Injected: 1', '\r\n\r\n<script>'];

function reflectingApp() {
  const app = webapp();
  app.get('/redirect', (req: any, res: any) => res.redirect(String(req.query.v)));
  app.get('/location', (req: any, res: any) => res.location(String(req.query.v)).end());
  app.get('/attachment', (req: any, res: any) => res.attachment(String(req.query.v)).send('x'));
  app.get('/download', (req: any, res: any) => res.download(__filename, String(req.query.v)));
  app.get('/cookie', (req: any, res: any) => res.cookie('c', String(req.query.v)).send('x'));
  app.get('/cookie-object', (req: any, res: any) => res.cookie('c', { v: String(req.query.v) }).send('x'));
  app.get('/links', (req: any, res: any) => res.links({ next: String(req.query.v) }).send('x'));
  app.get('/vary', (req: any, res: any) => res.vary(String(req.query.v)).send('x'));
  app.get('/type', (req: any, res: any) => res.type(String(req.query.v)).send('x'));
  app.use((_err: any, _req: any, res: any, _next: any) => res.status(500).send('refused'));
  return app;
}

test('CR/LF from the request never starts a header of its own', async () => {
  const routes = [
    '/redirect',
    '/location',
    '/attachment',
    '/download',
    '/cookie',
    '/cookie-object',
    '/links',
    '/vary',
    '/type',
  ];
  const requests = routes.flatMap((route) =>
    CRLF_VALUES.map((value) => ({ path: `${route}?v=${encodeURIComponent(value)}` })),
  );
  const responses = await requestAll(reflectingApp(), requests);
  for (let i = 0; i < requests.length; i++) {
    const res = responses[i];
    assert.equal(res.headers['x-injected'], undefined, requests[i].path);
    assert.ok(
      res.status === 200 || res.status === 302 || res.status === 500,
      `${requests[i].path}: ${res.status}`,
    );
    for (const [name, value] of Object.entries(res.headers)) {
      const text = Array.isArray(value) ? value.join('\n') : String(value);
      assert.ok(!/[\r\n]/.test(text), `${requests[i].path}: ${name} carries a line break`);
    }
  }
});

test('user data stays inside its quoted or encoded slot', async () => {
  const [attachment, download, redirect, cookie] = await requestAll(reflectingApp(), [
    { path: `/attachment?v=${encodeURIComponent('"; filename=evil.html')}` },
    { path: `/download?v=${encodeURIComponent('a"; x=y\\.txt')}` },
    { path: `/redirect?v=${encodeURIComponent('/x"><script>')}`, headers: { accept: 'text/html' } },
    { path: `/cookie?v=${encodeURIComponent('v; Domain=evil.example; Path=/')}` },
  ]);
  assert.equal(attachment.headers['content-disposition'], 'attachment; filename="\\"; filename=evil.html"');
  assert.equal(download.headers['content-disposition'], 'attachment; filename="a\\"; x=y\\\\.txt"');
  assert.equal(redirect.headers.location, '/x%22%3E%3Cscript%3E');
  assert.ok(!redirect.body.includes('<script>'), redirect.body);
  assert.deepEqual(cookie.headers['set-cookie'], ['c=v%3B%20Domain%3Devil.example%3B%20Path%3D%2F; Path=/']);
});

/** Sends a raw request line (node's client cannot send absolute-form or backslash targets). */
function rawGet(port: number, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
    socket.setTimeout(3000, () => socket.destroy());
    socket.write(`GET ${target} HTTP/1.1\r\nHost: app.example\r\nConnection: close\r\n\r\n`);
  });
}

test('static directory redirects never name another host, whatever the request target', async (t) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'webapp-redirect-'));
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  for (const dir of ['evil.example', '@evil.example', 'nested']) fs.mkdirSync(path.join(root, dir));
  const app = webapp();
  app.use(webapp.static(root));
  app.use('/m', webapp.static(root));
  const targets = [
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '//\\evil.example',
    '/%2F/evil.example',
    '//@evil.example',
    '/m//evil.example',
    'http://other.example//evil.example',
    'http://other.example///evil.example',
    'http://other.example/m//evil.example',
    'http://other.example/nested',
    '//evil.example?next=//evil.example',
  ];
  await withServer(app, async (port) => {
    for (const target of targets) {
      const response = await rawGet(port, target);
      const status = Number(response.slice(9, 12));
      const location = /\r\nLocation: ([^\r]*)/i.exec(response)?.[1];
      if (status !== 301) continue;
      assert.ok(location !== undefined, target);
      assert.ok(location.startsWith('/'), `${target} -> ${location}`);
      assert.ok(!location.startsWith('//') && !location.includes('\\'), `${target} -> ${location}`);
      assert.ok(!location.includes('other.example'), `${target} -> ${location}`);
    }
    const absolute = await rawGet(port, 'http://other.example//evil.example');
    assert.match(absolute, /\r\nLocation: \/evil\.example\/\r\n/i);
  });
});
