import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { request as requestProto } from '../src/request/index';
import { assertSameAsExpress } from './support/http';
import { echoApp } from './support/request-echo';

const NAMES: unknown[] = [
  'Content-Type',
  'content-type',
  'CONTENT-TYPE',
  'Something',
  'Referer',
  'Referrer',
  'referrer',
  'Set-Cookie',
  'x-multi',
  'X-Custom',
  '',
  undefined,
  42,
  {},
];

describe('req.get / req.header', () => {
  for (const method of ['get', 'header']) {
    it(`req.${method} answers like Express 4`, async () => {
      await assertSameAsExpress(
        echoApp((req) =>
          NAMES.map((name) => {
            try {
              return req[method](name) ?? null;
            } catch (err) {
              return `${(err as Error).name}: ${(err as Error).message}`;
            }
          }),
        ),
        [
          { headers: { 'content-type': 'text/plain', 'x-custom': 'a, b' } },
          { headers: { referer: 'http://a.example/' } },
          { headers: { referrer: 'http://b.example/' } },
          { headers: { referer: 'http://a.example/', referrer: 'http://b.example/' } },
          { headers: { 'set-cookie': ['a=1', 'b=2'], 'x-multi': ['1', '2'] } },
          {},
        ],
      );
    });
  }

  it("throws TypeErrors with Express's messages", () => {
    const req: any = Object.create(requestProto);
    Object.defineProperty(req, 'headers', { value: {} });
    assert.throws(() => req.get(), { name: 'TypeError', message: 'name argument is required to req.get' });
    assert.throws(() => req.get(''), { name: 'TypeError', message: 'name argument is required to req.get' });
    assert.throws(() => req.get(1), { name: 'TypeError', message: 'name must be a string to req.get' });
  });

  it('is one shared function on the prototype, aliased as header', () => {
    assert.equal(requestProto.get, requestProto.header);
    assert.equal(typeof requestProto.get, 'function');
  });
});
