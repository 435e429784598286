'use strict';
// webapp lean (etag and x-powered-by off) from another build: `BENCH_BASE=<build>/index.js`. Run beside
// `lean` (with BENCH_TOGETHER=1) to compare a change with the build before it under the same load.

const path = require('node:path');
const { appsFor } = require('./express-api.cjs');

if (!process.env.BENCH_BASE) throw new Error('set BENCH_BASE to the entry file of the build to compare with');
const mod = require(path.resolve(process.env.BENCH_BASE));
const factory = typeof mod === 'function' ? mod : mod.default;
if (typeof factory !== 'function') throw new TypeError(`${process.env.BENCH_BASE} does not export webapp()`);

module.exports = appsFor(factory, (app) => {
  app.set('etag', false);
  app.disable('x-powered-by');
});
