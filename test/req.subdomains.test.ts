import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertSameAsExpress, type RequestOptions } from './support/http';
import { echoApp, fakeRequest } from './support/request-echo';

const HOSTS = [
  'tobi.ferrets.example.com',
  'tobi.ferrets.example.com:3000',
  'example.com',
  'localhost',
  '127.0.0.1',
  '127.0.0.1:3000',
  '[::1]:3000',
  'a.b.c.d.e',
  'a..b.example.com',
  '.example.com',
];

function requests(): RequestOptions[] {
  return [
    ...HOSTS.map((host) => ({ headers: { host } })),
    { headers: { host: 'direct.example.com', 'x-forwarded-host': 'x.y.proxy.example' } },
  ];
}

describe('req.subdomains', () => {
  for (const offset of [undefined, 0, 1, 2, 3, 10]) {
    it(`answers like Express 4 with subdomain offset ${offset}`, async () => {
      const settings = offset === undefined ? {} : { 'subdomain offset': offset };
      await assertSameAsExpress(
        echoApp((req) => req.subdomains, settings),
        requests(),
      );
    });
  }

  it('uses the forwarded host when the peer is trusted', async () => {
    await assertSameAsExpress(
      echoApp((req) => req.subdomains, { 'trust proxy': 'loopback' }),
      requests(),
    );
  });

  it('lists subdomains nearest to the domain first', () => {
    assert.deepEqual(fakeRequest({ headers: { host: 'tobi.ferrets.example.com' } }).subdomains, [
      'ferrets',
      'tobi',
    ]);
  });

  it('has none for an IP address host or without a host', () => {
    assert.deepEqual(fakeRequest({ headers: { host: '10.0.0.1' } }).subdomains, []);
    assert.deepEqual(fakeRequest({ headers: { host: '[::1]' } }).subdomains, []);
    assert.deepEqual(fakeRequest().subdomains, []);
  });
});
