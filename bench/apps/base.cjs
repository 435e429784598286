'use strict';
// webapp lean (etag and x-powered-by off) from another build: `BENCH_BASE=<build>/index.js`. Run beside
// `lean` (with BENCH_TOGETHER=1) to compare a change with the build before it under the same load.

const path = require('node:path');
const { appsFor, leanSettings } = require('./express-api.cjs');
const { loadWebappBuild } = require('./webapp-build.cjs');

if (!process.env.BENCH_BASE) throw new Error('set BENCH_BASE to the entry file of the build to compare with');

module.exports = appsFor(loadWebappBuild(path.resolve(process.env.BENCH_BASE)), leanSettings);
