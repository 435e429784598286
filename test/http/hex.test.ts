import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hexValue, isHex } from '../../src/http/hex';

test('isHex accepts exactly the ASCII hex digits', () => {
  for (let code = 0; code < 0x10000; code++) {
    assert.equal(isHex(code), /^[0-9A-Fa-f]$/.test(String.fromCharCode(code)), `code ${code}`);
  }
  assert.equal(isHex(Number.NaN), false);
});

test('hexValue gives each hex digit its value', () => {
  for (const digit of '0123456789abcdefABCDEF') {
    assert.equal(hexValue(digit.charCodeAt(0)), Number.parseInt(digit, 16), digit);
  }
});
