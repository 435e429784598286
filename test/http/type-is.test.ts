import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expandType, hasBody, mimeMatch, typeIs, typeOfRequest } from '../../src/http/type-is';

// type-is@1.6, which Express 4's req.is uses.
const reference = require('type-is');

const CONTENT_TYPES = [
  'text/html; charset=utf-8',
  'application/json',
  'application/vnd.api+json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'TEXT/HTML',
  'image/svg+xml',
  'invalid',
  'text/html; charset',
  'application/json+',
  'a/b+c+d',
  '',
  undefined,
];
const TYPE_LISTS: unknown[][] = [
  [],
  ['html'],
  ['text/html'],
  ['text/*'],
  ['json'],
  ['application/json'],
  ['application/*'],
  ['*/*'],
  ['+json'],
  ['application/*+json'],
  ['*/*+json'],
  ['*/*+xml'],
  ['*+json'],
  ['urlencoded'],
  ['multipart'],
  ['multipart/*'],
  ['json', 'html'],
  ['html', 'json'],
  ['nonexistentext'],
  ['Text/HTML'],
  ['text/html/x'],
  ['text'],
  [undefined],
  [42],
];

describe('http/type-is typeIs', () => {
  for (const value of CONTENT_TYPES) {
    it(`matches type-is@1.6 for Content-Type ${JSON.stringify(value)}`, () => {
      for (const types of TYPE_LISTS) {
        assert.equal(typeIs(value, types), reference.is(value, types), JSON.stringify(types));
      }
    });
  }
});

describe('http/type-is helpers', () => {
  it('expandType expands shortcuts, extensions and +suffix forms', () => {
    assert.equal(expandType('urlencoded'), 'application/x-www-form-urlencoded');
    assert.equal(expandType('multipart'), 'multipart/*');
    assert.equal(expandType('+json'), '*/*+json');
    assert.equal(expandType('json'), 'application/json');
    assert.equal(expandType('text/x-anything'), 'text/x-anything');
    assert.equal(expandType('nonexistentext'), false);
    assert.equal(expandType(7), false);
  });

  it('mimeMatch handles wildcards and suffix wildcards', () => {
    assert.equal(mimeMatch('*/*', 'a/b'), true);
    assert.equal(mimeMatch('a/*', 'a/b'), true);
    assert.equal(mimeMatch('b/*', 'a/b'), false);
    assert.equal(mimeMatch('*/*+json', 'application/ld+json'), true);
    assert.equal(mimeMatch('*/*+json', 'application/json'), false);
    assert.equal(mimeMatch('text/*+json', 'application/ld+json'), false);
    assert.equal(mimeMatch('a/b/c', 'a/b'), false);
    assert.equal(mimeMatch(false, 'a/b'), false);
  });

  const BODY_HEADERS: Array<Record<string, string>> = [
    {},
    { 'content-length': '0' },
    { 'content-length': '12' },
    { 'content-length': 'abc' },
    { 'content-length': '' },
    { 'transfer-encoding': 'chunked' },
    { 'transfer-encoding': '' },
    { 'content-type': 'application/json' },
  ];
  for (const headers of BODY_HEADERS) {
    it(`hasBody and typeOfRequest match type-is@1.6 for ${JSON.stringify(headers)}`, () => {
      const withType = { 'content-type': 'application/json', ...headers };
      assert.equal(hasBody({ headers } as any), reference.hasBody({ headers }));
      assert.equal(
        typeOfRequest({ headers: withType } as any, ['json']),
        reference({ headers: withType }, ['json']),
      );
      assert.equal(typeOfRequest({ headers: withType } as any, []), reference({ headers: withType }));
    });
  }
});
