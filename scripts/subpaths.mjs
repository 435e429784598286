// The first-party middleware published as subpaths (`webapp/<name>` → dist/middleware/<name>.js).
// scripts/sync-exports.mjs writes them into package.json; scripts/build-esm.mjs builds their ESM entries.
export const MIDDLEWARE_SUBPATHS = [
  'basic-auth',
  'body-parser',
  'compress',
  'cookie-parser',
  'cookie-session',
  'csrf',
  'directory',
];

// Other subpaths (`webapp/<name>` → dist/<file>.js): integrations that are not middleware. Like the
// middleware, nothing in the main entry loads them.
export const OTHER_SUBPATHS = {
  otel: 'tracing/otel',
};
