import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress } from './support/http';
import { callResponse, captureDeprecations, errorOf, routes } from './support/response-harness';

void webapp;

describe('res.clearCookie', () => {
  it('expires the cookie like express@4', async () => {
    const table: Record<string, (req: any, res: any) => void> = {
      '/plain': (_req, res) => res.clearCookie('sid').end(),
      '/path': (_req, res) => res.clearCookie('sid', { path: '/admin' }).end(),
      '/undefined-path': (_req, res) => res.clearCookie('sid', { path: undefined }).end(),
      '/domain': (_req, res) =>
        res.clearCookie('sid', { domain: 'example.com', httpOnly: true, secure: true }).end(),
      '/same-site': (_req, res) => res.clearCookie('sid', { sameSite: 'strict', partitioned: true }).end(),
      '/expires': (_req, res) => res.clearCookie('sid', { expires: new Date(Date.UTC(2031, 0, 1)) }).end(),
      '/max-age-zero': (_req, res) => res.clearCookie('sid', { maxAge: 0 }).end(),
      '/two': (_req, res) => res.clearCookie('a').clearCookie('b').end(),
      '/with-cookie': (_req, res) => res.cookie('a', '1').clearCookie('b').end(),
      '/signed': (_req, res) => res.clearCookie('sid', { signed: true }).end(),
    };
    // maxAge turns into Expires = now + maxAge: freeze the clock so a second boundary between the
    // express run and the webapp run cannot make the two dates differ.
    const realNow = Date.now;
    const frozen = realNow();
    Date.now = () => frozen;
    try {
      await assertSameAsExpress(
        routes(table, { configure: (app) => app.use(require('cookie-parser')('secret')) }),
        Object.keys(table).map((path) => ({ path })),
      );
    } finally {
      Date.now = realNow;
    }
  });

  it('still honours maxAge (as express 4.22 does) and warns that it is deprecated', async () => {
    let header = '';
    const warnings = await captureDeprecations(async () => {
      const res = await callResponse((_req, res) => res.clearCookie('sid', { maxAge: 60_000 }).end());
      header = String(res.headers['set-cookie']);
    });
    assert.match(header, /^sid=; Max-Age=60; Path=\/; Expires=/);
    assert.deepEqual(warnings, [
      'res.clearCookie: Passing "options.maxAge" is deprecated. In v5.0.0 of Express, this option will be ignored, as res.clearCookie will automatically set cookies to expire immediately. Please update your code to omit this option.',
    ]);
  });

  it('warns about expires with the Express message', async () => {
    const warnings = await captureDeprecations(() =>
      callResponse((_req, res) => res.clearCookie('sid', { expires: new Date(5) }).end()),
    );
    assert.deepEqual(warnings, [
      'res.clearCookie: Passing "options.expires" is deprecated. In v5.0.0 of Express, this option will be ignored, as res.clearCookie will automatically set cookies to expire immediately. Please update your code to omit this option.',
    ]);
  });

  it('sends an empty value expiring in 1970 with path /', async () => {
    const res = await callResponse((_req, res) => res.clearCookie('sid').end());
    assert.equal(res.headers['set-cookie']?.[0], 'sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  });

  it('ignores a __proto__ key in the options', async () => {
    const options = JSON.parse('{"__proto__": {"domain": "evil.example"}, "path": "/p"}');
    const res = await callResponse((_req, res) => res.clearCookie('sid', options).end());
    assert.equal(res.headers['set-cookie']?.[0], 'sid=; Path=/p; Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  });

  it('refuses an invalid name or domain', async () => {
    const a = await callResponse((_req, res) => res.clearCookie('a b').end());
    assert.deepEqual(errorOf(a), { name: 'TypeError', message: 'argument name is invalid' });
    const b = await callResponse((_req, res) => res.clearCookie('a', { domain: 'x\r\ny' }).end());
    assert.deepEqual(errorOf(b), { name: 'TypeError', message: 'option domain is invalid' });
  });

  it('is chainable', async () => {
    await callResponse((_req, res) => {
      assert.equal(res.clearCookie('a'), res);
      res.end();
    });
  });
});
