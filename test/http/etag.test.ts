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
