import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { send } from '../support/http';
import { type RunningExample, startExample } from './run-example';

let app: RunningExample;
before(async () => {
  app = await startExample('esm/index.mjs');
});
after(() => app.stop());

/** The cookies a response sets, as one Cookie header. */
function cookiesOf(headers: Record<string, string | string[] | undefined>): string {
  const set = headers['set-cookie'] ?? [];
  return (Array.isArray(set) ? set : [set]).map((line) => line.split(';')[0]).join('; ');
}

function tokenOf(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  assert.ok(match, 'the form carries a CSRF token');
  return match[1];
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

test('esm: a visitor signs with the token from the page, and the session counts it', async () => {
  const page = await send(app.port, { path: '/' });
  assert.equal(page.status, 200);
  const cookie = cookiesOf(page.headers);
  assert.match(cookie, /connect\.sess=/, 'the CSRF secret lives in the cookie session');
  const token = encodeURIComponent(tokenOf(page.body));
  const posted = await send(app.port, {
    method: 'POST',
    path: '/',
    headers: { ...FORM, cookie },
    body: `_csrf=${token}&name=Ada&message=${encodeURIComponent('<b>hi</b>')}`,
  });
  assert.equal(posted.status, 303);
  assert.equal(posted.headers.location, '/');
  const again = await send(app.port, { path: '/', headers: { cookie: cookiesOf(posted.headers) || cookie } });
  assert.match(again.body, /You signed 1 time\(s\)/);
  assert.match(again.body, /<b>Ada<\/b>: &lt;b&gt;hi&lt;\/b&gt;/, 'messages are escaped');
});

test('esm: a form without a valid token is refused with 403', async () => {
  const page = await send(app.port, { path: '/' });
  const cookie = cookiesOf(page.headers);
  const missing = await send(app.port, {
    method: 'POST',
    path: '/',
    headers: { ...FORM, cookie },
    body: 'name=x&message=y',
  });
  assert.equal(missing.status, 403);
  assert.match(missing.body, /invalid form token/);
  const forged = await send(app.port, {
    method: 'POST',
    path: '/',
    headers: { ...FORM, cookie },
    body: '_csrf=forged-token&name=x&message=y',
  });
  assert.equal(forged.status, 403);
});

test('esm: empty fields are a 400, and a long page is gzipped for clients that accept it', async () => {
  const page = await send(app.port, { path: '/' });
  const cookie = cookiesOf(page.headers);
  const token = encodeURIComponent(tokenOf(page.body));
  const empty = await send(app.port, {
    method: 'POST',
    path: '/',
    headers: { ...FORM, cookie },
    body: `_csrf=${token}&name=&message=`,
  });
  assert.equal(empty.status, 400);
  for (let i = 0; i < 4; i++) {
    await send(app.port, {
      method: 'POST',
      path: '/',
      headers: { ...FORM, cookie },
      body: `_csrf=${token}&name=n${i}&message=${'m'.repeat(150)}`,
    });
  }
  const zipped = await send(app.port, { path: '/', headers: { cookie, 'accept-encoding': 'gzip' } });
  assert.equal(zipped.headers['content-encoding'], 'gzip');
  assert.match(gunzipSync(zipped.raw).toString(), /<h1>Guestbook<\/h1>/);
  const plain = await send(app.port, { path: '/', headers: { cookie } });
  assert.equal(plain.headers['content-encoding'], undefined);
});
