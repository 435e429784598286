import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decimalDigits, headerNumber } from '../../src/http/content-length';

describe('http/content-length', () => {
  it('reads 1 to 15 ASCII digits as Number and parseInt do', () => {
    for (const value of ['0', '7', '17', '1024', '000123', '999999999999999', '123456789012345']) {
      assert.equal(decimalDigits(value), Number(value), value);
      assert.equal(decimalDigits(value), Number.parseInt(value, 10), value);
    }
  });

  it('agrees with Number on every length of digit string up to 15', () => {
    let value = '';
    for (let i = 1; i <= 15; i++) {
      value += String((i * 7) % 10);
      assert.equal(decimalDigits(value), Number(value), value);
    }
  });

  it('answers -1 for anything else, leaving it to the general conversion', () => {
    const others = [
      '',
      ' 12',
      '12 ',
      '1e3',
      '-1',
      '+1',
      '12.5',
      '0x10',
      'abc',
      '1,2',
      '\u0661\u0662',
      '9999999999999999',
    ];
    for (const value of others) assert.equal(decimalDigits(value), -1, JSON.stringify(value));
  });

  it('headerNumber is Number() for every value', () => {
    const values = [
      '0',
      '42',
      '000123',
      '9999999999999999',
      '',
      ' 12 ',
      '1e3',
      '-1',
      '12.5',
      '0x10',
      'abc',
      'Infinity',
    ];
    for (const value of values)
      assert.ok(Object.is(headerNumber(value), Number(value)), JSON.stringify(value));
  });
});
