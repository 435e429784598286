import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compile, counted, nativeExec } from './support';

// Skipping through a DFA state that loops on itself: straight to the next character that leaves it.

describe('lazy DFA: skipping through self-looping states', () => {
  const long = (unit: string, n: number) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

  const CASES: [string, string, string[]][] = [
    // One character leaves the loop: indexOf.
    [
      '^(?:\\/([^/]+?))\\/?$',
      'i',
      [`/${long('abc-12', 5000)}`, `/${long('abc-12', 5000)}/`, `/${long('x', 3000)}/y`],
    ],
    // A few leave it (ignoreCase doubles the letters): indexOf per character, each result remembered.
    [
      '^\\/a(?:\\/([^/]+?))?c\\/?$',
      'i',
      [
        `/a/${long('xyz-', 4000)}c`,
        `/a/${long('xyzC', 4000)}`,
        `/a/${long('xy', 4000)}C/`,
        `/a/${long('xy', 4000)}`,
      ],
    ],
    // Non-ASCII characters inside the loop and among the ways out (`.` stops at U+2028 and U+2029).
    [
      '^(?:\\/([^/]+?))-(?:((?:(?!\\/|-).)+?))$',
      '',
      [`/${long('aé-ü', 3000)}`, `/${long('ñ', 3000)}-${long('ß', 200)}`],
    ],
    // A loop on `.`: indexOf for '/' and for each line terminator (U+2028, U+2029 and \r, \n too).
    [
      '^\\/x(.+?)\\/?$',
      'i',
      [
        `/x${long('ab/cd', 4000)}`,
        `/x${long('ab/cd', 2000)}\u2028${long('e', 2000)}`,
        `/x${long('ab/cd', 2000)}\r${long('e', 2000)}/`,
        `/x${long('abc', 3000)}\u2029`,
      ],
    ],
    // More leaving characters than indexOf is used for (ranges too): a sticky class RegExp.
    [
      '^\\/([^éüß/.,;]+)(?:[éüß.,;](.*))?$',
      '',
      [`/${long('abc', 5000)}ü${long('d', 100)}`, `/${long('abc', 5000)}`],
    ],
    // Short stretches between the ways out, and a way out at the very end.
    ['^(?:\\/([^/]+?))+\\/?$', '', [long('/ab', 6000), `${long('/abcdefgh', 6000)}//`]],
  ];

  for (const [source, flags, inputs] of CASES) {
    it(`/${source}/${flags} on long inputs`, () => {
      const safe = compile(source, flags);
      for (const input of inputs) {
        const moved = counted(() =>
          assert.deepEqual(safe.exec(input), nativeExec(source, flags, input), input.slice(0, 40)),
        );
        assert.equal(moved.nfaRuns, 0);
      }
    });
  }
});
