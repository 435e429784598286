/**
 * The path compiler must produce exactly Express 4's `layer.regexp` (source and flags) and
 * `layer.keys`, since tools read them, and its matcher must give the same `params`/`path` as
 * Express's own regex for every URL.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Layer } from '../../src/router/layer';
import { LITERAL_SEGMENT, PARAM_SEGMENT } from '../../src/router/matchers';
import { compilePath, type PathKey, plainSegments, translate, translatePlain } from '../../src/router/path';

const ExpressLayer = require('express/lib/router/layer');

const noop = () => {};

/** Paths in every Express 4 syntax (path-to-regexp 0.1.x). */
export const PATHS: Array<string | RegExp | Array<string | RegExp>> = [
  '/',
  '',
  '*',
  '/*',
  '/foo',
  '/foo/',
  '/Foo/Bar',
  '/foo/bar/baz',
  '/foo.bar',
  '/foo.json',
  '/file.*',
  '/:id',
  '/:id/',
  '/:id?',
  '/users/:id',
  '/users/:id?',
  '/users/:id/edit',
  '/users/:user_id/posts/:post_id',
  '/:a/:b/:c',
  '/:a-:b',
  '/:a-:b-:c',
  '/:a.:b',
  '/:a.:b.:c',
  '/:from..:to',
  '/:a~:b',
  '/:a@:b',
  '/file/:name.:ext',
  '/file/:name.:ext?',
  '/:name.:ext?',
  '/api/v:version',
  '/prefix-:id',
  '/:id-suffix',
  '/:id(\\d+)',
  '/:id(\\d+)?',
  '/users/:id(\\d+)/:action(edit|view)',
  '/:slug([a-z]+)-:num(\\d+)',
  '/:path*',
  '/:path(*)',
  '/files/:path*',
  '/files/:path*?',
  '/:a*-:b',
  '/:foo.:bar*',
  '/.:format',
  '/.:format?',
  '/users.:format',
  '/users.:format?',
  '/user/:id.:format?',
  '/ab?cd',
  '/ab+cd',
  '/ab*cd',
  '/ab(cd)?e',
  '/a(b)c',
  '/(a|b)',
  '/(foo)?/bar',
  '/foo/(bar)?',
  '/foo(/bar)?',
  '/foo/(\\d+)',
  '/foo/*',
  '/foo/*/bar',
  '/*/*',
  '/foo*',
  '/fo+o',
  '/a\\.b',
  '/a\\:b',
  '/a\\*b',
  '/\\(paren\\)',
  '/:a\\-:b',
  '/café',
  '/%E2%82%AC',
  '/with space',
  '/a/b/c/d/e/f/g',
  '/:_private',
  '/:$dollar',
  '/:0',
  '/:a:b',
  '/:a(x)(y)',
  '/:a((b))',
  '/(?<named>\\w+)',
  '/x(?<named>\\w+)/:id',
  '/:a-:b.:c',
  '/:a-b-:c',
  '/:a--:b',
  '/:aa-:bb-:cc-:dd',
  '/a-:b-:c-d',
  '/:a-:b/:c-:d',
  'foo',
  'foo/:bar',
  ':id',
  /^\/foo\/?$/i,
  /\/bar/,
  /^\/(\d+)\/(\w+)$/,
  /^\/(?<year>\d{4})\/(?<month>\d\d)$/,
  /^\/(?:a|b)(c)?$/,
  ['/a', '/b'],
  ['/users/:id', '/people/:id'],
  ['/x/:a', /^\/y\/(\d+)/, '/z/*'],
  [],
  [['/nested']] as any,
];

const OPTIONS = [
  { end: true },
  { end: false },
  { end: true, strict: true },
  { end: false, strict: true },
  { end: true, sensitive: true },
  { end: false, sensitive: true },
  { end: true, strict: true, sensitive: true },
  {},
];

/** URLs meant to exercise the paths above (every path is tried against every URL). */
export const URLS = [
  '/',
  '//',
  '/foo',
  '/FOO',
  '/foo/',
  '/foo//',
  '/foo/bar',
  '/Foo/Bar',
  '/foo/bar/',
  '/foo/bar/baz',
  '/foo.bar',
  '/foo.json',
  '/foo.json/',
  '/file.txt',
  '/file.tar.gz',
  '/123',
  '/123/',
  '/abc',
  '/users',
  '/users/',
  '/users/42',
  '/users/42/',
  '/users/42/edit',
  '/users/42/view',
  '/users/42/delete',
  '/users/tobi/posts/7',
  '/users.json',
  '/user/5.json',
  '/user/5',
  '/a/b/c',
  '/a/b/c/',
  '/a-b',
  '/a-b-c',
  '/a-b-c-d',
  '/a--b',
  '/a---b',
  '/aa-bb-cc-dd',
  '/a.b',
  '/a.b.c',
  '/1..5',
  '/a~b',
  '/a@b',
  '/file/report.pdf',
  '/file/report',
  '/file/report.',
  '/api/v2',
  '/prefix-77',
  '/77-suffix',
  '/abc-123',
  '/abcd',
  '/acd',
  '/abbbcd',
  '/abxyzcd',
  '/abcde',
  '/abe',
  '/abc',
  '/a',
  '/b',
  '/c',
  '/bar',
  '/foo/bar/x',
  '/foo/123',
  '/foo/x/bar',
  '/fooo',
  '/fo',
  '/foobar',
  '/a.b',
  '/a:b',
  '/a*b',
  '/(paren)',
  '/a\\-b',
  '/café',
  '/CAFÉ',
  '/caf%C3%A9',
  '/%E2%82%AC',
  '/with space',
  '/a/b/c/d/e/f/g',
  '/x',
  '/y/12',
  '/z/deep/path',
  '/people/9',
  '/nested',
  '/2024/05',
  '/ac',
  '/bc',
  '/xab/1',
  '/x%2Fy',
  '/%41',
  '/a%20b-c',
  '/a-b.c',
  '/a-b-c',
  '/foo.bar.baz',
  '/.json',
  '/json',
  '/ab-cd/ef-gh',
  'foo',
  '',
  '/foo?x',
  '/-',
  '/--',
  '/a-',
  '/-a',
  '/.',
  '/..',
  '/...',
];

/** Builds both layers; a path Express rejects must be rejected by webapp with the same error. */
function build(path: unknown, options: object): [any, any] | undefined {
  let expected: any;
  try {
    expected = new ExpressLayer(path, options, noop);
  } catch (err) {
    assert.throws(() => new Layer(path as any, options, noop), {
      name: (err as Error).name,
      message: (err as Error).message,
    });
    return undefined;
  }
  return [new Layer(path as any, options, noop), expected];
}

function label(path: unknown): string {
  return path instanceof RegExp ? String(path) : JSON.stringify(path);
}

test('layer.regexp source/flags and layer.keys equal Express 4 for every path × option set', () => {
  for (const path of PATHS) {
    for (const options of OPTIONS) {
      const built = build(path, options);
      if (!built) continue;
      const [actual, expected] = built;
      const what = `${label(path)} ${JSON.stringify(options)}`;
      assert.equal(actual.regexp.source, expected.regexp.source, `source of ${what}`);
      assert.equal(actual.regexp.flags, expected.regexp.flags, `flags of ${what}`);
      assert.deepEqual(actual.keys, expected.keys, `keys of ${what}`);
      assert.equal(actual.regexp.fast_slash, expected.regexp.fast_slash, `fast_slash of ${what}`);
      assert.equal(actual.regexp.fast_star, expected.regexp.fast_star, `fast_star of ${what}`);
    }
  }
});

/** Runs `layer.match(url)` and reduces the outcome to something comparable. */
function outcome(layer: { match(p: string): boolean; params: unknown; path: unknown }, url: string) {
  try {
    const matched = layer.match(url);
    return { matched, params: layer.params, path: layer.path };
  } catch (err) {
    return { error: (err as Error).message, status: (err as { status?: number }).status };
  }
}

test('layer.match gives the same params and matched path as Express 4 for every path × option × URL', {
  timeout: 60_000,
}, () => {
  let compared = 0;
  for (const path of PATHS) {
    for (const options of OPTIONS) {
      const built = build(path, options);
      if (!built) continue;
      const [actual, expected] = built;
      for (const url of URLS) {
        const a = outcome(actual, url);
        const e = outcome(expected, url);
        assert.deepEqual(a, e, `${label(path)} ${JSON.stringify(options)} against ${JSON.stringify(url)}`);
        compared++;
      }
    }
  }
  assert.ok(compared > 10_000);
});

test('a layer whose regexp is replaced by the user runs the new regexp', () => {
  const layer = new Layer('/foo', { end: true }, noop);
  assert.equal(layer.match('/foo'), true);
  layer.regexp = /^\/bar\/?$/i;
  assert.equal(layer.match('/foo'), false);
  assert.equal(layer.match('/bar'), true);
  assert.equal(layer.path, '/bar');
});

test('layer.match(null/undefined) does not match and clears params/path', () => {
  const layer = new Layer('/', { end: false }, noop);
  assert.equal(layer.match('/x'), true);
  assert.equal(layer.match(undefined), false);
  assert.equal(layer.params, undefined);
  assert.equal(layer.path, undefined);
});

test('compilePath rejects what Express rejects', () => {
  for (const bad of [42, null, {}, true]) {
    assert.throws(() => compilePath(bad as any), {
      name: 'TypeError',
      message: 'path must be a string, array of strings, or regular expression',
    });
    assert.throws(() => new ExpressLayer(bad, {}, noop), {
      message: 'path must be a string, array of strings, or regular expression',
    });
  }
});

test('a user RegExp is kept as the same object (tools compare it)', () => {
  const re = /^\/x/;
  const layer = new Layer(re, { end: false }, noop);
  assert.equal(layer.regexp, re);
});

test('layer.name is the handler name, or <anonymous>', () => {
  function named() {}
  assert.equal(new Layer('/', {}, named).name, 'named');
  assert.equal(new Layer('/', {}, (() => () => {})()).name, '<anonymous>');
  assert.equal(new Layer('/', {}, named.bind(null)).name, 'bound named');
});

/** Small deterministic PRNG (mulberry32) so fuzz failures reproduce. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Express path syntax pieces, including malformed ones (unclosed groups, dangling escapes). */
export const PIECES = [
  '/',
  '/',
  '/:a',
  ':b',
  '-',
  '.',
  '~',
  '@',
  'x',
  'ab',
  '/:c?',
  '/:d*',
  '.:e',
  '.:f?',
  ':g(\\d+)',
  ':h([a-z]+)?',
  ':i(.*)',
  '(',
  ')',
  '(y)?',
  '(z|w)',
  '?',
  '+',
  '*',
  '\\',
  '\\.',
  '\\-',
  '%20',
  ':j(*)',
  ':k(\\w)',
  '(?:q)',
  '[ab]',
  '{2}',
  '$',
  '^',
];

function randomPath(rand: () => number): string {
  let out = rand() < 0.85 ? '/' : '';
  const n = 1 + Math.floor(rand() * 7);
  for (let i = 0; i < n; i++) out += PIECES[Math.floor(rand() * PIECES.length)];
  return out;
}

const FUZZ_URLS = [
  '/',
  '/x',
  '/ab',
  '/1-2',
  '/a-b-c',
  '/x.y',
  '/x/y',
  '/zz',
  '/1/2/3',
  '/x~y@z',
  '/q',
  '/%20',
];

test('fuzz: random Express path patterns compile to the same regexp/keys and match the same', {
  timeout: 60_000,
}, () => {
  const rand = prng(0xc0ffee);
  let compiled = 0;
  for (let n = 0; n < 3000; n++) {
    const path = randomPath(rand);
    const options = OPTIONS[n % OPTIONS.length];
    const built = build(path, options);
    if (!built) continue;
    const [actual, expected] = built;
    const what = `${JSON.stringify(path)} ${JSON.stringify(options)}`;
    assert.equal(actual.regexp.source, expected.regexp.source, `source of ${what}`);
    assert.deepEqual(actual.keys, expected.keys, `keys of ${what}`);
    for (const url of FUZZ_URLS) {
      assert.deepEqual(outcome(actual, url), outcome(expected, url), `${what} against ${url}`);
    }
    compiled++;
  }
  assert.ok(compiled > 1000, `only ${compiled} patterns compiled`);
});

test('plain paths (literal segments and :params) translate segment by segment to the same source and keys', () => {
  const rand = prng(23);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const literals = ['api', 'v1', 'a.b', 'x-y', 'Users', '%41', "o'k", 'a~b_c', '.', '..', 'e@f,g;h=i&j!'];
  const params = [':id', ':a', ':user_id', ':x1', ':__proto__'];
  const optionSets = [
    {},
    { end: false },
    { strict: true },
    { strict: true, end: false },
    { sensitive: true },
  ];
  let plain = 0;
  for (let n = 0; n < 2000; n++) {
    const count = 1 + Math.floor(rand() * 5);
    const segments: string[] = [];
    for (let k = 0; k < count; k++) segments.push(rand() < 0.4 ? pick(params) : pick(literals));
    const path = `/${segments.join('/')}`;
    const options = pick(optionSets);
    const fastKeys: PathKey[] = [];
    const slowKeys: PathKey[] = [];
    const fast = translatePlain(path, options, fastKeys);
    assert.notEqual(fast, undefined, path);
    plain++;
    assert.equal(fast, translate(path, options, slowKeys), `${path} ${JSON.stringify(options)}`);
    assert.deepEqual(fastKeys, slowKeys, path);
  }
  assert.equal(plain, 2000);
  // Anything else is left to the full translation.
  for (const path of [
    '/',
    '/a/',
    '/a//b',
    '/:a?',
    '/:a-:b',
    '/a*',
    '/:id(\\d+)',
    '/a\\.b',
    'a/b',
    '/:a.:b',
    '/(x)',
  ]) {
    assert.equal(translatePlain(path, {}, []), undefined, path);
  }
});

test('plainSegments accepts exactly the paths whose segments are each a literal or a :param (seeded)', () => {
  const rand = prng(2611);
  // Every character class the rule cares about: literal characters, ':' and word characters, '/', and others.
  const alphabet = [
    'a',
    'Z',
    '0',
    '_',
    '~',
    '-',
    '!',
    '&',
    "'",
    '@',
    ',',
    ';',
    '=',
    '%',
    '.',
    ':',
    '/',
    '/',
    '?',
    '*',
    '(',
    ')',
    '+',
    '$',
    '|',
    ' ',
    'é',
    '\\',
  ];
  let accepted = 0;
  for (let n = 0; n < 20000; n++) {
    let path = rand() < 0.9 ? '/' : '';
    const length = Math.floor(rand() * 12);
    for (let i = 0; i < length; i++) path += alphabet[Math.floor(rand() * alphabet.length)];
    const parts = path.slice(1).split('/');
    const bySegment =
      path.length >= 2 &&
      path[0] === '/' &&
      parts.every((part) => part.length > 0 && (LITERAL_SEGMENT.test(part) || PARAM_SEGMENT.test(part)));
    assert.deepEqual(plainSegments(path), bySegment ? parts : undefined, JSON.stringify(path));
    if (bySegment) accepted++;
  }
  assert.ok(accepted > 1000, `${accepted} plain paths generated`);
});
