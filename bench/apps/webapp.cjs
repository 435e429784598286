'use strict';
// webapp, as built by `npm run build`, running the shared Express-API apps.

const fs = require('node:fs');
const path = require('node:path');
const { appsFor } = require('./express-api.cjs');

// BENCH_WEBAPP points at another build's entry file, e.g. to compare with an earlier commit.
const entry = process.env.BENCH_WEBAPP
  ? path.resolve(process.env.BENCH_WEBAPP)
  : path.join(__dirname, '..', '..', 'dist', 'index.js');
if (!fs.existsSync(entry)) throw new Error(`${entry} not found: run \`npm run build\` first`);
const mod = require(entry);
// CommonJS `export =` gives the factory itself; tolerate a transpiled `default` wrapper too.
const factory = typeof mod === 'function' ? mod : mod.default;
if (typeof factory !== 'function') throw new TypeError(`${entry} does not export the webapp() factory`);

module.exports = appsFor(factory);
module.exports.factory = factory;
