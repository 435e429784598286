// Builds only the given test files (and what they import) into build/, then runs them.
// Lets one part of the code base be tested while another part is mid-edit.
// Usage: node scripts/test-some.mjs test/router/layer.test.ts [more.test.ts ...]
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node scripts/test-some.mjs <test files...>');
  process.exit(2);
}
mkdirSync('.tmp', { recursive: true });
const config = join('.tmp', `tsconfig.some.${process.pid}.json`);
writeFileSync(
  config,
  JSON.stringify({
    extends: '../tsconfig.test.json',
    compilerOptions: { rootDir: '..', outDir: '../build' },
    include: [],
    files: files.map((file) => resolve(file)),
  }),
);
// The compiler of `npm run build:tests` (TypeScript 7).
const tsc = spawnSync(process.execPath, ['node_modules/typescript7/bin/tsc', '-p', config], {
  stdio: 'inherit',
});
rmSync(config, { force: true });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
const built = files.map((file) => join('build', file.replace(/\.ts$/, '.js')));
const run = spawnSync(
  process.execPath,
  ['scripts/test-run-files.mjs', './scripts/test-reporter.mjs', '4', ...built],
  {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'test' },
  },
);
process.exit(run.status ?? 1);
