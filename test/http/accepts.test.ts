import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { acceptsCharsets, acceptsEncodings, acceptsLanguages, acceptsTypes } from '../../src/http/accepts';
import { cpuClock } from '../support/cpu-time';

// The accepts@1.3 module Express 4 uses, as the reference.
const reference = require('accepts');

function req(headers: Record<string, string>): any {
  return { headers };
}

const ACCEPT = [
  undefined,
  '',
  'text/html',
  'text/*, application/json',
  'application/json;q=0.5, text/html',
  'text/html;q=0, */*',
  '*/*',
  'image/*;q=0.8, image/png',
  'garbage',
  'text/html;level=1, text/html;q=0.1',
  'application/vnd.api+json',
];
const TYPE_ARGS: unknown[][] = [
  [],
  ['html'],
  ['json', 'html'],
  [['json', 'html']],
  ['text/html'],
  ['png'],
  ['json, html'],
  ['application/*'],
  ['nope-not-a-type'],
  ['text/plain', 'nope-not-a-type', 'application/json'],
  // Offered types negotiator does not take as media types: '*/*' must pass over them too.
  ['text/html extra', 'json'],
  ['/html', 'a/b c', 'x/y;q=0', ' text/plain ; level=1'],
  ['text/plain\n', 'text/plain;\n', 'html'],
  ['nope', 'a;b/c', 'text/csv'],
];

describe('http/accepts acceptsTypes', () => {
  for (const accept of ACCEPT) {
    it(`matches accepts@1.3 for Accept: ${JSON.stringify(accept)}`, () => {
      const headers: Record<string, string> = accept === undefined ? {} : { accept };
      for (const args of TYPE_ARGS) {
        const list = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
        const theirs = reference(req(headers)).types(...args);
        assert.deepEqual(acceptsTypes(req(headers), list), theirs, JSON.stringify(args));
      }
    });
  }

  it('answers false instead of throwing for non-string types', () => {
    assert.equal(acceptsTypes(req({ accept: 'text/html' }), [42, null]), false);
    assert.equal(acceptsTypes(req({ accept: '*/*' }), [42, null]), false);
    assert.equal(acceptsTypes(req({ accept: '*/*' }), [42, 'json']), 'json');
  });
});

describe('http/accepts charsets, encodings, languages', () => {
  const CASES: Array<[string, string | undefined, string[][]]> = [
    ['accept-charset', undefined, [[], ['utf-8'], ['utf-8', 'iso-8859-1']]],
    ['accept-charset', 'utf-8, iso-8859-1;q=0.2', [[], ['iso-8859-1'], ['ISO-8859-1', 'utf-8'], ['latin9']]],
    ['accept-charset', '*;q=0.1, utf-8', [[], ['ascii'], ['utf-8']]],
    ['accept-encoding', undefined, [[], ['gzip'], ['identity'], ['gzip', 'identity']]],
    ['accept-encoding', 'gzip, deflate;q=0.5', [[], ['deflate', 'gzip'], ['br'], ['identity']]],
    ['accept-encoding', 'identity;q=0', [[], ['identity'], ['gzip']]],
    ['accept-language', undefined, [[], ['en'], ['en', 'fr']]],
    ['accept-language', 'en-US, fr;q=0.5', [[], ['fr'], ['en'], ['EN-us', 'fr'], ['de']]],
  ];
  const ours: Record<string, typeof acceptsCharsets> = {
    'accept-charset': acceptsCharsets,
    'accept-encoding': acceptsEncodings,
    'accept-language': acceptsLanguages,
  };
  const method: Record<string, string> = {
    'accept-charset': 'charsets',
    'accept-encoding': 'encodings',
    'accept-language': 'languages',
  };
  for (const [name, value, argLists] of CASES) {
    it(`matches accepts@1.3 for ${name}: ${JSON.stringify(value)}`, () => {
      const headers: Record<string, string> = value === undefined ? {} : { [name]: value };
      for (const args of argLists) {
        const theirs = reference(req(headers))[method[name]](...args);
        assert.deepEqual(ours[name](req(headers), args), theirs, JSON.stringify(args));
      }
    });
  }
});

describe('http/accepts bad input', () => {
  it('answers quickly for a 16 KB header of junk in each Accept-* field', () => {
    const junk = 'a/b;q=0.5;x="y",'.repeat(1000);
    const start = cpuClock();
    const headers = {
      accept: junk,
      'accept-charset': junk,
      'accept-encoding': junk,
      'accept-language': junk,
    };
    assert.equal(acceptsTypes(req(headers), ['html']), false);
    assert.equal(acceptsCharsets(req(headers), ['utf-8']), false);
    assert.equal(acceptsEncodings(req(headers), ['gzip']), false);
    assert.equal(acceptsLanguages(req(headers), ['en']), false);
    assert.ok(start() < 500);
  });
});
