import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cpuClock } from './support/cpu-time';
import { assertSameAsExpress, type RequestOptions } from './support/http';
import { echoApp, fakeRequest } from './support/request-echo';

const HOSTS = [
  'example.com',
  'example.com:3000',
  'EXAMPLE.com',
  '[::1]',
  '[::1]:3000',
  '[::1',
  '127.0.0.1:80',
  'a:b:c',
  'sub.example.com:',
];
const FORWARDED = [
  undefined,
  'proxy.example',
  'proxy.example:8080',
  'first.example, second.example',
  'first.example  ,x',
  '[::2]:80',
  '',
];
const TRUSTS: unknown[] = [false, true, 'loopback', '10.0.0.1', 1, 0, (addr: string) => addr === '127.0.0.1'];

function requests(): RequestOptions[] {
  const list: RequestOptions[] = [];
  for (const host of HOSTS) list.push({ headers: { host } });
  for (const forwarded of FORWARDED) {
    list.push({
      headers:
        forwarded === undefined
          ? { host: 'direct.example' }
          : { host: 'direct.example', 'x-forwarded-host': forwarded },
    });
  }
  return list;
}

describe('req.hostname', () => {
  for (const trust of TRUSTS) {
    const label = typeof trust === 'function' ? 'a function' : JSON.stringify(trust);
    it(`answers like Express 4 with trust proxy ${label}`, async () => {
      await assertSameAsExpress(
        echoApp((req) => req.hostname, { 'trust proxy': trust }),
        requests(),
      );
    });
  }

  it('ignores a spoofed X-Forwarded-Host when the peer is not trusted', () => {
    const req = fakeRequest({ headers: { host: 'real.example', 'x-forwarded-host': 'evil.example' } });
    assert.equal(req.hostname, 'real.example');
  });

  it('uses the first X-Forwarded-Host value when the peer is trusted', () => {
    const req = fakeRequest({
      headers: { host: 'real.example', 'x-forwarded-host': 'proxy.example:8443, other.example' },
      settings: { 'trust proxy fn': () => true },
    });
    assert.equal(req.hostname, 'proxy.example');
  });

  it('is undefined without a Host header', () => {
    assert.equal(fakeRequest().hostname, undefined);
    assert.equal(fakeRequest({ headers: { host: '' } }).hostname, undefined);
  });

  it('keeps an IPv6 literal whole', () => {
    assert.equal(fakeRequest({ headers: { host: '[2001:db8::1]:8080' } }).hostname, '[2001:db8::1]');
  });

  it('answers quickly for a huge Host header', async () => {
    await assertSameAsExpress(
      echoApp((req) => {
        const start = cpuClock();
        const name = req.hostname;
        return [name.length, start() < 50];
      }),
      [{ headers: { host: `${'a.'.repeat(7000)}com` } }, { headers: { host: `[${':'.repeat(14000)}` } }],
    );
  });
});
