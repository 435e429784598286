// Runs npm scripts at the same time and fails if any of them fails. An argument `a+b` is a lane: b runs
// after a succeeds, while the other lanes go on. `npm test` builds the package (TypeScript 7 writes
// dist/) and then the TypeScript example (build:examples reads webapp's types from dist/), while it lints
// (biome reads the sources) and compiles src and the tests into build/ (TypeScript 7, reads no dist/).
// Each script's output is held and printed whole when it ends, so outputs do not interleave.
//
//   node scripts/run-parallel.mjs build+build:examples lint build:tests
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const lanes = process.argv.slice(2).map((arg) => arg.split('+'));
if (lanes.length === 0 || lanes.some((lane) => lane.some((script) => script === ''))) {
  console.error('usage: node scripts/run-parallel.mjs <npm script>[+<npm script>...]...');
  process.exit(2);
}

// npm sets npm_execpath when it runs a script; otherwise the npm on PATH.
const npm = process.env.npm_execpath
  ? [process.execPath, [process.env.npm_execpath]]
  : [process.platform === 'win32' ? 'npm.cmd' : 'npm', []];
const root = fileURLToPath(new URL('..', import.meta.url));
const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
// A script's command runs in a shell with node_modules/.bin first on PATH, as `npm run` runs it, without
// starting npm (about 0.2 s of CPU and 0.3 s each); through npm when it has pre/post scripts or on Windows.
const direct = (script) =>
  process.platform !== 'win32' &&
  typeof scripts?.[script] === 'string' &&
  !(`pre${script}` in scripts) &&
  !(`post${script}` in scripts);

function run(script) {
  return new Promise((done) => {
    const started = Date.now();
    const child = direct(script)
      ? spawn(scripts[script], {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
          shell: true,
          env: {
            ...process.env,
            PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH}`,
          },
        })
      : spawn(npm[0], [...npm[1], 'run', '--silent', script], {
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
  });
}

async function runLane(lane) {
  for (const script of lane) if (!(await run(script))) return false;
  return true;
}

const results = await Promise.all(lanes.map(runLane));
process.exit(results.every(Boolean) ? 0 : 1);
