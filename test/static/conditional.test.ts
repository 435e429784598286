import assert from 'node:assert/strict';
import { test } from 'node:test';
// Freshness (304) is src/http/fresh.ts, tested against the fresh package in test/http/fresh.test.ts.
import { isConditional, isRangeFresh, parseHttpDate, preconditionFailed } from '../../src/static/conditional';

const ETAG = 'W/"c-18f"';
const MODIFIED = 'Wed, 01 May 2024 10:00:00 GMT';
const EARLIER = 'Tue, 30 Apr 2024 10:00:00 GMT';
const LATER = 'Thu, 02 May 2024 10:00:00 GMT';

test('isConditional looks at the four validators only', () => {
  assert.equal(isConditional({}), false);
  assert.equal(isConditional({ 'if-range': '"x"' }), false);
  assert.equal(isConditional({ 'if-match': '*' }), true);
  assert.equal(isConditional({ 'if-none-match': '"x"' }), true);
  assert.equal(isConditional({ 'if-modified-since': MODIFIED }), true);
  assert.equal(isConditional({ 'if-unmodified-since': MODIFIED }), true);
});

test('parseHttpDate', () => {
  assert.equal(parseHttpDate(MODIFIED), Date.UTC(2024, 4, 1, 10));
  assert.ok(Number.isNaN(parseHttpDate('garbage')));
  assert.ok(Number.isNaN(parseHttpDate(undefined)));
  assert.ok(Number.isNaN(parseHttpDate('')));
});

test('preconditionFailed: If-Match', () => {
  assert.equal(preconditionFailed({ 'if-match': ETAG }, ETAG, MODIFIED), false);
  assert.equal(preconditionFailed({ 'if-match': '"c-18f"' }, ETAG, MODIFIED), false);
  assert.equal(preconditionFailed({ 'if-match': '"x", "c-18f"' }, ETAG, MODIFIED), false);
  assert.equal(preconditionFailed({ 'if-match': '"x"' }, ETAG, MODIFIED), true);
  assert.equal(preconditionFailed({ 'if-match': '*' }, ETAG, MODIFIED), false);
  assert.equal(preconditionFailed({ 'if-match': '*' }, undefined, MODIFIED), true);
});

test('preconditionFailed: If-Unmodified-Since', () => {
  assert.equal(preconditionFailed({ 'if-unmodified-since': MODIFIED }, ETAG, MODIFIED), false);
  assert.equal(preconditionFailed({ 'if-unmodified-since': LATER }, ETAG, MODIFIED), false);
  assert.equal(preconditionFailed({ 'if-unmodified-since': EARLIER }, ETAG, MODIFIED), true);
  assert.equal(preconditionFailed({ 'if-unmodified-since': MODIFIED }, ETAG, undefined), true);
  assert.equal(preconditionFailed({ 'if-unmodified-since': 'garbage' }, ETAG, MODIFIED), false);
  assert.equal(preconditionFailed({}, ETAG, MODIFIED), false);
});

test('isRangeFresh: entity tag or date', () => {
  assert.equal(isRangeFresh({}, ETAG, MODIFIED), true);
  assert.equal(isRangeFresh({ 'if-range': ETAG }, ETAG, MODIFIED), true);
  assert.equal(isRangeFresh({ 'if-range': '"other"' }, ETAG, MODIFIED), false);
  assert.equal(isRangeFresh({ 'if-range': '"c-18f"' }, undefined, MODIFIED), false);
  assert.equal(isRangeFresh({ 'if-range': MODIFIED }, ETAG, MODIFIED), true);
  assert.equal(isRangeFresh({ 'if-range': LATER }, ETAG, MODIFIED), true);
  assert.equal(isRangeFresh({ 'if-range': EARLIER }, ETAG, MODIFIED), false);
  assert.equal(isRangeFresh({ 'if-range': MODIFIED }, ETAG, undefined), false);
});
