// Runs npm scripts at the same time and fails if any of them fails: `npm test` builds the package
// (tsc 5 writes dist/) while it lints (biome reads the sources) and compiles src and the tests into
// build/ (TypeScript 7, which reads no dist/). build:examples comes after the build: the TypeScript
// example it compiles imports `webapp`, whose types it reads from dist/.
// Each script's output is held and printed whole when it ends, so outputs do not interleave.
//
//   node scripts/run-parallel.mjs build lint build:tests
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script>...');
  process.exit(2);
}

// npm sets npm_execpath when it runs a script; otherwise the npm on PATH.
const npm = process.env.npm_execpath
  ? [process.execPath, [process.env.npm_execpath]]
  : [process.platform === 'win32' ? 'npm.cmd' : 'npm', []];

const runs = scripts.map(
  (script) =>
    new Promise((done) => {
      const started = Date.now();
      const child = spawn(npm[0], [...npm[1], 'run', '--silent', script], {
        stdio: ['ignore', 'pipe', 'pipe'],
        shell: process.platform === 'win32',
      });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
      child.on('close', (code, signal) => {
        const text = Buffer.concat(output).toString();
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        const status = code === 0 ? 'done' : `FAILED (${signal ?? `exit ${code}`})`;
        process.stdout.write(
          `${text}${text && !text.endsWith('\n') ? '\n' : ''}> ${script}: ${status} in ${seconds} s\n`,
        );
        done(code === 0);
      });
    }),
);

const results = await Promise.all(runs);
process.exit(results.every(Boolean) ? 0 : 1);
