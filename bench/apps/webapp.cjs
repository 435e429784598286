'use strict';
// webapp, as built by `npm run build`, running the shared Express-API apps.

const path = require('node:path');
const { appsFor } = require('./express-api.cjs');
const { loadWebappBuild } = require('./webapp-build.cjs');

// BENCH_WEBAPP points at another build's entry file, e.g. to compare with an earlier commit.
const factory = loadWebappBuild(
  process.env.BENCH_WEBAPP
    ? path.resolve(process.env.BENCH_WEBAPP)
    : path.join(__dirname, '..', '..', 'dist', 'index.js'),
);

module.exports = appsFor(factory);
module.exports.factory = factory;
