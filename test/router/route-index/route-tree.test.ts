/**
 * The route tree's one promise: for any path, every layer whose `match` accepts it (or throws on it)
 * is among the candidates, and candidates come in stack order. Checked here on layers built directly,
 * with no server: hand-picked shapes first, then seeded random patterns × random paths.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Layer, layerPlans } from '../../../src/router/layer';
import type { PathArgument, PathOptions } from '../../../src/router/path';
import { PARAM, planPath } from '../../../src/router/route-index/path-plan';
import { EVERY_LAYER, RouteTree } from '../../../src/router/route-index/route-tree';
import { prng } from '../../support/prng';

const noop = () => undefined;
/** A route's layer (`end: true`). */
const routeLayer = (path: string): Layer => new Layer(path, { end: true }, noop);

function treeOf(layers: Layer[]): RouteTree {
  return new RouteTree(layers.map(layerPlans));
}

/** Positions whose layer matches `path` (a throw counts: dispatch must reach it to report the 400). */
function matching(layers: Layer[], path: string): number[] {
  const out: number[] = [];
  layers.forEach((layer, i) => {
    try {
      if (layer.match(path)) out.push(i);
    } catch {
      out.push(i);
    }
  });
  return out;
}

function assertSuperset(layers: Layer[], tree: RouteTree, path: string, what: string): readonly number[] {
  const candidates = tree.lookup(path);
  if (candidates === EVERY_LAYER) return candidates;
  for (let i = 1; i < candidates.length; i++) {
    assert.ok(
      candidates[i - 1] < candidates[i],
      `${what}: candidates out of order for ${path}: ${candidates}`,
    );
  }
  for (const position of matching(layers, path)) {
    assert.ok(
      candidates.includes(position),
      `${what}: layer ${position} (${String(layers[position].regexp)}) matches ${JSON.stringify(path)} but is not a candidate (${candidates})`,
    );
  }
  return candidates;
}

/** Each path's candidates are exactly `expected`'s list, and a superset of the layers that match it. */
function assertLookups(
  layers: Layer[],
  tree: RouteTree,
  expected: Record<string, number[]>,
  what: string,
): void {
  for (const [path, list] of Object.entries(expected)) {
    assert.deepEqual(tree.lookup(path), list, `${what}: ${path}`);
    assertSuperset(layers, tree, path, what);
  }
}

test('plans: literal and parameter segments are placed, the rest ends the plan', () => {
  assert.deepEqual(planPath('/Users/:id', true), [
    { segments: ['users', PARAM], kind: 'end', optionalLast: false },
  ]);
  assert.deepEqual(planPath('/users/:id?', true), [
    { segments: ['users', PARAM], kind: 'end', optionalLast: true },
  ]);
  assert.deepEqual(planPath('/users/', false), [
    { segments: ['users'], kind: 'prefix', optionalLast: false },
  ]);
  assert.deepEqual(planPath('/', false), [{ segments: [], kind: 'prefix', optionalLast: false }]);
  // A custom capture, a compound parameter or a wildcard: a candidate for everything under /api.
  for (const path of [
    '/api/:id(\\d+)',
    '/api/:a-:b',
    '/api/:file.:ext',
    '/api/*',
    '/api/x*',
    '/api/:id?/more',
  ]) {
    assert.deepEqual(
      planPath(path, true),
      [{ segments: ['api'], kind: 'prefix', optionalLast: false }],
      path,
    );
  }
  // A quantifier after a slash makes that slash optional: `/ab/?c` matches `/abc`.
  assert.deepEqual(planPath('/ab/?c', true), [{ segments: [], kind: 'prefix', optionalLast: false }]);
  assert.deepEqual(planPath('/ab/+c', true), [{ segments: [], kind: 'prefix', optionalLast: false }]);
  // An optional parameter with more text in its segment makes its slash optional: `/a/:b?c` ~ `/ac`.
  for (const path of ['/a/:b?c', '/file/:name?.json', '/s/:b?*', '/v1/:a?/:b?*']) {
    assert.deepEqual(planPath(path, true), [{ segments: [], kind: 'prefix', optionalLast: false }], path);
  }
  assert.deepEqual(planPath('/api/:id?/more', true), [
    { segments: ['api'], kind: 'prefix', optionalLast: false },
  ]);
  // `/.:ext` moves its slash behind the dot: `/a/.:e` matches `/a./x`.
  assert.deepEqual(planPath('/a/.:e', true), [{ segments: [], kind: 'prefix', optionalLast: false }]);
  assert.deepEqual(planPath('/a/.well-known', true), [
    { segments: ['a', '.well-known'], kind: 'end', optionalLast: false },
  ]);
  // Not placeable at all: a RegExp, a relative path, a top-level alternation.
  assert.equal(planPath(/^\/a/, true), null);
  assert.equal(planPath('a', true), null);
  assert.equal(planPath('/a/x|y', true), null);
  assert.equal(planPath(['/a', /b/], true), null);
  assert.deepEqual(planPath(['/a', '/b/:c'], true), [
    { segments: ['a'], kind: 'end', optionalLast: false },
    { segments: ['b', PARAM], kind: 'end', optionalLast: false },
  ]);
});

test('a layer whose regexp or match was replaced is a candidate for every path', () => {
  const replaced = new Layer('/a', { end: true }, noop);
  replaced.regexp = /^\/b\/?$/i;
  const matchSwapped = new Layer('/a', { end: true }, noop);
  matchSwapped.match = (path) => path === '/c';
  const plain = new Layer('/a', { end: true }, noop);
  const layers = [plain, replaced, matchSwapped];
  const tree = treeOf(layers);
  assert.deepEqual(tree.lookup('/b'), [1, 2]);
  assert.deepEqual(tree.lookup('/a'), [0, 1, 2]);
  assertSuperset(layers, tree, '/c', 'replaced');
});

test('lookups: stack order across middleware, branches, optional parameters and trailing slashes', () => {
  const layers = [
    new Layer('/', { end: false }, noop), // 0
    new Layer('/api', { end: false }, noop), // 1
    new Layer('/api/users', { end: true }, noop), // 2
    new Layer('/api/:resource', { end: true }, noop), // 3
    new Layer('/api/users/:id?', { end: true }, noop), // 4
    new Layer('/api/users/:id/items', { end: true }, noop), // 5
    new Layer(/^\/re/, { end: true }, noop), // 6
    new Layer('/other', { end: true }, noop), // 7
    new Layer('/api/users/:id(\\d+)', { end: true }, noop), // 8
  ];
  const tree = treeOf(layers);
  assert.deepEqual(tree.lookup('/api/users'), [0, 1, 2, 3, 4, 6, 8]);
  assert.deepEqual(tree.lookup('/API/Users//'), [0, 1, 2, 3, 4, 6, 8]);
  assert.deepEqual(tree.lookup('/api/users/7'), [0, 1, 4, 6, 8]);
  assert.deepEqual(tree.lookup('/api/users/7/items'), [0, 1, 5, 6, 8]);
  assert.deepEqual(tree.lookup('/api/things'), [0, 1, 3, 6]);
  assert.deepEqual(tree.lookup('/nowhere/at/all'), [0, 6]);
  assert.deepEqual(tree.lookup('/other'), [0, 6, 7]);
  assert.equal(tree.lookup('*'), EVERY_LAYER);
  assert.equal(tree.lookup('http://host/api'), EVERY_LAYER);
  // A path that ends at a single node gets that node's precomputed list: no allocation per lookup.
  assert.equal(tree.lookup('/other'), tree.lookup('/OTHER/'));
  for (const path of ['/api/users', '/api/users/7', '/api/users/7/items', '/x', '/', '//']) {
    assertSuperset(layers, tree, path, 'fixed table');
  }
});

test('10,000 routes: a lookup returns the few layers that can match, not the table', () => {
  const layers: Layer[] = [new Layer('/', { end: false }, noop)];
  for (let r = 0; r < 1000; r++) {
    for (const suffix of [
      '',
      '/:id',
      '/:id/items',
      '/:id/items/:item',
      '/search',
      '/:id/meta',
      '/a',
      '/b',
      '/c',
      '/d',
    ]) {
      layers.push(new Layer(`/api/v1/res${r}${suffix}`, { end: true }, noop));
    }
  }
  assert.equal(layers.length, 10_001);
  const tree = treeOf(layers);
  const last = tree.lookup('/api/v1/res999/42/items/7');
  assert.deepEqual(last, [0, 10_000 - 6]);
  // res999's layers start at 9991: '/search' (9995) and '/:id' (9992) both fit.
  assert.deepEqual(tree.lookup('/api/v1/res999/search'), [0, 9992, 9995]);
  assertSuperset(layers, tree, '/api/v1/res999/search', '10k');
});

test('a walk stops where the rest of the path cannot narrow the answer', () => {
  const layers: Layer[] = [new Layer('/', { end: false }, noop)];
  for (let r = 0; r < 10; r++) layers.push(routeLayer(`/r${r}/:id/items/:item`));
  layers.push(routeLayer('/two/:id')); // 11
  layers.push(routeLayer('/two/:id/items')); // 12
  layers.push(new Layer('/mw/:id', { end: false }, noop)); // 13
  layers.push(new Layer('/r5/:id/admin', { end: false }, noop)); // 14
  const tree = treeOf(layers);
  // Middleware mounted below a node counts as what the node's subtree adds: alone it settles the node
  // (with it in the list), beside a route it keeps the walk going.
  assert.deepEqual(tree.lookup('/mw/1/any/thing'), [0, 13]);
  assertLookups(layers, tree, { '/r5/1/items/2': [0, 6], '/r5/1/admin/x': [0, 14] }, 'mounts');
  // Below /r3 only layer 4 is left: the answer is decided there, whatever follows.
  const decided = tree.lookup('/r3/42/items/7');
  assert.deepEqual(decided, [0, 4]);
  assert.equal(tree.lookup('/r3/42/other/7/and/more'), decided);
  assert.equal(tree.lookup('/R3/x'), decided);
  // Below /two two layers are left: the walk goes on and still tells them apart.
  assertLookups(layers, tree, { '/two/7': [0, 11], '/two/7/items': [0, 12], '/two/7/other': [0] }, 'settled');
  for (const path of ['/r3/42/items/7', '/r3/42/other', '/r3', '/r3/', '/two/7/items/', '/r10/1/items/2']) {
    assertSuperset(layers, tree, path, 'settled');
  }
});

test('a few literal children are told apart at segment boundaries', () => {
  // Stack positions 0 to 4, in this order.
  const layers = ['/a/x', '/ab/x', '/a/:id/y', '/abc', '/a/x/:z/w'].map(routeLayer);
  const tree = treeOf(layers);
  assertLookups(
    layers,
    tree,
    {
      '/ab/x': [1],
      '/AB/X//': [1],
      '/abc': [3],
      '/abcd': [],
      '/a/x': [0],
      '/a/xx/y': [2],
      '/a/x/y': [2],
      // Both branches: the parameter's is decided at once (layer 2), the literal's walks on to layer 4.
      '/a/x/1/w': [2, 4],
      '/a//x': [],
    },
    'labels',
  );
  for (const path of ['/abc/', '/a/x/', '/a/X/y', '/a//y', '/ab', '/a']) {
    assertSuperset(layers, tree, path, 'labels');
  }
});

test('a branching walk stops in each branch where it is decided', () => {
  // Stack positions 0 to 3, in this order.
  const layers = ['/u/me/x/:y', '/u/:id/z', '/u/:id/z/:w', '/v'].map(routeLayer);
  const tree = treeOf(layers);
  // 'me' fits the literal and the parameter: the literal branch is decided at once (layer 0), the
  // parameter branch still separates its two routes by the segments that follow.
  assertLookups(layers, tree, { '/u/me/x/5': [0], '/u/me/z': [0, 1], '/u/me/z/5': [0, 2] }, 'branches');
  for (const path of ['/u/you/z/1', '/u/me']) assertSuperset(layers, tree, path, 'branches');
});

// ---------------------------------------------------------------------------------------------
// Seeded random patterns × random paths.

const PATTERN_PARTS = [
  'api',
  'API',
  'v1',
  'users',
  'a',
  'b',
  'ab',
  'x-y',
  'r.pdf',
  '.json',
  '',
  ':id',
  ':id?',
  ':id(\\d+)',
  ':a-:b',
  ':file.:ext',
  ':name.:ext?',
  '*',
  'file*',
  'ab?c',
  'x+',
  '(foo)?',
  ':p*',
  '?',
  '+b',
  '.:e',
  'caf%C3%A9',
  '%41',
  // An optional parameter followed by more text makes the slash before it optional (`/a/:b?c` ~ `/ac`).
  ':b?c',
  ':name?.json',
  ':b?*',
  ':from?-:to',
  ':a?:b',
  ':x(\\d+)?',
];
const PATH_PARTS = [
  'api',
  'API',
  'Api',
  'v1',
  'V1',
  'users',
  'USERS',
  'a',
  'A',
  'b',
  'ab',
  'abc',
  'ac',
  'x-y',
  'xxy',
  'r.pdf',
  'r',
  'file.json',
  'foo',
  '42',
  '',
  'caf%c3%a9',
  '%41',
  '%zz',
  'a.',
  'x-y-z',
  '.json',
  'apic',
  'api.json',
  'v1x',
  'a-b',
  '-b',
  'xy',
  'users7',
];

function randomPattern(rand: () => number): PathArgument {
  const roll = rand();
  if (roll < 0.04) return new RegExp(`^\\/${PATH_PARTS[Math.floor(rand() * PATH_PARTS.length)]}`, 'i');
  if (roll < 0.08) return [randomPattern(rand), randomPattern(rand)].flat() as PathArgument;
  const count = Math.floor(rand() * 4);
  let out = '';
  for (let i = 0; i < count; i++) out += `/${PATTERN_PARTS[Math.floor(rand() * PATTERN_PARTS.length)]}`;
  if (out === '' || rand() < 0.15) out += '/';
  return out;
}

function randomPath(rand: () => number): string {
  if (rand() < 0.03) return rand() < 0.5 ? '*' : 'relative/path';
  const count = Math.floor(rand() * 5);
  let out = '';
  for (let i = 0; i < count; i++) out += `/${PATH_PARTS[Math.floor(rand() * PATH_PARTS.length)]}`;
  if (out === '' || rand() < 0.2) out += '/';
  return out;
}

test('random tables: every matching layer is a candidate, in stack order (seeded)', () => {
  let checks = 0;
  let matched = 0;
  for (let seed = 1; seed <= 300; seed++) {
    const rand = prng(seed);
    const layers: Layer[] = [];
    const size = 5 + Math.floor(rand() * 40);
    while (layers.length < size) {
      const options: PathOptions = { end: rand() < 0.7, sensitive: rand() < 0.3, strict: rand() < 0.3 };
      try {
        layers.push(new Layer(randomPattern(rand), options, noop));
      } catch {
        // Not a valid pattern (an unbalanced group): nothing to index.
      }
    }
    const tree = treeOf(layers);
    for (let p = 0; p < 60; p++) {
      const path = randomPath(rand);
      assertSuperset(layers, tree, path, `seed ${seed}`);
      matched += matching(layers, path).length;
      checks++;
    }
  }
  // Guard against a vacuous run: the generated paths do meet their layers.
  assert.ok(matched > checks, `only ${matched} matches over ${checks} lookups`);
});
