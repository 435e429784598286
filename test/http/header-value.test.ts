import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { headerText } from '../../src/http/header-value';

describe('headerText', () => {
  it('gives a string as it is', () => {
    assert.equal(headerText('application/json'), 'application/json');
    assert.equal(headerText(''), '');
  });

  it('gives a number as its decimal text, as adapters put Content-Length', () => {
    assert.equal(headerText(12), '12');
    assert.equal(headerText(0), '0');
  });

  it('joins an array as a list', () => {
    assert.equal(headerText(['a', 'b']), 'a, b');
    assert.equal(headerText(['5']), '5');
  });

  it('gives undefined for what is not a header value', () => {
    assert.equal(headerText(undefined), undefined);
    assert.equal(headerText(null), undefined);
    assert.equal(headerText({ toString: () => 'x' }), undefined);
  });
});
