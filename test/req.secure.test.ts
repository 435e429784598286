import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertSameAsExpress } from './support/http';
import { eachHeader, echoApp, fakeRequest } from './support/request-echo';

describe('req.secure', () => {
  for (const trust of [false, true, 'loopback']) {
    it(`answers like Express 4 with trust proxy ${JSON.stringify(trust)}`, async () => {
      await assertSameAsExpress(
        echoApp((req) => req.secure, { 'trust proxy': trust }),
        eachHeader('x-forwarded-proto', [undefined, 'https', 'http', 'https, http', 'HTTPS']),
      );
    });
  }

  it('is true on a TLS socket and false otherwise', () => {
    assert.equal(fakeRequest({ encrypted: true }).secure, true);
    assert.equal(fakeRequest().secure, false);
  });

  it('follows req.protocol, so an overriding getter is honoured', () => {
    const req = fakeRequest();
    Object.defineProperty(req, 'protocol', { value: 'https' });
    assert.equal(req.secure, true);
  });
});
