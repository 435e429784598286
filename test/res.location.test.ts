import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress } from './support/http';
import { callResponse, captureDeprecations, routes } from './support/response-harness';

void webapp;

const URLS = [
  '/foo/bar',
  'http://example.com',
  'https://example.com/a b?q=ü#frag',
  '../login',
  'relative/path',
  '/already%20encoded%2F',
  '/bad%zzpercent',
  '/snow ☃',
  '/emoji \ud83d\ude00',
  '/lone \ud800 surrogate',
  '//evil.example/path',
  'javascript:alert(1)',
  '/a\r\nSet-Cookie: evil=1',
  '/tab\there',
  '/<script>"quotes"</script>',
  '',
];

describe('res.location', () => {
  it('encodes the URL like express@4', async () => {
    const table: Record<string, (req: any, res: any) => void> = {};
    URLS.forEach((url, i) => {
      table[`/${i}`] = (_req, res) => res.location(url).end();
    });
    await assertSameAsExpress(
      routes(table),
      Object.keys(table).map((path) => ({ path })),
    );
  });

  it('converts a non-string to a string like express@4', async () => {
    await assertSameAsExpress(routes({ '/': (_req, res) => res.location(42).end() }), [{ path: '/' }]);
  });

  it('resolves "back" to the Referrer, or / without one, like express@4', async () => {
    await assertSameAsExpress(routes({ '/': (_req, res) => res.location('back').end() }), [
      { path: '/' },
      { path: '/', headers: { Referer: 'http://example.com/from page' } },
      { path: '/', headers: { Referrer: '/other' } },
      { path: '/', headers: { Referer: '/a', Referrer: '/b' } },
    ]);
  });

  it('warns that "back" is deprecated, with the Express message', async () => {
    const warnings = await captureDeprecations(() => callResponse((_req, res) => res.location('back').end()));
    assert.deepEqual(warnings, [
      'res.location("back"): use res.location(req.get("Referrer") || "/") and refer to https://dub.sh/security-redirect for best practices',
    ]);
  });

  it('never lets CR or LF into the header', async () => {
    const res = await callResponse((_req, res) => res.location('/x\r\nX-Evil: 1\r\n').end());
    assert.equal(res.headers.location, '/x%0D%0AX-Evil:%201%0D%0A');
    assert.equal(res.headers['x-evil'], undefined);
  });

  it('is chainable', async () => {
    const res = await callResponse((_req, res) => {
      assert.equal(res.location('/a'), res);
      res.end();
    });
    assert.equal(res.headers.location, '/a');
  });
});
