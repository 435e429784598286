import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertSameAsExpress } from './support/http';
import { eachHeader, echoApp, fakeRequest } from './support/request-echo';

const PROTOS = [undefined, 'https', 'http', 'https, http', ' https ,http', 'HTTPS', 'wss', ''];
const TRUSTS: unknown[] = [false, true, 'loopback', '10.0.0.1', 1, 0];

describe('req.protocol', () => {
  for (const trust of TRUSTS) {
    it(`answers like Express 4 with trust proxy ${JSON.stringify(trust)}`, async () => {
      await assertSameAsExpress(
        echoApp((req) => req.protocol, { 'trust proxy': trust }),
        eachHeader('x-forwarded-proto', PROTOS),
      );
    });
  }

  it('is https on a TLS socket', () => {
    assert.equal(fakeRequest({ encrypted: true }).protocol, 'https');
    assert.equal(fakeRequest({ encrypted: false }).protocol, 'http');
  });

  it('ignores a spoofed X-Forwarded-Proto from an untrusted peer', () => {
    assert.equal(fakeRequest({ headers: { 'x-forwarded-proto': 'https' } }).protocol, 'http');
    const tls = fakeRequest({ encrypted: true, headers: { 'x-forwarded-proto': 'http' } });
    assert.equal(tls.protocol, 'https');
  });

  it('uses the first X-Forwarded-Proto value from a trusted peer', () => {
    const req = fakeRequest({
      headers: { 'x-forwarded-proto': 'https,http' },
      settings: { 'trust proxy fn': () => true },
    });
    assert.equal(req.protocol, 'https');
  });

  it('asks the trust function about the socket address at hop 0', () => {
    const seen: unknown[] = [];
    const req = fakeRequest({
      remoteAddress: '10.1.1.1',
      headers: { 'x-forwarded-proto': 'https' },
      settings: { 'trust proxy fn': (addr: string, hop: number) => seen.push([addr, hop]) > 0 },
    });
    assert.equal(req.protocol, 'https');
    assert.deepEqual(seen, [['10.1.1.1', 0]]);
  });
});
