/**
 * Deprecation warnings name the line to change: printed once per call site with the caller's
 * file:line:column — the same locations Express 4 (depd) prints — and silenced or traced by
 * --no-deprecation, NO_DEPRECATION and --trace-deprecation. Child processes run
 * test/fixtures/deprecations/app.js, which calls app.del from three sites (one of them three times)
 * and reads req.host from one site on three requests.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { withoutCoverage } from '../support/child-env';

const run = promisify(execFile);
const root = resolve(__dirname, '..', '..', '..');
const fixture = join('test', 'fixtures', 'deprecations', 'app.js');

async function stderrOf(
  lib: string,
  flags: string[] = [],
  env: Record<string, string> = {},
): Promise<string> {
  const childEnv = withoutCoverage({ ...process.env, ...env });
  delete childEnv.NODE_OPTIONS;
  if (!('NO_DEPRECATION' in env)) delete childEnv.NO_DEPRECATION;
  const { stdout, stderr } = await run(process.execPath, [...flags, fixture, lib], {
    cwd: root,
    env: childEnv,
    timeout: 20_000,
  });
  assert.equal(stdout, 'done\n');
  return stderr;
}

/** `[message, location]` of every deprecation line (webapp's via Node's warning printer, Express's via depd). */
function warnings(stderr: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const line of stderr.split('\n')) {
    const m =
      / deprecated (.+) at (\S+:\d+:\d+)$/.exec(line) ??
      /DeprecationWarning: (.+) at (\S+:\d+:\d+)$/.exec(line);
    if (m) out.push([m[1], m[2]]);
  }
  return out;
}

const SITES = [
  ['app.del: Use app.delete instead', `${fixture}:7:5`],
  ['app.del: Use app.delete instead', `${fixture}:8:5`],
  ['app.del: Use app.delete instead', `${fixture}:9:33`],
  ['req.host: Use req.hostname instead', `${fixture}:12:14`],
];

// Each test runs its own child processes: they run side by side.
describe('deprecation warnings', { concurrency: true }, () => {
  it('print once per call site with the caller’s file:line:column, as Express 4 does', async () => {
    const [ours, theirs] = await Promise.all([stderrOf('webappjs'), stderrOf('express')]);
    assert.deepEqual(warnings(ours), SITES);
    assert.deepEqual(warnings(theirs), SITES);
    // Through process.emitWarning, each with its code.
    assert.match(ours, /\[WEBAPP_APP_DEL\] DeprecationWarning: app\.del/);
    assert.match(ours, /\[WEBAPP_REQ_HOST\] DeprecationWarning: req\.host/);
  });

  it('--no-deprecation prints nothing', async () => {
    assert.equal(await stderrOf('webappjs', ['--no-deprecation']), '');
    assert.equal(await stderrOf('express', ['--no-deprecation']), '');
  });

  for (const value of ['webapp', 'WEBAPP', 'foo,webapp', 'foo webapp', '*']) {
    it(`NO_DEPRECATION=${JSON.stringify(value)} silences webapp`, async () => {
      assert.equal(await stderrOf('webappjs', [], { NO_DEPRECATION: value }), '');
    });
  }

  for (const value of ['', 'express', 'webappx', 'foo,bar']) {
    it(`NO_DEPRECATION=${JSON.stringify(value)} leaves webapp's warnings on`, async () => {
      assert.deepEqual(warnings(await stderrOf('webappjs', [], { NO_DEPRECATION: value })), SITES);
    });
  }

  it('--trace-deprecation prints the stack from the deprecated API down through the caller', async () => {
    const stderr = await stderrOf('webappjs', ['--trace-deprecation']);
    const first = stderr.indexOf('DeprecationWarning: app.del');
    assert.ok(first !== -1, stderr);
    const block = stderr.slice(first).split('\n').slice(0, 4).join('\n');
    assert.match(block, /\n {4}at .*del .*[\\/]application[\\/]index\.js:\d+:\d+\)/);
    assert.match(block, /\n {4}at .*app\.js:7:5\)/);
    // Still once per call site.
    assert.equal(stderr.split('DeprecationWarning: app.del').length - 1, 3);
  });
});
