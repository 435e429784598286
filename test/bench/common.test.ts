/**
 * bench/common.mjs: how bench/run.mjs and bench/instructions.mjs judge a load run's answers. autocannon
 * counts a 304 among its non-2xx answers, so the conditional scenario (`static-304`) has to count its 3xx.
 */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

interface LoadResult {
  requests: { total: number };
  non2xx: number;
  '3xx': number;
  errors: number;
  timeouts: number;
}
interface Scenario {
  status?: number;
}
interface CommonModule {
  loadProblems(result: LoadResult, sc: Scenario): string[];
  SCENARIOS: Record<string, Scenario>;
}

const modulePath = resolve(__dirname, '..', '..', '..', 'bench', 'common.mjs');
const load = (): Promise<CommonModule> => import(pathToFileURL(modulePath).href);

const result = (fields: Partial<LoadResult> & { total: number }): LoadResult => ({
  requests: { total: fields.total },
  non2xx: fields.non2xx ?? 0,
  '3xx': fields['3xx'] ?? 0,
  errors: fields.errors ?? 0,
  timeouts: fields.timeouts ?? 0,
});

test('a run of 200s is clean; non-2xx answers, errors and timeouts are each reported', async () => {
  const { loadProblems } = await load();
  assert.deepEqual(loadProblems(result({ total: 100 }), {}), []);
  assert.deepEqual(loadProblems(result({ total: 100, non2xx: 3, errors: 2, timeouts: 1 }), {}), [
    '3 not 200',
    '2 errors',
    '1 timeouts',
  ]);
});

test('static-304 expects 304s: every 3xx is an expected answer, anything else is not', async () => {
  const { loadProblems, SCENARIOS } = await load();
  const sc = SCENARIOS['static-304'];
  assert.equal(sc?.status, 304);
  // autocannon counts the 304s among its non-2xx too: they must not be read as failures.
  assert.deepEqual(loadProblems(result({ total: 50, non2xx: 50, '3xx': 50 }), sc), []);
  assert.deepEqual(loadProblems(result({ total: 50, non2xx: 48, '3xx': 48 }), sc), ['2 not 304']);
});

test('the A/B framework `base` is known by name but never among the defaults', async () => {
  const { FRAMEWORKS, DEFAULT_FRAMEWORKS } = (await load()) as unknown as {
    FRAMEWORKS: Record<string, string>;
    DEFAULT_FRAMEWORKS: string[];
  };
  assert.ok(Object.hasOwn(FRAMEWORKS, 'base'));
  assert.ok(!DEFAULT_FRAMEWORKS.includes('base'));
  assert.deepEqual(
    DEFAULT_FRAMEWORKS,
    Object.keys(FRAMEWORKS).filter((name) => name !== 'base'),
  );
});

test('hasCommand tells a command that runs from one that does not', async () => {
  const { hasCommand } = (await load()) as unknown as { hasCommand(command: string): boolean };
  assert.equal(hasCommand(process.execPath), true);
  assert.equal(hasCommand('webapp-no-such-command-here'), false);
});

test('serverEnv makes the builds BENCH_WEBAPP and BENCH_BASE name absolute, and keeps the rest', async () => {
  const { serverEnv } = (await load()) as unknown as {
    serverEnv(env: Record<string, string | undefined>): Record<string, string | undefined>;
  };
  const env = serverEnv({ BENCH_WEBAPP: 'dist/index.js', BENCH_BASE: '/abs/index.js', OTHER: 'x' });
  assert.equal(env.BENCH_WEBAPP, resolve('dist/index.js'));
  assert.equal(env.BENCH_BASE, '/abs/index.js');
  assert.equal(env.OTHER, 'x');
  assert.deepEqual(serverEnv({ OTHER: 'y' }), { OTHER: 'y' });
});

test('resolveCommand makes a BENCH_NODE path absolute and leaves a bare command name for PATH', async () => {
  const { resolveCommand } = (await load()) as unknown as {
    resolveCommand(command: string | undefined): string | undefined;
  };
  assert.equal(resolveCommand('node_modules/.bin/node'), resolve('node_modules/.bin/node'));
  assert.equal(resolveCommand('/usr/bin/node'), '/usr/bin/node');
  assert.equal(resolveCommand('node'), 'node');
  assert.equal(resolveCommand(undefined), undefined);
  assert.equal(resolveCommand(''), '');
});

interface Started {
  child: import('node:child_process').ChildProcess;
  port: number;
  layout: number | null;
}
interface ServerModule {
  startServer(framework: string, scenario: string, options: { timeout: number }): Promise<Started>;
  stopServer(child: Started['child']): Promise<void>;
}

test('a bench server shifts its heaps by a random amount below BENCH_LAYOUT_PAD, and not at all without it', async () => {
  const { startServer, stopServer } = (await load()) as unknown as ServerModule;
  const saved = process.env.BENCH_LAYOUT_PAD;
  const layouts: Array<number | null> = [];
  try {
    for (const pad of ['4096', '4096', '4096', undefined]) {
      if (pad === undefined) delete process.env.BENCH_LAYOUT_PAD;
      else process.env.BENCH_LAYOUT_PAD = pad;
      const server = await startServer('raw', 'hello', { timeout: 15_000 });
      try {
        const answer = await fetch(`http://127.0.0.1:${server.port}/`);
        assert.equal(await answer.text(), '{"hello":"world"}');
        layouts.push(server.layout);
      } finally {
        await stopServer(server.child);
      }
    }
  } finally {
    if (saved === undefined) delete process.env.BENCH_LAYOUT_PAD;
    else process.env.BENCH_LAYOUT_PAD = saved;
  }
  const shifted = layouts.slice(0, 3) as number[];
  for (const bytes of shifted)
    assert.ok(Number.isInteger(bytes) && bytes >= 0 && bytes < 4096, String(bytes));
  // Three draws from 4,096 values all equal: one chance in 16.7 million.
  assert.ok(new Set(shifted).size > 1, `three servers drew the same shift: ${shifted}`);
  assert.equal(layouts[3], null);
});
