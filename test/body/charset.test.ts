import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { getDecoder } from '../../src/body/charset';

// The decoder Express 4's body parsers use, the copy express@4 itself installs: the reference answers.
const expressIconv = require(
  require.resolve('iconv-lite', { paths: [path.dirname(require.resolve('body-parser/package.json'))] }),
) as {
  decode(buf: Buffer, charset: string): string;
  encode(text: string, charset: string): Buffer;
  encodingExists(charset: string): boolean;
};

const SAMPLE = 'Grüße, ¿qué tal? Ωμέγα — 日本語 😀 done';

function decode(charset: string, bytes: Buffer): string {
  const decoder = getDecoder(charset);
  assert.ok(decoder, `decoder for ${charset}`);
  return decoder(bytes);
}

describe('getDecoder', () => {
  test('decodes UTF-8 and strips its BOM', () => {
    assert.equal(decode('utf-8', Buffer.from(SAMPLE)), SAMPLE);
    assert.equal(decode('utf-8', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{}')])), '{}');
  });

  test('decodes UTF-16 in both byte orders, with and without BOM', () => {
    const le = Buffer.from(SAMPLE, 'utf16le');
    const be = Buffer.from(le).swap16();
    assert.equal(decode('utf-16le', le), SAMPLE);
    assert.equal(decode('utf-16be', be), SAMPLE);
    assert.equal(decode('utf-16le', Buffer.concat([Buffer.from([0xff, 0xfe]), le])), SAMPLE);
    assert.equal(decode('utf-16be', Buffer.concat([Buffer.from([0xfe, 0xff]), be])), SAMPLE);
    assert.equal(decode('utf-16', Buffer.concat([Buffer.from([0xfe, 0xff]), be])), SAMPLE);
    assert.equal(decode('utf-16', Buffer.concat([Buffer.from([0xff, 0xfe]), le])), SAMPLE);
  });

  test('guesses the byte order of UTF-16 without BOM from ASCII characters', () => {
    assert.equal(decode('utf-16', Buffer.from('{"a":1}', 'utf16le')), '{"a":1}');
    assert.equal(decode('utf-16', Buffer.from(Buffer.from('{"a":1}', 'utf16le')).swap16()), '{"a":1}');
  });

  test('decodes Latin-1, ASCII and legacy code pages', () => {
    assert.equal(decode('latin1', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x80])), 'café\u0080');
    assert.equal(decode('ascii', Buffer.from([0x61, 0xe9])), 'a\ufffd');
    assert.equal(decode('windows-1252', Buffer.from([0x80])), '€');
    assert.equal(decode('koi8-r', Buffer.from([0xf0, 0xd2, 0xc9])), 'При');
    assert.equal(decode('shift_jis', Buffer.from([0x93, 0xfa, 0x96, 0x7b])), '日本');
  });

  test('matches names loosely: case, punctuation and a trailing year do not matter', () => {
    assert.equal(decode('UTF8', Buffer.from('x')), 'x');
    assert.equal(decode('utf_8', Buffer.from('x')), 'x');
    assert.equal(decode('ISO_8859-1:1987', Buffer.from([0xe9])), 'é');
    assert.equal(decode('Windows1251', Buffer.from([0xc0])), 'А');
  });

  test('decodes valid multi-byte Asian text like iconv-lite', () => {
    const text = 'ASCII {"k":1} 日本語 中文 한국어';
    const cases: Array<[string, string]> = [
      ['shift_jis', 'ASCII {"k":1} 日本語'],
      ['euc-jp', 'ASCII {"k":1} 日本語'],
      ['gbk', 'ASCII {"k":1} 中文'],
      ['gb18030', text],
      ['big5', 'ASCII {"k":1} 中文'],
      ['euc-kr', 'ASCII {"k":1} 한국어'],
    ];
    for (const [charset, sample] of cases) {
      const encoded = expressIconv.encode(sample, charset);
      assert.equal(decode(charset, encoded), sample, charset);
      assert.equal(decode(charset, encoded), expressIconv.decode(encoded, charset), charset);
    }
  });

  test('returns undefined for unknown or absurd charsets', () => {
    assert.equal(getDecoder('klingon'), undefined);
    assert.equal(getDecoder('utf-9'), undefined);
    assert.equal(getDecoder(''), undefined);
    assert.equal(getDecoder(`utf-8${'-'.repeat(100)}`), undefined);
    assert.equal(getDecoder('constructor'), undefined);
    assert.equal(getDecoder('__proto__'), undefined);
  });

  test('decodes every Unicode encoding: UTF-7, CESU-8 and UTF-32 too', () => {
    assert.equal(decode('utf-7', Buffer.from('{"a":"+AOk-"}')), '{"a":"é"}');
    assert.equal(decode('UTF7', Buffer.from('Hi Mom -+Jjo--!')), 'Hi Mom -☺-!');
    // A character outside the BMP as two 3-byte surrogates, which UTF-8 proper refuses.
    assert.equal(decode('cesu-8', Buffer.from([0x7b, 0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80, 0x7d])), '{😀}');
    assert.equal(decode('utf-32be', Buffer.from([0, 0, 0, 0x41, 0, 1, 0xf6, 0])), 'A😀');
    assert.equal(decode('utf-32le', Buffer.from([0x41, 0, 0, 0, 0, 0xf6, 1, 0])), 'A😀');
    assert.equal(decode('utf-32', Buffer.from([0xff, 0xfe, 0, 0, 0x41, 0, 0, 0])), 'A');
    assert.equal(decode('utf-32', Buffer.from([0, 0, 0xfe, 0xff, 0, 0, 0, 0x41])), 'A');
  });

  test('legacy code pages use the same tables as Express (not the WHATWG ones)', () => {
    // Each of these bytes decodes differently under the WHATWG Encoding Standard's tables.
    const cases: Array<[string, number[]]> = [
      ['iso-8859-9', [0x80]],
      ['iso-8859-11', [0x80]],
      ['tis-620', [0x80]],
      ['windows-1251', [0x98]],
      ['ibm866', [0x1a]],
      ['shift_jis', [0x1a]],
      ['big5', [0x80]],
      ['euc-kr', [0x80]],
      ['euc-jp', [0x80]],
      ['gbk', [0xff]],
      ['cp437', [0x80, 0xe9]],
      ['cp850', [0x80]],
      ['cp936', [0xb0, 0xa1]],
      ['maccyrillic', [0x80]],
      ['iso-8859-16', [0xa4]],
    ];
    for (const [charset, bytes] of cases) {
      const buf = Buffer.from(bytes);
      assert.equal(decode(charset, buf), expressIconv.decode(buf, charset), charset);
    }
  });

  test('decodes like iconv-lite for the charsets both know', () => {
    const charsets = [
      'utf-8',
      'utf8',
      'UTF-8',
      'utf-16le',
      'ucs2',
      'utf-16be',
      'utf-16',
      'latin1',
      'iso-8859-1',
      'binary',
      'ascii',
      'us-ascii',
      'iso-8859-2',
      'iso-8859-15',
      'windows-1250',
      'windows-1251',
      'windows-1252',
      'cp1251',
      'koi8-r',
      'koi8-u',
      'cp866',
      'win1250',
      '1251',
      'ms-ansi',
      'iso-8859-9',
      'iso-8859-11',
      'cp437',
      'cp850',
      'macintosh',
      'shift_jis',
      'gbk',
      'big5',
      'euc-kr',
      'utf-7',
      'cesu-8',
      'base64',
      'hex',
    ];
    const samples = [
      Buffer.from('plain ascii {"a":[1,2]}'),
      Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
      Buffer.from([0xff, 0xfe, 0x41, 0x00]),
      Buffer.from([0xfe, 0xff, 0x00, 0x41]),
      Buffer.from(Array.from({ length: 96 }, (_, i) => 0xa0 + i)),
    ];
    for (const charset of charsets) {
      assert.ok(expressIconv.encodingExists(charset), `express's iconv-lite knows ${charset}`);
      for (const sample of samples) {
        assert.equal(
          decode(charset, sample),
          expressIconv.decode(sample, charset),
          `${charset} ${sample.toString('hex')}`,
        );
      }
      const text = 'Hello, {"k":"v"}';
      const encoded =
        charset === 'base64' || charset === 'hex' ? Buffer.from(text) : expressIconv.encode(text, charset);
      assert.equal(decode(charset, encoded), expressIconv.decode(encoded, charset), `${charset} round trip`);
    }
  });
});
