/**
 * The segment walk for mount paths with parameters (src/router/plain-path.ts) against Express 4's
 * compiled regexp for the same path: same match, same matched part, same parameters, on seeded random
 * patterns and paths — also inside a longer path, as ./mount-chain matches one mount after another.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Layer, MOUNT_UNDECIDED, matchMountAt } from '../../src/router/layer';
import { matchPlain, matchPlainAt, plainCapture, plainPath } from '../../src/router/plain-path';
import { prng } from '../support/prng';

const ExpressLayer = require('express/lib/router/layer');

const noop = (): void => {};

test('plainPath takes mount paths of literal segments and whole-segment parameters, with a parameter', () => {
  assert.deepEqual(plainPath('/org/:org', { end: false }), {
    segments: ['org', null],
    params: 1,
    sensitive: false,
    strict: false,
  });
  assert.deepEqual(plainPath('/Org/:id/X.y', { end: false, sensitive: true, strict: true })?.segments, [
    'Org',
    null,
    'X.y',
  ]);
  assert.deepEqual(
    plainPath('/Org/:id', { end: false })?.segments,
    ['org', null],
    'case folded when not sensitive',
  );
  // Routes keep the regexp; literal-only paths the string compare; other shapes the regexp.
  for (const path of [
    '/users/:id',
    '/org',
    '/org/:a?',
    '/:a-:b',
    '/org/:id/',
    '/org//:id',
    '/:id(\\d+)',
    '*',
    '/',
  ])
    assert.equal(plainPath(path, { end: path === '/users/:id' }), undefined, path);
});

test('fuzz: the segment walk matches as Express 4 regexp does (seeded)', () => {
  const rand = prng(1125);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const literals = ['api', 'v1', 'a.b', 'x-y', 'Users', '%41', 'a~b_c', '.', 'e@f,g;h=i&j!'];
  const params = [':id', ':a', ':org', ':x1', ':__proto__'];
  const requestSegments = [
    'api',
    'API',
    'v1',
    'a.b',
    'aXb',
    'x-y',
    'users',
    'USERS',
    '%41',
    '.',
    '',
    'acme',
    '42',
    'a%20b',
    'é',
    'a~b_c',
  ];
  const optionSets = [
    { end: false },
    { end: false, strict: true },
    { end: false, sensitive: true },
    { end: false, sensitive: true, strict: true },
  ];
  let matched = 0;
  let missed = 0;
  for (let n = 0; n < 3000; n++) {
    const count = 1 + Math.floor(rand() * 4);
    const segments: string[] = [];
    for (let k = 0; k < count; k++) segments.push(rand() < 0.45 ? pick(params) : pick(literals));
    if (!segments.some((segment) => segment.startsWith(':'))) segments.push(pick(params));
    const path = `/${segments.join('/')}`;
    const options = pick(optionSets);
    const plan = plainPath(path, options);
    assert.ok(plan, path);
    const expressLayer = new ExpressLayer(path, options, noop);
    const layer = new Layer(path, options, noop);
    for (let r = 0; r < 8; r++) {
      // Requests built from the pattern itself (so that many match) or at random.
      const parts = segments.map((segment) =>
        segment.startsWith(':')
          ? pick(requestSegments.filter((s) => s !== ''))
          : rand() < 0.8
            ? segment
            : pick(requestSegments),
      );
      const extra = rand() < 0.5 ? '' : pick(['/', '//', '/rest', '/rest/more', 'x', '.json', '/x/']);
      const request = `/${parts.join('/')}${extra}`;
      const expected = expressLayer.regexp.exec(request) as RegExpExecArray | null;
      const got = matchPlain(plan, request);
      const context = `${path} ${JSON.stringify(options)} on ${request}`;
      if (expected === null) {
        assert.equal(got, undefined, context);
        missed++;
        continue;
      }
      matched++;
      assert.equal(got, expected[0], context);
      for (let i = 0; i < plan.params; i++) assert.equal(plainCapture(request, i), expected[i + 1], context);
      // Through the layers: the same params (decoded, duplicates last-wins) and matched path.
      assert.equal(layer.match(request), expressLayer.match(request), context);
      assert.deepEqual({ ...layer.params }, { ...expressLayer.params }, context);
      assert.equal(layer.path, expressLayer.path, context);
    }
  }
  // Both outcomes well exercised.
  assert.ok(matched > 4000 && missed > 4000, `${matched} matched, ${missed} missed`);
});

test('a mount with parameters answers 400 for a malformed escape, as Express does', () => {
  const layer = new Layer('/org/:org', { end: false }, noop);
  assert.throws(
    () => layer.match('/org/%E0%A4%A/team'),
    (err: Error & { status?: number }) => err.status === 400 && /Failed to decode param/.test(err.message),
  );
  assert.equal(layer.match('/org/a%20b/team'), true);
  assert.deepEqual(layer.params, { org: 'a b' });
  assert.equal(layer.path, '/org/a%20b');
});

test('a layer whose regexp was replaced matches with that regexp, not the segment walk', () => {
  const layer = new Layer('/org/:org', { end: false }, noop);
  layer.regexp = /^\/other(?:\/([^/]+?))\/?(?=\/|$)/i;
  assert.equal(layer.match('/org/acme'), false);
  assert.equal(layer.match('/other/acme/x'), true);
  assert.deepEqual(layer.params, { org: 'acme' });
});

test('keys renamed on a layer name its parameters, as with the regexp', () => {
  const layer = new Layer('/org/:org/team/:team', { end: false }, noop);
  layer.keys[1] = { ...layer.keys[1]!, name: 'squad' };
  assert.equal(layer.match('/org/acme/team/web/member'), true);
  assert.deepEqual(layer.params, { org: 'acme', squad: 'web' });
  const expressLayer = new ExpressLayer('/org/:org/team/:team', { end: false }, noop);
  expressLayer.keys[1] = { ...expressLayer.keys[1], name: 'squad' };
  expressLayer.match('/org/acme/team/web/member');
  assert.deepEqual(layer.params, expressLayer.params);
});

test('fuzz: a mount matched inside a longer path (matchMountAt) agrees with Express 4 on the rest (seeded)', () => {
  const rand = prng(1127);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const segments = ['org', 'Team', 'v1', 'a.b', ':org', ':id', ':x_y', 'users'];
  const values = ['acme', 'ORG', 'team', 'v1', 'a.b', '42', 'users', 'x'];
  const optionSets = [
    { end: false },
    { end: false, strict: true },
    { end: false, sensitive: true },
    { end: false, sensitive: true, strict: true },
  ];
  const counts = { taken: 0, undecided: 0, missed: 0 };
  for (let n = 0; n < 2000; n++) {
    const pattern = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(segments));
    const path = `/${pattern.join('/')}${rand() < 0.1 ? '/' : ''}`;
    const options = pick(optionSets);
    const layer = new Layer(path, options, noop);
    const expressLayer = new ExpressLayer(path, options, noop);
    for (let r = 0; r < 6; r++) {
      const parts = pattern.map((segment) =>
        segment.startsWith(':') || rand() < 0.2 ? pick(values) : segment,
      );
      const rest = pick(['', '/', '//', '/x', '/x/y', 'x', '.json', '//x', '/x/']);
      const request = `/${parts.join('/')}${rest}`;
      const prefix = pick(['', '/p', '/p/q']);
      const first = Math.floor(rand() * 20);
      const got = matchMountAt(layer, prefix + request, prefix.length, first);
      const expected = expressLayer.regexp.exec(request) as RegExpExecArray | null;
      const context = `${path} ${JSON.stringify(options)} on ${prefix}|${request} → ${got}`;
      if (expected === null) {
        // Shapes the walk does not take (a trailing slash in the pattern) stay undecided.
        assert.ok(got === -1 || got === MOUNT_UNDECIDED, context);
        counts.missed++;
      } else if (got === MOUNT_UNDECIDED) {
        counts.undecided++;
      } else {
        counts.taken++;
        // Taken only when Express's match ends right before a '/' that starts the rest.
        assert.equal(expected[0], request.slice(0, got - prefix.length), context);
        assert.equal(request.charCodeAt(got - prefix.length), 47, context);
        assert.notEqual(request.charCodeAt(got - prefix.length + 1), 47, context);
        assert.ok(got - prefix.length + 1 < request.length, context);
        for (let i = 0; i < layer.keys.length; i++)
          assert.equal(plainCapture(prefix + request, first + i), expected[i + 1], context);
      }
    }
  }
  assert.ok(counts.taken > 1000 && counts.undecided > 500 && counts.missed > 1000, JSON.stringify(counts));
});

test('matchMountAt leaves routes, middleware at "/" and replaced regexps undecided', () => {
  const route = new Layer('/org/:org', { end: true }, noop);
  route.route = {} as never;
  assert.equal(matchMountAt(route, '/org/a/b', 0, 0), MOUNT_UNDECIDED);
  assert.equal(matchMountAt(new Layer('/', { end: false }, noop), '/org/a/b', 0, 0), MOUNT_UNDECIDED);
  const replaced = new Layer('/org/:org', { end: false }, noop);
  replaced.regexp = /^\/org\/([^/]+)/i;
  assert.equal(matchMountAt(replaced, '/org/a/b', 0, 0), MOUNT_UNDECIDED);
  const edited = new Layer('/org/:org', { end: false }, noop);
  edited.keys.push({ name: 'extra', optional: false, offset: 0 });
  assert.equal(matchMountAt(edited, '/org/a/b', 0, 0), MOUNT_UNDECIDED);
  const regexpPath = new Layer(/^\/org/, { end: false }, noop);
  assert.equal(matchMountAt(regexpPath, '/org/a/b', 0, 0), MOUNT_UNDECIDED);
});

test('matchPlainAt keeps the bounds of earlier mounts when it needs room for more', () => {
  const small = plainPath('/a/:a', { end: false })!;
  const many = plainPath(`/${Array.from({ length: 12 }, (_, i) => `:p${i}`).join('/')}`, { end: false })!;
  const path = `/a/first/${Array.from({ length: 12 }, (_, i) => `v${i}`).join('/')}/rest`;
  assert.equal(matchPlainAt(small, path, 0, 0), 8);
  // 1 + 20 + 12 parameters: past the 16 the first table holds.
  const end = matchPlainAt(many, path, 8, 21);
  assert.equal(path.slice(end), '/rest');
  assert.equal(plainCapture(path, 0), 'first');
  assert.equal(plainCapture(path, 21), 'v0');
  assert.equal(plainCapture(path, 32), 'v11');
});
