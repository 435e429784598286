/**
 * Which engine runs a route pattern, and the patterns webapp refuses: every string pattern runs in
 * linear time (string compare, a V8 regexp whose shape cannot backtrack more than linearly, or the
 * linear-time engine) or is refused when registered, never at request time.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../../src/index');

import { hasAt, pathShape, startsWithFolded } from '../../src/router/matchers';

test('shapes that run on V8: literals, whole-segment params, :a-:b, :file.:ext, one-atom captures', () => {
  for (const path of [
    '/users/:id',
    '/a/:id?',
    '/:a-:b',
    '/:file.:ext',
    '/v:major.:minor/x',
    '/:id(\\d+)',
    '/:slug([a-z0-9-]+)',
    '/:code(\\w{2,3})',
  ]) {
    assert.equal(pathShape(path)?.simple, true, path);
  }
  assert.deepEqual(pathShape('/plain/path'), { literal: '/plain/path', simple: true });
});

test('shapes that run on the linear-time engine: adjacent params, wide captures, operators', () => {
  for (const path of [
    '/:a:b', // two lazy groups with nothing between them
    '/:id(.*)', // a capture that crosses segments
    '/:id([^/]+)', // negated class: kept off V8 (the class grammar above is deliberately narrow)
    '/:id(\\D+)', // \D matches '/'
    '/:a-:b?', // an optional parameter inside a segment
    '/ab?c',
    '/a+',
    '/files/*',
    '/:p*',
    '/:a(x+)+',
  ]) {
    assert.equal(pathShape(path)?.simple, false, path);
  }
  // RegExp and array paths are not shapes: a RegExp runs as given, arrays on the engine.
  assert.equal(pathShape(/^\/x/), undefined);
});

test('a string pattern no engine can run in linear time is refused at registration, with its construct', () => {
  const app = webapp();
  const cases: [string, RegExp][] = [
    ['/:a((a+)+\\2)z', /backreference/],
    ['/x/:a((?<=b)c)', /lookbehind/],
    [`/:a(${'(?:a{1,100}){1,100}'})`, /too large/],
  ];
  for (const [path, construct] of cases) {
    assert.throws(
      () => app.get(path, () => undefined),
      (err: Error & { code?: string }) => {
        assert.equal(err.code, 'WEBAPP_ROUTE_PATTERN_UNSAFE');
        assert.ok(err instanceof TypeError);
        assert.ok(err.message.includes(JSON.stringify(path)), err.message);
        assert.match(err.message, construct);
        return true;
      },
      path,
    );
    assert.throws(() => app.use(path, () => undefined), { code: 'WEBAPP_ROUTE_PATTERN_UNSAFE' });
    assert.throws(() => webapp.Router().route(path), { code: 'WEBAPP_ROUTE_PATTERN_UNSAFE' });
  }
  // Nothing was registered by the refused calls.
  assert.equal(app._router?.stack.filter((layer: { route?: unknown }) => layer.route).length ?? 0, 0);
});

test('express@4 accepts those patterns (a deliberate difference) and a RegExp object stays the user’s', () => {
  const ExpressLayer = require('express/lib/router/layer');
  assert.doesNotThrow(() => new ExpressLayer('/:a((a+)+\\2)z', { end: true }, () => undefined));
  const app = webapp();
  const vetted = /^\/(a+)\1$/;
  app.get(vetted, () => undefined);
  const layer = app._router.stack.at(-1);
  assert.equal(layer.regexp, vetted);
  assert.equal(layer.match('/aaaa'), true);
  assert.equal(layer.match('/aaa'), false);
});

test('a path whose last character no match ends with is a miss without a run of the engine', () => {
  const { Layer } = require('../../src/router/layer') as typeof import('../../src/router/layer');
  const { workDone } = require('../../src/regex') as typeof import('../../src/regex');
  const ExpressLayer = require('express/lib/router/layer');
  const options = { sensitive: false, strict: false, end: true };
  const ours = new Layer('/a/:b?c', options, () => {});
  const theirs = new ExpressLayer('/a/:b?c', options, () => {});
  const body = 'x-y'.repeat(3000);
  const work = () => workDone.threads + workDone.dfaRuns + workDone.nfaRuns + workDone.nativeRuns;
  const before = work();
  assert.equal(ours.match(`/a/${body}`), false);
  assert.equal(ours.match(`/a/${body}c/x`), false);
  assert.equal(work(), before, 'no engine ran');
  // Paths ending with a character a match can end with ('c', 'C' under case folding, '/') still run.
  for (const path of [
    `/a/${body}c`,
    `/a/${body}C`,
    `/a/${body}c/`,
    '/ac',
    '/ac/',
    '/a/c',
    '/a',
    '',
    `/a/${body}/`,
  ]) {
    assert.equal(ours.match(path), theirs.match(path), path.slice(-8));
    assert.deepEqual(ours.params, theirs.params, path.slice(-8));
  }
  assert.ok(work() > before);
});

test('hasAt: the literal exactly at the offset, never past the end of the path', () => {
  assert.equal(hasAt('/org/acme', 0, '/org'), true);
  assert.equal(hasAt('/org/acme', 5, 'acme'), true);
  assert.equal(hasAt('/org/acme', 5, 'acm'), true);
  assert.equal(hasAt('/org/acme', 5, 'acmex'), false);
  assert.equal(hasAt('/org/acme', 4, 'acme'), false);
  assert.equal(hasAt('/Org', 0, '/org'), false);
  assert.equal(hasAt('/org', 0, ''), true);
  assert.equal(hasAt('/org', 4, ''), true);
});

test('startsWithFolded: A-Z folded only, at the offset, within the path', () => {
  assert.equal(startsWithFolded('/ORG/Acme', 0, '/org'), true);
  assert.equal(startsWithFolded('/org/ACME', 5, 'acme'), true);
  assert.equal(startsWithFolded('/org/ACM', 5, 'acme'), false);
  assert.equal(startsWithFolded('/org/acne', 5, 'acme'), false);
  // Only A-Z fold: '[' (0x5b) is not '{' (0x7b), and a non-ASCII letter never folds into ASCII.
  assert.equal(startsWithFolded('/[', 0, '/{'), false);
  assert.equal(startsWithFolded('/\u212a', 0, '/k'), false);
});
