// The first-party middleware published as subpaths (`webappjs/<name>` → dist/middleware/<name>.js).
// scripts/sync-exports.mjs writes them into package.json; scripts/build-esm.mjs builds their ESM entries.
export const MIDDLEWARE_SUBPATHS = [
  'basic-auth',
  'body-parser',
  'compress',
  'cookie-parser',
  'cookie-session',
  'csrf',
  'directory',
  'timeout',
];

// Other subpaths (`webappjs/<name>` → dist/<file>.js): modules that are not middleware (server factories,
// integrations), typed by their own declarations. Like the middleware, nothing in the main entry loads them.
export const OTHER_SUBPATHS = {
  http2: 'middleware/http2',
  otel: 'tracing/otel',
};

// Express 4's internal files that packages written for Express require (express-async-errors,
// instrumentation): `webappjs/<subpath>` (and `<subpath>.js`) → dist/<file>.js, CommonJS with the shape
// Express's file exports. scripts/sync-exports.mjs writes them into package.json.
export const DEEP_REQUIRES = [
  ['lib/express', 'express-lib/express'],
  ['lib/application', 'express-lib/application'],
  ['lib/request', 'express-lib/request'],
  ['lib/response', 'express-lib/response'],
  ['lib/view', 'express-lib/view'],
  ['lib/router', 'express-lib/router/index'],
  ['lib/router/index', 'express-lib/router/index'],
  ['lib/router/route', 'express-lib/router/route'],
  ['lib/router/layer', 'express-lib/router/layer'],
];
