/** Pathnames of request URLs without a URL object. */
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { getPathname, parseUrlParts, simplePathname } from '../../src/http/parse-url';

test('origin-form URLs split at the first "?" without a full parse', () => {
  assert.equal(simplePathname('/a/b?x=1?y'), '/a/b');
  assert.equal(simplePathname('/a/b'), '/a/b');
  assert.equal(simplePathname('/'), '/');
  assert.deepEqual(parseUrlParts('/a?b=c'), { pathname: '/a', search: 'b=c' });
  assert.deepEqual(parseUrlParts('/a'), { pathname: '/a', search: null });
});

test('fragments, whitespace and absolute-form URLs need the full parse', () => {
  for (const url of ['/a#b', '/a b', '/a\tb', '/a?x#y', '/a\u00a0b', '/a\ufeffb', 'http://h/a', '*']) {
    assert.equal(simplePathname(url), undefined, JSON.stringify(url));
  }
  assert.equal(getPathname({ url: '/a?x#y' }), '/a');
  assert.equal(getPathname({ url: 'http://example.com/p/q?x' }), '/p/q');
  assert.equal(getPathname({ url: undefined }), undefined);
});
