import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileSafeRegExp, type SafeRegExp, workDone } from '../../src/regex';

// The path compiler Express 4 uses, as the reference for the regex shapes routes produce.
const pathToRegexp: (
  path: string | string[],
  keys: unknown[],
  options: object,
) => RegExp = require('path-to-regexp');

function nativeExec(source: string, flags: string, input: string): (string | undefined)[] | null {
  const match = new RegExp(source, flags).exec(input);
  return match === null ? null : [...match];
}

function compile(source: string, flags = ''): SafeRegExp {
  const safe = compileSafeRegExp(source, { ignoreCase: flags === 'i' });
  assert.ok(safe, `expected ${JSON.stringify(source)} to compile`);
  return safe;
}

/** Asserts the engine returns exactly what RegExp#exec returns for every input. */
function assertSame(source: string, flags: string, inputs: readonly string[]): void {
  const safe = compile(source, flags);
  for (const input of inputs) {
    assert.deepEqual(
      safe.exec(input),
      nativeExec(source, flags, input),
      `/${source}/${flags}.exec(${JSON.stringify(input)})`,
    );
  }
}

describe('compileSafeRegExp: API', () => {
  it('exposes source and ignoreCase', () => {
    const safe = compile('^\\/a$', 'i');
    assert.equal(safe.source, '^\\/a$');
    assert.equal(safe.ignoreCase, true);
    assert.equal(compile('a').ignoreCase, false);
  });

  it('returns a plain array with undefined for groups that did not participate', () => {
    const result = compile('^(a)|(b)$').exec('b');
    assert.ok(Array.isArray(result));
    assert.deepEqual(result, ['b', undefined, 'b']);
    assert.equal(Object.getPrototypeOf(result), Array.prototype);
  });

  it('returns null when there is no match', () => {
    assert.equal(compile('^\\/users$').exec('/posts'), null);
  });

  it('coerces a non-string input like RegExp#exec does', () => {
    const safe = compile('^und(ef)ined$');
    assert.deepEqual(safe.exec(undefined as unknown as string), ['undefined', 'ef']);
    assert.deepEqual(compile('^\\d+$').exec(123 as unknown as string), ['123']);
  });

  it('gives independent results on repeated use of one compiled regex', () => {
    const source = '^(?:\\/([^/]+?))-(?:((?:(?!\\/|-).)+?))\\/?(?=\\/|$)';
    const safe = compile(source, 'i');
    const inputs = ['/a-b', '/a/b', '/a-b/c', '/x-y-z', '/a-b', '/-', '/a-b', '/ab-cd/'];
    for (let round = 0; round < 3; round++) {
      for (const input of inputs) assert.deepEqual(safe.exec(input), nativeExec(source, 'i', input), input);
    }
  });

  it('handles unanchored sources with the leftmost match', () => {
    assertSame('b+', '', ['abbbc', 'aaa', '', 'b']);
    assertSame('(a|ab)(c|bcd)(d*)', '', ['xabcd', 'abcd', 'ab']);
    assertSame('x*', '', ['', 'yx', 'xxy']);
    assertSame('a|^b', '', ['cab', 'ba', 'cb']);
    assertSame('\\d{2}', '', ['a1b22c333']);
  });
});

describe('compileSafeRegExp: route shapes from the Express 4 path compiler', () => {
  const PATHS = [
    '/',
    '/users',
    '/users/:id',
    '/users/:id?',
    '/users/:id/books/:bookId',
    '/:a-:b-:c',
    '/:a-:b-:c-:d',
    '/flights/:from-:to',
    '/plantae/:genus.:species',
    '/:a.:b.:c',
    '/:name.:ext?',
    '/user/:id(\\d+)',
    '/user/:id(\\d+)?',
    '/:x(a|b)/:y',
    '/ab?cd',
    '/ab+cd',
    '/ab*cd',
    '/ab(cd)?e',
    '/files/*',
    '/*',
    '/:file(*)',
    '/:path*',
    '/a/:b*',
    '/:a/:b?',
    '/:a?/:b?',
    '/:a-x-:b',
    '/:a-x?-:b',
    '/foo/(.*)',
    '/:a.:b-:c',
    '/:a(\\w+)-:b',
    '/:a\\+:b',
    '/*/:id-*.json',
    '/:ab-:cd/*',
  ];
  const INPUTS = [
    '',
    '/',
    '//',
    '/users',
    '/users/',
    '/USERS/42',
    '/users/42',
    '/users/42/',
    '/users/42/x',
    '/users/42/books/7',
    '/a-b-c',
    '/a-b-c/',
    '/a-b-c/d',
    '/a-b-c-d',
    '/a--b-c',
    '/-a-b',
    '/a-x-b',
    '/a-xx-b',
    '/a--b',
    '/flights/LAX-SFO',
    '/plantae/Prunus.persica',
    '/a.b',
    '/a.b.c',
    '/a.b-c',
    '/file.txt',
    '/file',
    '/user/42',
    '/user/4a',
    '/user/',
    '/a/b',
    '/b/c',
    '/a/b/c',
    '/abcd',
    '/acd',
    '/abbbcd',
    '/abxyzcd',
    '/abe',
    '/abcde',
    '/files/x/y.txt',
    '/x/42-y.json',
    '/a+b',
    '/é/ü',
    '/%20/%2F',
    '/a//b',
  ];

  for (const sensitive of [false, true]) {
    for (const strict of [false, true]) {
      for (const end of [true, false]) {
        it(`matches like RegExp (sensitive=${sensitive}, strict=${strict}, end=${end})`, () => {
          for (const path of PATHS) {
            const regexp = pathToRegexp(path, [], { sensitive, strict, end });
            assertSame(regexp.source, regexp.flags, INPUTS);
          }
        });
      }
    }
  }

  it('matches like RegExp for an array of paths', () => {
    const regexp = pathToRegexp(['/a/:id', '/b/:x-:y', '/c/*'], [], {});
    assertSame(regexp.source, regexp.flags, ['/a/1', '/b/1-2', '/c/x/y', '/b/1', '/d']);
  });

  it('matches the shapes quoted in the task (escaped and unescaped slashes)', () => {
    const inputs = ['/users/x', '/a-b-c', '/abcd', '/ab/cd', '/a/b/c', '/users/x/', '/a-b-c/d', '/a/b-c'];
    for (const source of [
      '^\\/users(?:\\/([^/]+?))\\/?$',
      '^(?:\\/([^/]+?))-(?:((?:(?!\\/|-).)+?))-(?:((?:(?!\\/|-).)+?))\\/?(?=\\/|$)',
      '^(?:\\/([^/]+?))-(?:((?:(?!/|-).)+?))-(?:((?:(?!/|-).)+?))\\/?(?=/|$)',
      '^\\/ab(.*)cd\\/?$',
      '^(?:\\/([^/]+?)((?:[/].+?)?))\\/?$',
      '^(?:\\/([^/]+?))-(?:((?:(?!\\/|abc).)+?))\\/?$',
    ]) {
      assertSame(source, 'i', inputs);
      assertSame(source, '', inputs);
    }
    assertSame('^(?:\\/([^/]+?))-(?:((?:(?!\\/|abc).)+?))\\/?$', 'i', [
      '/x-yabcz',
      '/x-yab',
      '/x-ABC',
      '/x-y/z',
    ]);
  });
});

describe('compileSafeRegExp: JavaScript matching semantics', () => {
  it('greedy and lazy quantifiers', () => {
    const inputs = ['', 'a', 'aaa', 'aaab', 'baaa', 'abab'];
    for (const source of [
      'a*',
      'a*?',
      'a+',
      'a+?',
      'a?',
      'a??',
      '(a*)(a*)',
      '(a*?)(a*)',
      '(a+?)(a*)',
      '(a*?)(a*?)$',
      '^(a{1,2})(a{1,2}?)',
      '^(a{2,}?)(a*)',
      '^(a{0,2}?)(a+)',
      '(.*)b',
      '(.*?)b',
      '^(.+?)(b?)$',
      'a{2}',
      'a{2,}',
      'a{1,3}',
      'a{0}b',
      '(?:ab){1,2}?',
    ]) {
      assertSame(source, '', inputs);
    }
  });

  it('alternation is leftmost-first by priority, not longest', () => {
    const inputs = ['abc', 'ab', 'abcd', 'xabc'];
    for (const source of [
      '(a|ab)(c|bcd)?',
      '(ab|a)(bc|c)?',
      '^(?:a|ab|abc)$',
      '(a|ab|abc)',
      '(|a)b?',
      '(a|)+b',
    ]) {
      assertSame(source, '', inputs);
    }
  });

  it('nested and optional groups', () => {
    const inputs = ['abcabd', 'ab', 'abd', 'aXd', '', 'abcd'];
    for (const source of [
      '((a)(b)?)(c)?',
      '(a(b(c)?)?)?d?',
      '(?:(a)|(b))+',
      '((a)|(b)|(c))*d',
      '^(?:(a)(?:(b)(c)?)?)*(d)?',
      '(?<first>a)(?<second>b)?',
      '(a)?(?:b|(c))',
    ]) {
      assertSame(source, '', inputs);
    }
  });

  it('a capture inside a repeated group holds its last iteration and is reset each iteration', () => {
    const inputs = ['ab', 'aba', 'abab', 'ba', 'aab', 'b'];
    for (const source of [
      '(?:(a)|b)+',
      '(?:(a)|(b))*',
      '(?:(a)|b){2}',
      '(?:(a)|b){1,3}?$',
      '((a)|b)+',
      '(?:(a)b|(a))+',
      '(?:a(?=(b))|b)+',
      '(a|b)*?b$',
    ]) {
      assertSame(source, '', inputs);
    }
  });

  it('an optional iteration that matches the empty string fails (RepeatMatcher empty check)', () => {
    const inputs = ['', 'a', 'b', 'aab', 'ba', 'ab'];
    for (const source of [
      '(a*)?',
      '(a*)*',
      '(a*)+',
      '(a*)+b',
      '(a*)*b',
      '(a*?)*',
      '(a*?)+?b',
      '(?:a|())*b',
      '(?:a|())*?b',
      '(?:()|a)*b',
      '(a?){2}',
      '(a?){2,3}',
      '(a??){2,}b',
      '((a*)*)*b',
      '(?:(a)|b?)*$',
      '(?:(a*)|b)*$',
      'x*?(a*?)*y',
      '(?:(?:a?)+|b)+c',
    ]) {
      assertSame(source, '', inputs);
    }
    assertSame('x*?(a*?)*y', '', ['xaay', 'y', 'xy']);
  });

  it('anchors and word boundaries', () => {
    const inputs = ['', 'a', 'ab cd', ' ab', 'ab_c', 'a-b', 'é'];
    for (const source of [
      '^a',
      'a$',
      '^$',
      '$a',
      'a^',
      '\\bab\\b',
      '\\Bb',
      '\\b',
      '\\B',
      '\\b\\w+\\b$',
      'a\\b-',
      '\\bé',
    ]) {
      assertSame(source, '', inputs);
      assertSame(source, 'i', inputs);
    }
  });

  it('lookahead, negative lookahead and their captures', () => {
    const inputs = ['a', 'ab', 'abc', 'ba', '/x', '-', 'abcabc', ''];
    for (const source of [
      'a(?=b)',
      'a(?!b)',
      '(?=(a))',
      '(?=(a))?',
      '(?=(a)){1}',
      '(?=(a)(b)?)\\w+',
      '(?!(a))\\w',
      '(?=a)*b',
      '^(?:(?!\\/|-).)+',
      '^(?:(?!\\/|abc).)+',
      '(?=a(?=b)).',
      '(?=a(?!c))..',
      '(?!ab+)\\w+',
      '(?=\\/|$)',
      'a(?=b+)',
      'x?(?!\\w*-)',
    ]) {
      assertSame(source, '', inputs);
    }
  });

  it('lookahead bodies of unbounded length (no captures)', () => {
    const inputs = [
      '',
      'abc',
      'ab1',
      'admin',
      'x-admin',
      'a-b',
      'ab-',
      '--',
      'a1b2',
      'ba',
      'aab',
      'AB',
      'b a',
    ];
    for (const source of [
      '(?=.*\\d)',
      '^(?=.*\\d)\\w+$',
      '^(?!.*admin).*$',
      '^(?:(?!\\w*-).)+',
      '(?!a+$)\\w',
      '(?!a+b)\\w+',
      '(?=\\w*\\b)a',
      '(?=(?:a|b)*$).',
      '^(?=.*(?!b).$)..',
      '(?=[^-]*-)\\w+',
      '(?=a*?b)\\w',
      '(?!(?:a)+b)(b)?',
      '(?=(?:)*a)a',
      `(?=a{${2000}})`,
      '(?=.*\\bb)',
      '^(?:(?=.*[ab]$).)*',
    ]) {
      assertSame(source, '', inputs);
      assertSame(source, 'i', inputs);
    }
  });

  it('character classes, ranges, negation and escapes', () => {
    const inputs = [
      'a',
      'A',
      'z',
      '-',
      '/',
      '.',
      '5',
      '_',
      ' ',
      '\t',
      '\n',
      '\u00a0',
      '\u2028',
      ']',
      '^',
      '\\',
      'é',
    ];
    for (const source of [
      '[abc]',
      '[^abc]',
      '[a-z]',
      '[^a-z]',
      '[a-]',
      '[-a]',
      '[\\d-z]',
      '[a-\\d]',
      '[\\w-\\d]',
      '[\\-]',
      '[\\/.]',
      '[\\]]',
      '[]]',
      '[\\^]',
      '[^^]',
      '[[]',
      '[]',
      '[^]',
      '[\\s\\S]',
      '\\d',
      '\\D',
      '\\w',
      '\\W',
      '\\s',
      '\\S',
      '.',
      '[.]',
      '[\\b]',
      '[\\B]',
      '[\\x41-\\x5a]',
      '[\\u00e0-\\u00ff]',
    ]) {
      assertSame(source, '', inputs);
      assertSame(source, 'i', inputs);
    }
  });

  it('\\d, \\w, \\s and . agree with RegExp on every code unit', () => {
    for (const source of ['\\s', '\\S', '\\d', '\\w', '\\W', '.', '[^\\s]']) {
      for (const flags of ['', 'i']) {
        const safe = compile(`^${source}$`, flags);
        const native = new RegExp(`^${source}$`, flags);
        for (let code = 0; code <= 0xffff; code++) {
          const ch = String.fromCharCode(code);
          if ((safe.exec(ch) !== null) !== native.test(ch)) {
            assert.fail(`/${source}/${flags} disagrees on U+${code.toString(16)}`);
          }
        }
      }
    }
  });

  it('escapes: control, hex, unicode, octal (Annex B), identity', () => {
    const cases: [string, string[]][] = [
      ['\\n\\t\\r\\v\\f', ['\n\t\r\v\f']],
      ['\\x41\\u0042', ['AB', 'ab']],
      ['\\x4', ['x4']],
      ['\\xg1', ['xg1']],
      ['\\u004', ['u004']],
      ['\\u{2}', ['uu', 'u{2}']],
      ['\\cJ\\cj', ['\n\n']],
      ['\\c', ['\\c']],
      ['\\c1', ['\\c1']],
      ['[\\c1]', ['\u0011']],
      ['[\\c_]', ['\u001f']],
      ['[\\c]', ['\\', 'c']],
      ['\\0', ['\0']],
      ['\\012', ['\n']],
      ['\\0123', ['\n3']],
      ['\\08', ['\x008']],
      ['\\456', ['%6']],
      ['\\377', ['\xff']],
      ['\\400', ['\x200']],
      ['\\18', ['\x018']],
      ['\\8\\9', ['89']],
      ['(a)\\10', ['a\b']],
      ['(a)\\01', ['a\x01']],
      ['[\\01\\8]', ['\x01', '8']],
      ['\\k', ['k']],
      ['[\\k]', ['k']],
      ['\\/\\-\\.\\p\\q\\_', ['/-.pq_']],
      ['\\p{L}', ['p{L}']],
    ];
    for (const [source, inputs] of cases) {
      assertSame(source, '', inputs);
      assertSame(source, 'i', inputs);
    }
  });

  it('braces and brackets that are not quantifiers are literals (Annex B)', () => {
    for (const source of ['a{,5}', 'a{1', 'a{1,', '}', ']', 'x{a}', 'a{ 1}', 'a{1}}']) {
      assertSame(source, '', [source, 'a', 'aa{1}', 'x{a}']);
    }
  });

  it('works on UTF-16 code units, like a non-unicode RegExp', () => {
    for (const source of ['\u{1F600}+', '[\u{1F600}]', '^.$', '^..$', '\\ud83d\\ude00']) {
      assertSame(source, '', ['\u{1F600}', '\u{1F600}\ude00\ude00', '\ude00', 'a']);
      assertSame(source, 'i', ['\u{1F600}', '\ude00']);
    }
  });

  it('named groups are numbered captures', () => {
    assertSame('(?<year>\\d{4})-(?<month>\\d\\d)', '', ['on 2024-09-17', '24-09']);
    assertSame('^(?:(?<a>x)|(?<b>y))+$', '', ['xy', 'yx', 'z']);
  });

  it('empty patterns and alternatives', () => {
    for (const source of ['', '(?:)', '()', 'a|', '|a', 'a||b', '(|a)(a|)']) {
      assertSame(source, '', ['', 'a', 'b', 'ab']);
    }
  });
});

describe('compileSafeRegExp: case-insensitive matching', () => {
  const SPECIAL = [
    'a',
    'A',
    'k',
    'K',
    's',
    'S',
    'i',
    'I',
    '\u212a', // KELVIN SIGN: uppercases to itself, so it never folds with k
    '\u017f', // LATIN SMALL LETTER LONG S: uppercases to ASCII S, so it does not fold
    '\u0131', // dotless i: uppercases to ASCII I, no fold
    '\u0130', // I with dot above
    '\u00df', // sharp s: uppercases to "SS" (two characters), no fold
    '\u1e9e', // capital sharp s
    '\u00b5', // micro sign: uppercases to Greek capital mu
    '\u039c',
    '\u03bc',
    '\u00e9',
    '\u00c9',
    '\u00ff',
    '\u0178',
    '\u01c4',
    '\u01c5',
    '\u01c6',
    '\u03a3',
    '\u03c2',
    '\u03c3',
    '\u0345',
    '\u0399',
    '\u03b9',
    '\u1fbe',
    '\u2126',
    '\u03c9',
    '\u00c5',
    '\u212b',
    '\u00e5',
    '\u0412',
    '\u0432',
    '\u1c80',
    '\ua64a',
    '\u1c88',
    '\uff21',
    '\uff41',
  ];

  function unicodeEscape(ch: string): string {
    return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
  }

  it('folds literals like RegExp with the i flag (non-unicode Canonicalize)', () => {
    for (const pattern of SPECIAL) {
      const source = unicodeEscape(pattern);
      const literal = compile(source, 'i');
      const native = new RegExp(source, 'i');
      for (const input of SPECIAL) {
        assert.equal(
          literal.exec(input) !== null,
          native.test(input),
          `/${source}/i on ${unicodeEscape(input)}`,
        );
      }
    }
  });

  it('folds class members before negation, like RegExp', () => {
    for (const pattern of SPECIAL) {
      const e = unicodeEscape(pattern);
      for (const source of [`[${e}]`, `[^${e}]`, `[\\u0000-${e}]`, `[^a-z${e}]`]) {
        assertSame(source, 'i', SPECIAL);
      }
    }
  });

  it('finds the same matches as RegExp across the whole code unit range for sampled characters', () => {
    let all = '';
    for (let code = 0; code <= 0xffff; code++) all += String.fromCharCode(code);
    const sample = [
      ...SPECIAL,
      '\u0100',
      '\u01f1',
      '\u1e00',
      '\u2c00',
      '\u10a0',
      '\u13a0',
      '\uab70',
      '\u0560',
    ];
    for (const ch of sample) {
      const expected: number[] = [];
      const global = new RegExp(unicodeEscape(ch), 'gi');
      for (let m = global.exec(all); m !== null; m = global.exec(all)) expected.push(m.index);
      // `^([^]*?)c` reports where the next match starts.
      const finder = compile(`^([^]*?)${unicodeEscape(ch)}`, 'i');
      const actual: number[] = [];
      for (let from = 0; ; ) {
        const m = finder.exec(all.slice(from));
        if (m === null) break;
        actual.push(from + m[1]!.length);
        from = from + m[1]!.length + 1;
      }
      assert.deepEqual(actual, expected, `matches of /${unicodeEscape(ch)}/i`);
    }
  });

  it('matches mixed-case words and classes', () => {
    const inputs = ['Hello', 'hELLO', 'HELLO', 'hello world', 'HÉLLO', 'héllo'];
    for (const source of ['^hello$', 'h[a-z]+o', 'h[^x]llo', 'h\\wllo', 'h.llo', 'h[é]llo', '(L+)(o)']) {
      assertSame(source, 'i', inputs);
      assertSame(source, '', inputs);
    }
  });
});

describe('compileSafeRegExp: unsupported constructs return null', () => {
  it('backreferences', () => {
    for (const source of ['(a)\\1', '\\1(a)', '(a)(b)\\2', '(?<x>a)\\k<x>', '((a))\\2']) {
      assert.equal(compileSafeRegExp(source, { ignoreCase: false }), null, source);
      assert.equal(compileSafeRegExp(source, { ignoreCase: true }), null, source);
    }
  });

  it('lookbehind and other group kinds', () => {
    for (const source of ['(?<=a)b', '(?<!a)b', '(?i:a)']) {
      assert.equal(compileSafeRegExp(source, { ignoreCase: false }), null, source);
    }
  });

  it('positive lookaheads that capture and can match unboundedly many characters', () => {
    for (const source of ['(?=(a+))', '(?=.*(x))', `(?=(a){${2000}})`, '(?=a(b|c*))']) {
      assert.equal(compileSafeRegExp(source, { ignoreCase: false }), null, source);
    }
    // A captured body that is bounded once more, or not captured, is fine.
    assertSame('(?=(a{1,3}))', '', ['aaaa', 'b']);
    assertSame('(?!(a+))', '', ['aaaa', 'b']);
    assertSame('^(?:(?!\\/|-+).)+', '', ['abc-d', 'ab/c', '-']);
  });

  it('programs that would expand past the size limit', () => {
    assert.equal(compileSafeRegExp('a{99999}', { ignoreCase: false }), null);
    assert.equal(compileSafeRegExp('(?:(?:(?:a{100}){100}){100})', { ignoreCase: false }), null);
    assert.ok(compileSafeRegExp('a{1,500}', { ignoreCase: false }));
  });

  it('sources RegExp rejects', () => {
    for (const source of [
      '(',
      '[a',
      'a**',
      '\\',
      'x{2,1}',
      '[z-a]',
      '(?<x>a)\\k',
      '*a',
      '{1}',
      '(?<x>a)[\\k]',
    ]) {
      assert.equal(compileSafeRegExp(source, { ignoreCase: false }), null, source);
    }
  });

  it('a non-string source', () => {
    assert.equal(compileSafeRegExp(undefined as unknown as string, { ignoreCase: false }), null);
  });
});

describe('compileSafeRegExp: linear time on inputs that are catastrophic for backtracking', () => {
  const CASES: [string, (n: number) => string][] = [
    // (Without `\.json`, `/${'-'.repeat(n)}/x` is as slow on V8; there the '/' count refuses it before
    // any run: see the next test.)
    ['^(?:\\/([^/]+?))-(?:([^/]+?))-(?:([^/]+?))-(?:([^/]+?))\\.json\\/?$', (n) => `/${'-'.repeat(n)}x`],
    [
      '^(?:\\/([^/]+?))-(?:((?:(?!\\/|-).)+?))-(?:((?:(?!\\/|-).)+?))\\/?(?=\\/|$)',
      (n) => `/${'a-'.repeat(n / 2)}`,
    ],
    ['^(a+)+$', (n) => `${'a'.repeat(n)}b`],
    ['^(a|a)*$', (n) => `${'a'.repeat(n)}b`],
    ['^(a*)*$', (n) => `${'a'.repeat(n)}b`],
    ['(x+x+)+y', (n) => 'x'.repeat(n)],
    ['^\\/ab(.*)cd(.*)ef(.*)gh\\/?$', (n) => `/ab${'cdef'.repeat(n / 4)}`],
    ['^(\\w+\\s?)*$', (n) => `${'aaaa '.repeat(n / 5)}!`],
    // Quadratic on a backtracking engine: the lookahead rescans the rest of the input at every position.
    ['^(?:(?=[^-]*-).)+$', (n) => 'a'.repeat(n)],
    ['^(?:(?!.*admin)\\w)+$', (n) => `${'a'.repeat(n)}-`],
  ];

  /** The engine's work (thread additions, see workDone) for one exec of `input`. */
  function work(safe: SafeRegExp, input: string): number {
    const before = workDone.threads;
    safe.exec(input);
    return workDone.threads - before;
  }

  for (const [source, input] of CASES) {
    it(`runs ${source} on 10 000 and 80 000 characters in linear time`, () => {
      const safe = compile(source, 'i');
      const small = input(10_000);
      const large = input(80_000);
      // Correct on a short input that RegExp itself still handles quickly.
      assert.deepEqual(safe.exec(input(16)), nativeExec(source, 'i', input(16)));
      assert.equal(safe.exec(small), null);
      // Eight times the input: a linear matcher does ~8x the work, a quadratic one ~64x. Counted, not
      // timed, so the answer does not depend on what else the machine is doing.
      const w1 = work(safe, small);
      const w2 = work(safe, large);
      assert.ok(w1 > 0, 'the engine did some work');
      assert.ok(w2 <= 9 * w1, `10 000 chars: ${w1} thread additions, 80 000 chars: ${w2}`);
    });
  }

  it("refuses a catastrophic input by its '/' count, without a run", () => {
    const source = '^(?:\\/([^/]+?))-(?:([^/]+?))-(?:([^/]+?))-(?:([^/]+?))\\/?$';
    const safe = compile(source, 'i');
    const input = (n: number) => `/${'-'.repeat(n)}/x`;
    assert.equal(nativeExec(source, 'i', input(16)), null);
    assert.equal(safe.exec(input(16)), null);
    for (const n of [10_000, 80_000]) {
      const before = { ...workDone };
      assert.equal(safe.exec(input(n)), null);
      assert.equal(workDone.threads, before.threads, `${n}: no thread`);
      assert.equal(workDone.prefiltered, before.prefiltered + 1, `${n}`);
    }
  });
});
