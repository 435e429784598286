'use strict';
// Facts every benchmark app and the load generator agree on, so the apps stay identical.

const path = require('node:path');

const ROUTE_COUNT = 100;
const MIDDLEWARE_COUNT = 8;
const STATIC_ROOT = path.join(__dirname, '..', 'fixtures', 'static');
const STATIC_FILE = '4k.txt';

// A 1 KB JSON document: the echo apps parse it and send back `name` only.
function makeEchoBody() {
  const doc = { name: 'webapp-bench', id: 42, tags: ['a', 'b', 'c'], filler: '' };
  const base = Buffer.byteLength(JSON.stringify(doc));
  doc.filler = 'x'.repeat(1024 - base);
  return JSON.stringify(doc);
}

const ECHO_BODY = makeEchoBody();

module.exports = { ROUTE_COUNT, MIDDLEWARE_COUNT, STATIC_ROOT, STATIC_FILE, ECHO_BODY };
