import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';

import webapp = require('../src/index');

test('an app is an EventEmitter', () => {
  const app: any = webapp();
  for (const name of ['on', 'once', 'emit', 'off', 'removeListener', 'listeners', 'listenerCount']) {
    assert.equal(typeof app[name], 'function', name);
    assert.equal(app[name], (EventEmitter.prototype as any)[name], name);
  }
  let got: unknown;
  app.on('custom', (value: unknown) => {
    got = value;
  });
  assert.equal(app.emit('custom', 42), true);
  assert.equal(got, 42);
  assert.equal(typeof app, 'function');
});

test('"mount" fires on the sub-app with the parent, after the sub-app is in the parent stack', () => {
  const parent = webapp();
  const sub = webapp();
  const calls: unknown[] = [];
  sub.on('mount', function (this: unknown, p: any) {
    const last = p._router.stack[p._router.stack.length - 1];
    calls.push([this === sub, p === parent, last.name, sub.parent === parent, sub.mountpath]);
  });
  parent.use('/sub', sub);
  assert.deepEqual(calls, [[true, true, 'mounted_app', true, '/sub']]);
});

test('"mount" fires once per mounting, also for arrays of apps', () => {
  const parent = webapp();
  const a = webapp();
  const b = webapp();
  let count = 0;
  const onMount = () => {
    count++;
  };
  a.on('mount', onMount);
  b.on('mount', onMount);
  parent.use('/x', [a, b]);
  parent.use('/y', a);
  assert.equal(count, 3);
});

test('the mount handler installs inheritance before user listeners run', () => {
  const parent = webapp();
  parent.set('title', 'parent title');
  const sub = webapp();
  let seen: unknown;
  sub.on('mount', () => {
    seen = sub.get('title');
  });
  parent.use(sub);
  assert.equal(seen, 'parent title');
});

test('only app.use mounts: router.use(subApp) emits nothing, and routers get no mountpath', () => {
  for (const lib of [webapp, require('express')]) {
    const parent = lib();
    const router = lib.Router();
    const sub = lib();
    let mounted = false;
    sub.on('mount', () => {
      mounted = true;
    });
    router.use('/x', sub);
    parent.use('/r', router);
    assert.equal(mounted, false);
    assert.equal(sub.parent, undefined);
    assert.equal(sub.mountpath, '/');
    assert.equal(router.parent, undefined);
    assert.equal(router.mountpath, undefined);
  }
});
