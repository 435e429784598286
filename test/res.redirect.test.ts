import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress } from './support/http';
import { callResponse, captureDeprecations, routes } from './support/response-harness';

void webapp;

const ACCEPTS: Array<Record<string, string>> = [
  {},
  { Accept: 'text/html' },
  { Accept: 'text/plain' },
  { Accept: 'application/json' },
  { Accept: 'text/plain, text/html;q=0.5' },
  { Accept: '*/*' },
  { Accept: 'image/png' },
];

function forEachAccept(path: string, method?: string) {
  return ACCEPTS.map((headers) => ({ path, headers, method }));
}

describe('res.redirect', () => {
  it('redirects with a body chosen by Accept like express@4', async () => {
    await assertSameAsExpress(routes({ '/': (_req, res) => res.redirect('/target?a=b&c=<d>') }), [
      ...forEachAccept('/'),
      ...forEachAccept('/', 'HEAD'),
    ]);
  });

  it('takes the status forms express@4 takes', async () => {
    await assertSameAsExpress(
      routes({
        '/301': (_req, res) => res.redirect(301, '/moved'),
        '/303': (_req, res) => res.redirect(303, '/see'),
        '/307': (_req, res) => res.redirect(307, 'http://example.com/'),
        '/308': (_req, res) => res.redirect(308, '/perm'),
        '/legacy': (_req, res) => res.redirect('/legacy-target', 301),
        '/unknown': (_req, res) => res.redirect(399, '/x'),
      }),
      ['/301', '/303', '/307', '/308', '/legacy', '/unknown'].flatMap((path) => [
        { path },
        { path, headers: { Accept: 'text/plain' } },
      ]),
    );
  });

  it('encodes and escapes hostile targets like express@4 (javascript:, protocol-relative, markup)', async () => {
    const targets = [
      'javascript:alert(document.cookie)',
      '//evil.example/',
      '/<script>alert(1)</script>',
      '/"onmouseover="alert(1)',
      "/'single'",
      '/a&b',
      '/snow ☃',
      '/already%20encoded',
    ];
    const table: Record<string, (req: any, res: any) => void> = {};
    targets.forEach((target, i) => {
      table[`/${i}`] = (_req, res) => res.redirect(target);
    });
    await assertSameAsExpress(
      routes(table),
      Object.keys(table).flatMap((path) => [
        { path, headers: { Accept: 'text/html' } },
        { path, headers: { Accept: 'text/plain' } },
      ]),
    );
  });

  it('never lets CR/LF from the target reach the wire', async () => {
    const res = await callResponse(
      (_req, res) => res.redirect('/a\r\nSet-Cookie: evil=1\r\n\r\n<h1>x</h1>'),
      {
        headers: { Accept: 'text/html' },
      },
    );
    assert.equal(res.status, 302);
    assert.equal(res.headers['set-cookie'], undefined);
    assert.equal(res.headers.location, '/a%0D%0ASet-Cookie:%20evil=1%0D%0A%0D%0A%3Ch1%3Ex%3C/h1%3E');
    assert.equal(
      res.body,
      '<p>Found. Redirecting to /a%0D%0ASet-Cookie:%20evil=1%0D%0A%0D%0A%3Ch1%3Ex%3C/h1%3E</p>',
    );
  });

  it('HTML-escapes the URL in the HTML body', async () => {
    const res = await callResponse((_req, res) => res.redirect(`/x?a="1"&b='2'`), {
      headers: { Accept: 'text/html' },
    });
    assert.equal(res.body, '<p>Found. Redirecting to /x?a=%221%22&amp;b=&#39;2&#39;</p>');
    assert.equal(res.headers.vary, 'Accept');
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
  });

  it('sends no body for HEAD but the same headers', async () => {
    const res = await callResponse((_req, res) => res.redirect('/there'), {
      method: 'HEAD',
      headers: { Accept: 'text/html' },
    });
    assert.equal(res.status, 302);
    assert.equal(res.body, '');
    assert.equal(res.headers.location, '/there');
    assert.equal(
      res.headers['content-length'],
      String(Buffer.byteLength('<p>Found. Redirecting to /there</p>')),
    );
  });

  it('follows "back" to the Referrer like express@4', async () => {
    await assertSameAsExpress(routes({ '/': (_req, res) => res.redirect('back') }), [
      { path: '/' },
      { path: '/', headers: { Referer: 'http://example.com/prev' } },
    ]);
  });

  it('warns about redirect(url, status) with the Express message', async () => {
    const warnings = await captureDeprecations(() => callResponse((_req, res) => res.redirect('/x', 301)));
    assert.deepEqual(warnings, ['res.redirect(url, status): Use res.redirect(status, url) instead']);
  });
});
