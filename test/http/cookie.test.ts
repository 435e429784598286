import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { serializeCookie, sign, unsign } from '../../src/http/cookie';

const signature = require('cookie-signature');

describe('http/cookie sign', () => {
  const VALUES = ['', 'hello', 'j:{"a":1}', 'ünïcode', 'with.dots.in.it'];
  const SECRETS: Array<string | Buffer> = ['tobiiscool', 'a', Buffer.from('buffer secret')];
  for (const value of VALUES) {
    for (const secret of SECRETS) {
      it(`matches cookie-signature for ${JSON.stringify(value)} / ${String(secret)}`, () => {
        assert.equal(sign(value, secret), signature.sign(value, secret));
      });
    }
  }

  it('produces the known signature format without padding', () => {
    assert.equal(sign('hello', 'tobiiscool'), 'hello.DGDUkGlIkCzPz+C0B064FNgHdEjox7ch8tOBGslZ5QI');
  });

  it('refuses a non-string value and a missing secret', () => {
    assert.throws(() => sign(1 as any, 's'), {
      name: 'TypeError',
      message: 'Cookie value must be provided as a string.',
    });
    assert.throws(() => sign('v', undefined as any), {
      name: 'TypeError',
      message: 'Secret key must be provided.',
    });
  });
});

describe('http/cookie unsign', () => {
  it('returns the value for a good signature', () => {
    assert.equal(unsign(sign('hello', 'tobiiscool'), 'tobiiscool'), 'hello');
    assert.equal(unsign(sign('a.b.c', 'k'), 'k'), 'a.b.c');
    assert.equal(unsign(sign('', 'k'), 'k'), '');
  });

  it('returns false for a tampered value, signature, or wrong secret', () => {
    const signed = sign('hello', 'tobiiscool');
    assert.equal(unsign(signed.replace('hello', 'hellp'), 'tobiiscool'), false);
    assert.equal(unsign(`${signed}x`, 'tobiiscool'), false);
    assert.equal(unsign(signed.slice(0, -1), 'tobiiscool'), false);
    assert.equal(unsign(signed, 'other'), false);
    assert.equal(unsign('no-dot', 'tobiiscool'), false);
    assert.equal(unsign('', 'tobiiscool'), false);
  });

  it('agrees with cookie-signature on what it accepts', () => {
    const good = signature.sign('value', 'k');
    assert.equal(unsign(good, 'k'), signature.unsign(good, 'k'));
    assert.equal(unsign(`${good}=`, 'k'), signature.unsign(`${good}=`, 'k'));
  });

  it('tries each secret of a list (rotation)', () => {
    const signed = sign('v', 'old');
    assert.equal(unsign(signed, ['new', 'old']), 'v');
    assert.equal(unsign(signed, ['new']), false);
  });

  it('refuses a non-string input and a missing secret', () => {
    assert.throws(() => unsign(1 as any, 's'), {
      name: 'TypeError',
      message: 'Signed cookie string must be provided.',
    });
    assert.throws(() => unsign('a.b', null as any), {
      name: 'TypeError',
      message: 'Secret key must be provided.',
    });
  });
});

describe('http/cookie serializeCookie', () => {
  it('serialises every attribute', () => {
    const expires = new Date(Date.UTC(2030, 0, 2, 3, 4, 5));
    assert.equal(
      serializeCookie('a', 'b c', {
        maxAge: 60,
        domain: 'example.com',
        path: '/p',
        expires,
        httpOnly: true,
        secure: true,
        partitioned: true,
        priority: 'High',
        sameSite: 'lax',
      }),
      'a=b%20c; Max-Age=60; Domain=example.com; Path=/p; Expires=Wed, 02 Jan 2030 03:04:05 GMT; HttpOnly; Secure; Partitioned; Priority=High; SameSite=Lax',
    );
  });

  const BAD: Array<[string, string, Record<string, unknown>, string]> = [
    ['bad name', 'v', {}, 'argument name is invalid'],
    ['a\r\nb', 'v', {}, 'argument name is invalid'],
    ['a', 'v', { encode: (s: string) => `${s}\r\nX: y` }, 'argument val is invalid'],
    ['a', 'v', { encode: 'nope' }, 'option encode is invalid'],
    ['a', 'v', { domain: 'exa mple.com' }, 'option domain is invalid'],
    ['a', 'v', { domain: 'example.com\r\nX: y' }, 'option domain is invalid'],
    ['a', 'v', { path: '/a;b' }, 'option path is invalid'],
    ['a', 'v', { path: '/a\nb' }, 'option path is invalid'],
    ['a', 'v', { expires: 'tomorrow' }, 'option expires is invalid'],
    ['a', 'v', { expires: new Date(Number.NaN) }, 'option expires is invalid'],
    ['a', 'v', { maxAge: Number.POSITIVE_INFINITY }, 'option maxAge is invalid'],
    ['a', 'v', { priority: 'urgent' }, 'option priority is invalid'],
    ['a', 'v', { sameSite: 'sometimes' }, 'option sameSite is invalid'],
  ];
  for (const [name, value, options, message] of BAD) {
    it(`refuses ${message} (${JSON.stringify(name)}, ${JSON.stringify(Object.keys(options))})`, () => {
      assert.throws(() => serializeCookie(name, value, options), { name: 'TypeError', message });
    });
  }
});
