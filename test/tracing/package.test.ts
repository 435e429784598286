/**
 * `webappjs/otel` as a consumer loads it (the built package through package.json "exports", CommonJS and
 * ESM), and `webapp` itself loading no OpenTelemetry module.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = resolve(__dirname, '..', '..', '..');
let dir: string;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'webapp-otel-consumer-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(root, join(dir, 'node_modules', 'webappjs'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
});

after(() => rmSync(dir, { recursive: true, force: true }));

async function node(args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, args, { cwd: dir });
  return stdout.trim();
}

test('require("webappjs") loads no OpenTelemetry module; require("webappjs/otel") does', async () => {
  const script = `
const loaded = () => Object.keys(require.cache).filter((k) => k.includes('@opentelemetry')).length > 0;
const webapp = require('webappjs');
webapp().get('/', () => {});
const before = loaded();
const { WebappInstrumentation } = require('webappjs/otel');
console.log(JSON.stringify([before, loaded(), typeof WebappInstrumentation]));`;
  assert.equal(await node(['-e', script]), JSON.stringify([false, true, 'function']));
});

test('import { WebappInstrumentation } from "webappjs/otel" works, loaded before or after webapp', async () => {
  const script = `
import { WebappInstrumentation } from 'webappjs/otel';
const instrumentation = new WebappInstrumentation({ enabled: false });
const { default: webapp } = await import('webappjs');
console.log(JSON.stringify([typeof webapp, instrumentation.instrumentationName, instrumentation.isEnabled()]));`;
  assert.equal(
    await node(['--input-type=module', '-e', script]),
    JSON.stringify(['function', 'webappjs/otel', false]),
  );
});
