/**
 * Tracing changes nothing an app can observe: suites of the router, the application and the
 * compatibility tests run again with a subscriber on every webapp channel (so every layer and request
 * takes the traced path: wrapped next, route templates, stores, the request's own out).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const build = join(__dirname, '..');
const SUITES = [
  'app.request-response.test.js',
  'app.param.test.ts',
  'app.use.test.js',
  'app.mountpath.test.js',
  'router/next.test.js',
  'router/async.test.js',
  'router/error-handlers.test.js',
  'router/merge-params.test.js',
  'router/head-options.test.js',
  'router/router.param.test.js',
  'router/router.use.test.js',
  'router/route.test.js',
  'compat/express-rate-limit.test.js',
].map((file) => join(build, file.replace(/\.ts$/, '.js')));

test('router, application and compat suites pass with every channel subscribed', () => {
  for (const file of SUITES) assert.ok(existsSync(file), `${file} exists`);
  // Without NODE_TEST_CONTEXT, the child runner reports in TAP on stdout instead of to this runner.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test' };
  delete env.NODE_TEST_CONTEXT;
  const result = spawnSync(
    process.execPath,
    [
      '--require',
      join(__dirname, 'support', 'subscribe-all.js'),
      // TAP on every node: node 23+ reports in "spec" by default, where failures do not read `not ok`.
      '--test-reporter=tap',
      // One process loads every suite, one after the other (as test/http2/suite.test.ts does): a
      // process per suite cost more CPU in node's start and module loading than the tests take.
      '-e',
      'for (const file of process.argv.slice(1)) require(file);',
      ...SUITES,
    ],
    { encoding: 'utf8', env, timeout: 240_000 },
  );
  const failed = result.stdout.split('\n').filter((line) => line.startsWith('not ok'));
  assert.deepEqual(failed, [], result.stdout.slice(-3000));
  assert.equal(result.status, 0, result.stderr.slice(-2000));
  assert.match(result.stdout, /^# pass [1-9]/m);
});
