import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress } from './support/http';

const express = require('express');

test('app.mountpath is "/" before mounting and the mount pattern after', () => {
  for (const lib of [webapp, express]) {
    const app = lib();
    assert.equal(app.mountpath, '/');
    const blog = lib();
    const admin = lib();
    const pattern = lib();
    const regexp = lib();
    const root = lib();
    app.use('/blog', blog);
    app.use(['/adm*n', '/manager'], admin);
    app.use('/:lang/docs', pattern);
    const re = /^\/re/;
    app.use(re, regexp);
    app.use(root);
    assert.equal(blog.mountpath, '/blog');
    assert.deepEqual(admin.mountpath, ['/adm*n', '/manager']);
    assert.equal(pattern.mountpath, '/:lang/docs');
    assert.equal(regexp.mountpath, re);
    assert.equal(root.mountpath, '/');
  }
});

test('app.mountpath differs from req.baseUrl, which holds the matched path', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const admin = lib();
      admin.get('/', (req: any, res: any) => res.end(`${JSON.stringify(admin.mountpath)} ${req.baseUrl}`));
      app.use(['/adm*n', '/manager'], admin);
      return app;
    },
    [{ path: '/admin' }, { path: '/adminn/' }, { path: '/manager' }, { path: '/MANAGER' }],
  );
});

test('mounting an app again replaces its mountpath', () => {
  const app = webapp();
  const sub = webapp();
  app.use('/one', sub);
  app.use('/two', sub);
  assert.equal(sub.mountpath, '/two');
});
