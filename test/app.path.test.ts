import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../src/index');

const express = require('express');

test('app.path() is "" for the root app and the joined mount paths for sub-apps', () => {
  for (const lib of [webapp, express]) {
    const app = lib();
    const blog = lib();
    const blogAdmin = lib();
    app.use('/blog', blog);
    blog.use('/admin', blogAdmin);
    assert.equal(app.path(), '');
    assert.equal(blog.path(), '/blog');
    assert.equal(blogAdmin.path(), '/blog/admin');
  }
});

test('app.path() of an app mounted without a path joins "/"', () => {
  for (const lib of [webapp, express]) {
    const app = lib();
    const sub = lib();
    const subsub = lib();
    app.use(sub);
    sub.use('/x', subsub);
    assert.equal(sub.path(), '/');
    assert.equal(subsub.path(), '//x');
  }
});
