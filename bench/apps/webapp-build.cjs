'use strict';
// Loading a webapp build's entry file: `webapp.cjs` (BENCH_WEBAPP or dist) and `base.cjs` (BENCH_BASE).

const fs = require('node:fs');

/** The webapp() factory exported by the build at `entry` (an absolute path). */
function loadWebappBuild(entry) {
  if (!fs.existsSync(entry)) throw new Error(`${entry} not found: run \`npm run build\` first`);
  const mod = require(entry);
  // CommonJS `export =` gives the factory itself; tolerate a transpiled `default` wrapper too.
  const factory = typeof mod === 'function' ? mod : mod.default;
  if (typeof factory !== 'function') throw new TypeError(`${entry} does not export the webapp() factory`);
  return factory;
}

module.exports = { loadWebappBuild };
