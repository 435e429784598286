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
  'http2',
];
