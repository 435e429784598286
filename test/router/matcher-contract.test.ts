/**
 * One contract for every matcher (src/router/matchers.ts): a table of patterns, each run by the matcher
 * its layer chooses and by every other matcher that can run it — Express's own rule over the compiled
 * regexp, the native RegExp, the linear-time engine — over the same paths, against express@4's Layer.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  compileMatcher,
  createExec,
  execMatcher,
  type Matcher,
  type MatchTarget,
  matchRegExp,
} from '../../src/router/matchers';
import type { PathOptions } from '../../src/router/path';

const ExpressLayer = require('express/lib/router/layer');

const PATTERNS = [
  '/',
  '*',
  '/users',
  '/users/',
  '/users/:id',
  '/users/:id/books/:book',
  '/files/:name.:ext',
  '/v:major.:minor',
  '/items/:id(\\d+)',
  '/a/:b?',
  '/a/:b?c',
  '/x/:y*',
  '/p/:q+',
  '/ab?cd',
  '/a(b)?c',
  '/org/:org/team/:team',
  '/Mixed/Case',
  '/:a',
  '/:a/:a',
  '/users/:id/books',
  '/v1.0/:id',
];

const PATHS = [
  '',
  '/',
  '/users',
  '/users/',
  '/USERS/7',
  '/users/7',
  '/users/7/',
  '/users/7/books/9',
  '/users/7/books/9/x',
  '/users/%41',
  '/files/report.pdf',
  '/files/a.b.c',
  '/v1.2',
  '/items/42',
  '/items/x',
  '/a',
  '/a/',
  '/a/b',
  '/a/bc',
  '/ac',
  '/x',
  '/x/1/2/3',
  '/p/1',
  '/p/1/2',
  '/acd',
  '/abcd',
  '/ac',
  '/abc',
  '/org/acme/team/web',
  '/org/acme/team/web/members',
  '/mixed/case',
  '/Mixed/Case',
  '/users//',
  '/users/7//',
  '/users//books/9',
  '/users/7/books',
  '/users/7/BOOKS/',
  '/users/7/books//',
  '/users/7/books/9/',
  '/users/%zz',
  '/users/%zz/books/x',
  '/users/7%2F8',
  '/org/acme//team/web',
  '/org/acme/team/web/',
  '/org/acme/team/web//x',
  '//',
  '/x/y',
  '/v1.0/3',
  '/V1.0/3/',
  '/v1x0/3',
];

const OPTIONS: PathOptions[] = [
  { end: true },
  { end: false },
  { end: true, strict: true },
  { end: false, sensitive: true },
];

type Answer = { matched: boolean; params?: unknown; path?: string; error?: string };

function run(matcher: Matcher, target: MatchTarget, path: string): Answer {
  try {
    if (!matcher(target, path)) return { matched: false };
    return { matched: true, params: { ...target.params }, path: target.path };
  } catch (err) {
    return { matched: false, error: (err as Error).message };
  }
}

function express(pattern: string, options: PathOptions, path: string): Answer {
  const layer = new ExpressLayer(pattern, options, () => undefined);
  try {
    if (!layer.match(path)) return { matched: false };
    return { matched: true, params: { ...layer.params }, path: layer.path };
  } catch (err) {
    return { matched: false, error: (err as Error).message };
  }
}

test('every matcher that can run a pattern gives express@4 Layer#match answer, path and params', () => {
  let compared = 0;
  for (const pattern of PATTERNS) {
    for (const options of OPTIONS) {
      const compiled = compileMatcher(pattern, options);
      const target = (): MatchTarget => ({
        params: undefined,
        path: undefined,
        keys: compiled.keys,
        regexp: compiled.regexp,
      });
      const matchers: [string, Matcher][] = [
        ['chosen', compiled.matcher],
        ["Express's rule", matchRegExp],
      ];
      // '/' mounts and '*' match by Express's flags, not by their regexp: only the rule runs them.
      if (!compiled.regexp.fast_slash && !compiled.regexp.fast_star) {
        const native = new RegExp(compiled.regexp.source, compiled.regexp.flags);
        matchers.push(['native RegExp', execMatcher((path) => native.exec(path))]);
        matchers.push(['linear engine', execMatcher(createExec(compiled.regexp, pattern))]);
      }
      for (const path of PATHS) {
        const expected = express(pattern, options, path);
        for (const [name, matcher] of matchers) {
          assert.deepEqual(
            run(matcher, target(), path),
            expected,
            `${name}: ${pattern} ${JSON.stringify(options)} ${path}`,
          );
          compared++;
        }
      }
    }
  }
  assert.ok(compared > 2000, `${compared} comparisons`);
});
