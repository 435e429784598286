import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertSameAsExpress, request } from './support/http';
import { eachHeader, echoApp, FORWARDED_FOR, fakeRequest, TRUSTS } from './support/request-echo';

import webapp = require('../src/index');

describe('req.ips', () => {
  for (const trust of TRUSTS) {
    const label = typeof trust === 'function' ? 'a function' : JSON.stringify(trust);
    it(`answers like Express 4 with trust proxy ${label}`, async () => {
      await assertSameAsExpress(
        echoApp((req) => req.ips, { 'trust proxy': trust }),
        eachHeader('x-forwarded-for', FORWARDED_FOR),
      );
    });
  }

  it('is empty when trust proxy is off, whatever the client sends', async () => {
    const app = webapp();
    app.get('/', (req: any, res: any) => res.end(JSON.stringify(req.ips)));
    assert.equal((await request(app, { headers: { 'x-forwarded-for': '1.2.3.4, 5.6.7.8' } })).body, '[]');
  });

  it('lists client first, then the trusted proxies, without the socket address', async () => {
    const app = webapp();
    app.set('trust proxy', true);
    app.get('/', (req: any, res: any) => res.end(JSON.stringify(req.ips)));
    const res = await request(app, { headers: { 'x-forwarded-for': 'client, proxy1, proxy2' } });
    assert.deepEqual(JSON.parse(res.body), ['client', 'proxy1', 'proxy2']);
  });

  it('returns a new array each time, so callers may mutate it', () => {
    const req = fakeRequest({
      headers: { 'x-forwarded-for': 'a, b' },
      settings: { 'trust proxy fn': () => true },
    });
    const first = req.ips;
    first.push('x');
    assert.deepEqual(req.ips, ['a', 'b']);
  });
});
