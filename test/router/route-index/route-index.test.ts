/**
 * The route index over a watched stack: when it builds a tree, and that it notices the stack change.
 * (What the tree answers is route-tree.test.ts; that the index never changes a response is
 * ../index-parity.test.ts.)
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Layer } from '../../../src/router/layer';
import { EVERY_LAYER, indexTuning, RouteIndex } from '../../../src/router/route-index/route-index';
import { createWatchedStack } from '../../../src/router/route-index/watched-stack';

const noop = () => undefined;
const route = (path: string) => new Layer(path, { end: true, strict: false, sensitive: false }, noop);
const middleware = (path: string) => new Layer(path, { end: false, strict: false, sensitive: false }, noop);

test('a small table is not indexed: every layer is a candidate', () => {
  const watched = createWatchedStack();
  watched.proxy.push(middleware('/'), middleware('/'), route('/a'), route('/b'));
  assert.equal(indexTuning.smallestTable, 2);
  const index = new RouteIndex(watched);
  assert.equal(index.selective, false);
  assert.equal(index.lookup('/a'), EVERY_LAYER);
  assert.equal(index.lookup('/nowhere'), EVERY_LAYER);
});

test('middleware at / does not count towards the size; a third selective layer builds the tree', () => {
  const watched = createWatchedStack();
  watched.proxy.push(middleware('/'), route('/a'), middleware('/'), route('/b'), middleware('/'));
  assert.equal(new RouteIndex(watched).lookup('/c'), EVERY_LAYER);
  watched.proxy.push(route('/c'));
  const index = new RouteIndex(watched);
  assert.equal(index.selective, true);
  assert.deepEqual(index.lookup('/c'), [0, 2, 4, 5]);
  assert.deepEqual(index.lookup('/a'), [0, 1, 2, 4]);
});

test('an index knows when its stack was written to', () => {
  const watched = createWatchedStack();
  watched.proxy.push(route('/a'), route('/b'), route('/c'), route('/d'));
  const index = new RouteIndex(watched);
  assert.equal(index.fresh(), true);
  assert.deepEqual(index.lookup('/b'), [1]);
  watched.proxy.splice(0, 1);
  assert.equal(index.fresh(), false);
  assert.deepEqual(new RouteIndex(watched).lookup('/b'), [0]);
});

test('smallestTable 0 indexes every table (the parity suite runs so)', () => {
  const watched = createWatchedStack();
  watched.proxy.push(route('/a'));
  const saved = indexTuning.smallestTable;
  indexTuning.smallestTable = 0;
  try {
    const index = new RouteIndex(watched);
    assert.deepEqual(index.lookup('/a'), [0]);
    assert.deepEqual(index.lookup('/b'), []);
  } finally {
    indexTuning.smallestTable = saved;
  }
});
