import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertSameAsExpress, request } from './support/http';
import { eachHeader, echoApp, FORWARDED_FOR, fakeRequest, TRUSTS } from './support/request-echo';

import webapp = require('../src/index');

import { cpuClock } from './support/cpu-time';

describe('req.ip', () => {
  for (const trust of TRUSTS) {
    const label = typeof trust === 'function' ? 'a function' : JSON.stringify(trust);
    it(`answers like Express 4 with trust proxy ${label}`, async () => {
      await assertSameAsExpress(
        echoApp((req) => req.ip, { 'trust proxy': trust }),
        eachHeader('x-forwarded-for', FORWARDED_FOR),
      );
    });
  }

  it('ignores a spoofed X-Forwarded-For when trust proxy is off', async () => {
    const app = webapp();
    app.get('/', (req: any, res: any) => res.end(req.ip));
    const res = await request(app, { headers: { 'x-forwarded-for': '1.2.3.4' } });
    assert.equal(res.body, '127.0.0.1');
  });

  it('is the left-most untrusted address when proxies are trusted', () => {
    const req = fakeRequest({
      headers: { 'x-forwarded-for': 'client, 10.0.0.9, 10.0.0.8' },
      settings: { 'trust proxy fn': (addr: string) => addr.startsWith('10.') || addr === '127.0.0.1' },
    });
    assert.equal(req.ip, 'client');
  });

  it('is undefined when the socket is gone and nothing is forwarded', () => {
    const req = fakeRequest();
    req.socket = { remoteAddress: undefined };
    assert.equal(req.ip, undefined);
  });

  it('answers quickly for a near-limit X-Forwarded-For with everything trusted', async () => {
    await assertSameAsExpress(
      echoApp(
        (req) => {
          const start = cpuClock();
          const ip = req.ip;
          return [ip, start() < 100];
        },
        { 'trust proxy': '10.0.0.0/8, loopback' },
      ),
      eachHeader('x-forwarded-for', [`1.2.3.4, ${'10.1.2.3, '.repeat(1400)}10.0.0.1`, ', '.repeat(7000)]),
    );
  });
});
