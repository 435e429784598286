// Runs every compiled test file (build/test/**/*.test.js) with node's built-in test runner.
// Tests are mostly waiting on sockets, so we run more files at once than there are cores.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = 'build/test';
const files = readdirSync(root, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.test.js'))
  .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
  .filter((file) => process.argv.length <= 2 || process.argv.slice(2).some((part) => file.includes(part)))
  .sort();

if (files.length === 0) {
  console.error('no test files found under build/test');
  process.exit(1);
}

const result = spawnSync(process.execPath, ['--test', '--test-concurrency=4', ...files], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'test' },
});
process.exit(result.status ?? 1);
