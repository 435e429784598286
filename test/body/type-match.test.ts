import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { describe, test } from 'node:test';
import { compileTypeMatcher, contentTypeOf } from '../../src/body/type-match';

// The matcher and Content-Type parser Express 4's body parsers use: the reference answers.
const typeis = require('type-is') as { is(value: string, types: unknown): string | false | null };
const contentType = require('content-type') as {
  parse(value: string): { parameters: Record<string, string> };
};

function fakeReq(contentTypeHeader?: string): IncomingMessage {
  const headers: Record<string, string> = { 'content-length': '1' };
  if (contentTypeHeader !== undefined) headers['content-type'] = contentTypeHeader;
  return { headers } as unknown as IncomingMessage;
}

const HEADERS = [
  'application/json',
  'Application/JSON',
  'application/json; charset=utf-8',
  'application/json;charset=UTF-8',
  'application/json ; charset=utf-8',
  '  application/json  ',
  'application/json;',
  'application/json; charset',
  'application/json; charset=',
  'application/json; charset="utf-8"',
  'application/json; charset="utf\\"8"',
  'application/json; charset="unterminated',
  'application/json; a=1; b=2',
  'application/json; a=1;b=2 ',
  'application/json; a=1 x',
  'application/json;\tcharset=utf-8',
  'application/json\t',
  'application/vnd.api+json',
  'application/vnd.api+json; charset=utf-8',
  'application/json+',
  'application/a+b+json',
  'application/vnd.a+b.c',
  'application/+json',
  'application/json/x',
  'application',
  '/json',
  'application/',
  'text/plain',
  'text/html; charset=iso-8859-1',
  'TEXT/*',
  '*/*',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----abc',
  'image/svg+xml',
  'a/b',
  `${'a'.repeat(127)}/json`,
  `${'a'.repeat(128)}/json`,
  `application/${'j'.repeat(127)}`,
  `application/${'j'.repeat(128)}`,
  'app lication/json',
  'application/js on',
  'application/json; q="a\\\u0001"',
  'application/json; q="\u00e9"',
  'application/json; q=\u00e9',
  'application/json; charset=utf-8; charset=latin1',
];

const TYPES: unknown[] = [
  'json',
  'application/json',
  'Application/JSON',
  '*/*',
  'application/*',
  '*/json',
  '+json',
  '*/*+json',
  'application/*+json',
  'text',
  'txt',
  'urlencoded',
  'multipart',
  'multipart/*',
  'unknown-ext',
  'foo.json',
  'svg',
  '*',
  'application/json/x',
  5,
  ['json', 'text/*'],
  ['unknown-ext', '+xml'],
  [],
];

describe('contentTypeOf', () => {
  test('gives the media type as type-is normalizes it, for every header', () => {
    for (const header of HEADERS) {
      const expected = typeis.is(header, ['*/*']) || null;
      assert.equal(contentTypeOf(fakeReq(header)).mediaType, expected, JSON.stringify(header));
    }
  });

  test('gives the lower-cased charset, or an empty string', () => {
    assert.deepEqual(contentTypeOf(fakeReq('text/plain; charset=UTF-8')), {
      mediaType: 'text/plain',
      charset: 'utf-8',
    });
    assert.deepEqual(contentTypeOf(fakeReq('text/plain')), { mediaType: 'text/plain', charset: '' });
    assert.deepEqual(contentTypeOf(fakeReq()), { mediaType: null, charset: '' });
    assert.deepEqual(contentTypeOf(fakeReq('')), { mediaType: null, charset: '' });
  });

  test('agrees with the content-type package on the charset of every header', () => {
    for (const header of HEADERS) {
      let expected: string;
      try {
        expected = (contentType.parse(header).parameters.charset || '').toLowerCase();
      } catch {
        expected = '';
      }
      assert.equal(contentTypeOf(fakeReq(header)).charset, expected, JSON.stringify(header));
    }
  });

  test('answers repeated headers from its cache with the same result', () => {
    const first = contentTypeOf(fakeReq('application/json; charset=utf-16'));
    assert.equal(contentTypeOf(fakeReq('application/json; charset=utf-16')), first);
  });

  test('stays correct past its cache size and for long headers', () => {
    for (let i = 0; i < 300; i++) {
      assert.equal(contentTypeOf(fakeReq(`application/x-${i}`)).mediaType, `application/x-${i}`);
    }
    const long = `text/plain; x="${'a'.repeat(500)}"; charset=latin1`;
    assert.deepEqual(contentTypeOf(fakeReq(long)), { mediaType: 'text/plain', charset: 'latin1' });
  });
});

describe('compileTypeMatcher', () => {
  test('agrees with type-is for every option and header', () => {
    for (const type of TYPES) {
      const matches = compileTypeMatcher(type as string);
      for (const header of HEADERS) {
        const expected = Boolean(typeis.is(header, type as string));
        assert.equal(
          matches(fakeReq(header)),
          expected,
          `type ${JSON.stringify(type)} vs ${JSON.stringify(header)}`,
        );
      }
      assert.equal(matches(fakeReq()), false, `type ${JSON.stringify(type)} without Content-Type`);
    }
  });

  test('calls a function option with the request and uses its truthiness', () => {
    const seen: unknown[] = [];
    const matches = compileTypeMatcher((req) => {
      seen.push(req);
      return req.headers['x-parse'] === 'yes' ? 1 : '';
    });
    const yes = { headers: { 'x-parse': 'yes' } } as unknown as IncomingMessage;
    const no = { headers: {} } as unknown as IncomingMessage;
    assert.equal(matches(yes), true);
    assert.equal(matches(no), false);
    assert.deepEqual(seen, [yes, no]);
  });
});
