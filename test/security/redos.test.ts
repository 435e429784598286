/**
 * Security review: every parser that reads request headers (or header-like input) must stay linear.
 *
 * No super-linear case was found: the header parsers are hand-written scanners, the few regular
 * expressions applied to input are single character classes, and negotiator's (Accept*) have no
 * ambiguous quantifiers. This is a regression guard: each parser gets 100 kB adversarial strings (six
 * times node's whole default header limit) built from the characters its grammar treats specially.
 * A catastrophic pattern takes seconds to hours on such input; linear code takes a few milliseconds,
 * so a budget of one second per call cannot flake.
 */
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { test } from 'node:test';
import { contentTypeOf } from '../../src/body/type-match';
import { acceptsCharsets, acceptsEncodings, acceptsLanguages, acceptsTypes } from '../../src/http/accepts';
import { contentDisposition } from '../../src/http/content-disposition';
import { parseContentType } from '../../src/http/content-type';
import { encodeUrl } from '../../src/http/encode-url';
import { escapeHtml } from '../../src/http/escape-html';
import { hasNoCache, isFresh } from '../../src/http/fresh';
import { parseMediaType } from '../../src/http/media-type';
import { compileTrust, forwardedFor, proxyAddr } from '../../src/http/proxy-addr';
import { compileQueryParser } from '../../src/http/query';
import { parseRange } from '../../src/http/range';
import { typeIs } from '../../src/http/type-is';
import { appendVary } from '../../src/http/vary';
import { setUtf8Charset, withDefaultCharset } from '../../src/response/charset';
import { isRangeFresh, preconditionFailed } from '../../src/static/conditional';
import { parseByteRanges } from '../../src/static/range';
import { cpuClock } from '../support/cpu-time';

const SIZE = 100_000;
const BUDGET_MS = 1000;

/** Units repeated to SIZE characters: separators, quotes, escapes, spaces and grammar tokens. */
const UNITS = [
  ' ',
  ';',
  '; ',
  ',',
  ', ',
  '=',
  '"',
  '\\',
  '\\"',
  '/',
  'a/',
  '-',
  '%',
  '%2',
  '*',
  '.',
  'W/',
  '"a",',
  ';charset',
  '; charset= ',
  'a;q=0.5,',
  '*/*;q=0,',
  'a/b;c="',
  '0-1,',
  '-1,',
  '[',
  '[]',
  'a[b]',
];

function repeat(unit: string): string {
  return unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);
}

function headers(value: Record<string, string>): IncomingMessage {
  return { headers: value } as unknown as IncomingMessage;
}

const trustAll = compileTrust(true);
const extendedQuery = compileQueryParser('extended')!;
const simpleQuery = compileQueryParser('simple')!;

const PARSERS: Record<string, (input: string) => unknown> = {
  parseContentType: (x) => parseContentType(`text/plain${x}`),
  parseContentTypeParam: (x) => parseContentType(`a/b; c=${x}`),
  parseMediaType: (x) => parseMediaType(`text/plain${x}`),
  parseMediaTypeQuoted: (x) => parseMediaType(`a/b; c="${x}`),
  contentTypeOf: (x) => contentTypeOf(headers({ 'content-type': `text/plain; charset=${x}` })),
  typeIs: (x) => typeIs(`a/b${x}`, ['json', 'text/*', '+json']),
  contentDisposition: (x) => contentDisposition(x),
  encodeUrl: (x) => encodeUrl(x),
  escapeHtml: (x) => escapeHtml(x),
  withDefaultCharset: (x) => withDefaultCharset(`text/html${x}`),
  setUtf8Charset: (x) => setUtf8Charset(`text/html${x}`),
  hasNoCache: (x) => hasNoCache(`${x}no-cache${x}`),
  isFresh: (x) =>
    isFresh(
      { 'if-none-match': x, 'if-modified-since': x, 'cache-control': x },
      '"a"',
      'Thu, 01 Jan 1970 00:00:00 GMT',
    ),
  preconditionFailed: (x) => preconditionFailed({ 'if-match': x, 'if-unmodified-since': x }, '"a"', 'x'),
  isRangeFresh: (x) => isRangeFresh({ 'if-range': x }, '"a"', 'x'),
  parseRange: (x) => parseRange(1000, `bytes=${x}`, { combine: true }),
  parseByteRanges: (x) => parseByteRanges(1000, `bytes=${x}`),
  appendVary: (x) => appendVary(x, 'Accept'),
  forwardedFor: (x) => forwardedFor(x),
  proxyAddr: (x) =>
    proxyAddr(
      {
        headers: { 'x-forwarded-for': x },
        socket: { remoteAddress: '127.0.0.1' },
      } as unknown as IncomingMessage,
      trustAll,
    ),
  accepts: (x) => acceptsTypes(headers({ accept: x }), ['json', 'html']),
  acceptsAll: (x) => acceptsTypes(headers({ accept: x }), []),
  acceptsCharsets: (x) => acceptsCharsets(headers({ 'accept-charset': x }), ['utf-8']),
  acceptsEncodings: (x) => acceptsEncodings(headers({ 'accept-encoding': x }), ['gzip']),
  acceptsLanguages: (x) => acceptsLanguages(headers({ 'accept-language': x }), ['en']),
  extendedQuery: (x) => extendedQuery(`a${x}=1`),
  simpleQuery: (x) => simpleQuery(x),
};

for (const [name, parse] of Object.entries(PARSERS)) {
  test(`${name} stays linear on 100 kB adversarial input`, () => {
    for (const unit of UNITS) {
      const input = repeat(unit);
      const start = cpuClock();
      try {
        parse(input);
      } catch {
        // Refusing malformed input is fine; only the time taken matters here.
      }
      const ms = start();
      assert.ok(ms < BUDGET_MS, `${name} took ${ms.toFixed(0)} ms on ${JSON.stringify(unit)} x ${SIZE}`);
    }
  });
}
