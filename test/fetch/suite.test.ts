/**
 * The app-level differential suite over app.fetch: loads the test files below with the fetch
 * transport on, so each of their assertSameAsExpress checks answers web-standard Requests with the
 * webapp app's app.fetch and compares the Responses with express@4 over HTTP/1.1 (see
 * test/support/fetch.ts for what is compared and which requests a Request cannot express). Their
 * other tests run as usual, over HTTP/1.1.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { transport } from '../support/http';

transport.fetch = true;

// Timing checks measure code that does not depend on the transport (see test/http2/suite.test.ts).
const TIMING = /quickly|\bfast\b|\blinear\b/;
const nodeTest = require('node:test') as Record<string, unknown>;
for (const name of ['it', 'test']) {
  const original = nodeTest[name] as (...args: unknown[]) => unknown;
  nodeTest[name] = function (this: unknown, title: unknown, ...rest: unknown[]) {
    if (typeof title === 'string' && TIMING.test(title)) return undefined;
    return original.call(this, title, ...rest);
  };
}

/*
 * The files: every test file outside test/http2 and test/fetch that calls assertSameAsExpress (the
 * app-level differential part of the suite), found in the build, in name order (a file's tests may
 * see the late work of the file before, as in the order they were written against).
 */
const root = join(__dirname, '..');
const files = (readdirSync(root, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.test.js') && !/^(http2|fetch|types|examples|lifecycle)[\\/]/.test(file))
  // Timeouts race the server's timers against the client's: over app.fetch they are not yet proven
  // (issue 55 note); test/fetch/app-fetch.test.ts covers aborts over the in-memory connection.
  .filter((file) => !/^middleware[\\/]timeout\.test\.js$/.test(file))
  .filter((file) => readFileSync(join(root, file), 'utf8').includes('assertSameAsExpress'))
  .sort();

test('the suite covers the app-level differential files', () => {
  assert.ok(files.length >= 90, `only ${files.length} differential files found`);
});

for (const file of files) require(join(root, file));
