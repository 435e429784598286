/** Pathnames of request URLs without a URL object, and the one fact the router may hand down. */
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { getPathname, handOffPathname, parseUrlParts, simplePathname } from '../../src/http/parse-url';

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

test('a handed-off pathname answers once without a scan; others are scanned as before', () => {
  // A fact the scan could not produce shows the answer came from the handed-off one.
  handOffPathname('/rest?q', '/handed');
  assert.equal(simplePathname('/other?q'), '/other');
  assert.equal(simplePathname('/rest?q'), '/handed');
  assert.equal(simplePathname('/rest?q'), '/rest', 'used once: the next ask scans');
  handOffPathname('/rest?q', '/rest');
  assert.equal(getPathname({ url: '/rest?q' }), '/rest');
});
