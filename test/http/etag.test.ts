import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileETag, entityTag, isBuiltinETag, strongETag, weakETag } from '../../src/http/etag';

const reference = require('etag');

const BODIES: Array<string | Buffer> = [
  '',
  'hello',
  '{"id":"42","item":"7"}',
  'y'.repeat(119),
  'z'.repeat(120),
  'héllo wörld €',
  '\ud83d\ude00 emoji',
  'lone \ud800 surrogate',
  'x'.repeat(5000),
  Buffer.alloc(0),
  Buffer.from([0, 1, 2, 255]),
  Buffer.alloc(70000, 7),
];

describe('http/etag', () => {
  for (const body of BODIES) {
    const label = typeof body === 'string' ? JSON.stringify(body.slice(0, 20)) : `Buffer(${body.length})`;
    it(`equals the etag package (weak and strong) for ${label}`, () => {
      const buf = typeof body === 'string' ? Buffer.from(body) : body;
      assert.equal(weakETag(body), reference(buf, { weak: true }));
      assert.equal(strongETag(body), reference(buf, { weak: false }));
      assert.equal(weakETag(body, 'utf8'), reference(buf, { weak: true }));
    });
  }

  it('equals the etag package for ASCII bodies of every length from 1 to 120', () => {
    for (let length = 1; length <= 120; length++) {
      const body = 'abcdefghijklmnopqrstuvwxyz0123456789{}":,'.repeat(3).slice(0, length);
      const buf = Buffer.from(body);
      assert.equal(
        entityTag(body, true, undefined, length),
        reference(buf, { weak: true }),
        `weak ${length}`,
      );
      assert.equal(entityTag(body, false), reference(buf, { weak: false }), `strong ${length}`);
    }
  });

  it('hashes a short body with a non-ASCII character at its end as UTF-8', () => {
    const body = `${'a'.repeat(50)}é`;
    assert.equal(weakETag(body), reference(Buffer.from(body), { weak: true }));
    assert.equal(entityTag(body, false, 'utf8', 52), reference(Buffer.from(body), { weak: false }));
  });

  it('falls back to createHash where crypto.hash is missing (node 20.0-20.11)', () => {
    const crypto = require('node:crypto') as { hash?: unknown };
    const oneShot = crypto.hash;
    const path = require.resolve('../../src/http/etag');
    delete require.cache[path];
    crypto.hash = undefined;
    try {
      const fresh = require('../../src/http/etag') as typeof import('../../src/http/etag');
      for (const body of BODIES) {
        const buf = typeof body === 'string' ? Buffer.from(body) : body;
        assert.equal(fresh.weakETag(body), reference(buf, { weak: true }));
      }
    } finally {
      crypto.hash = oneShot;
      delete require.cache[path];
    }
  });

  it('tags a string and a Buffer each by its own bytes', () => {
    const body = '{"same":"bytes"}';
    assert.equal(weakETag(body), reference(Buffer.from(body), { weak: true }));
    const bytes = Buffer.from(body);
    bytes[2] = 0x53; // 'S': a changed Buffer must not get the string's tag
    assert.equal(weakETag(bytes), reference(bytes, { weak: true }));
  });

  it('honours a non-UTF-8 encoding for strings', () => {
    assert.equal(entityTag('héllo', false, 'latin1'), reference(Buffer.from('héllo', 'latin1')));
    assert.equal(entityTag('aGk=', true, 'base64'), reference(Buffer.from('hi'), { weak: true }));
  });

  it('compiles the etag setting', () => {
    assert.equal(compileETag(true), weakETag);
    assert.equal(compileETag('weak'), weakETag);
    assert.equal(compileETag('strong'), strongETag);
    assert.equal(compileETag(false), undefined);
    const custom = () => '"x"';
    assert.equal(compileETag(custom), custom);
    assert.throws(() => compileETag('medium'), {
      name: 'TypeError',
      message: 'unknown value for etag function: medium',
    });
    assert.throws(() => compileETag(undefined), /unknown value for etag function: undefined/);
  });

  it('tells built-in generators from user functions', () => {
    assert.equal(isBuiltinETag(weakETag), true);
    assert.equal(isBuiltinETag(strongETag), true);
    assert.equal(
      isBuiltinETag(() => 'x'),
      false,
    );
  });
});
