/**
 * bench/perf-script.mjs: how bench/profile.mjs splits `perf script` samples by whose code is on the stack.
 */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

interface Totals {
  framework: number;
  frameworkOwn: number;
  node: number;
  native: number;
  threads: number;
  kernel: number;
}
interface Attribution {
  add(line: string): void;
  result(pid: number | string): { totals: Totals; byFunction: Map<string, number> } | undefined;
}
interface PerfScriptModule {
  Attribution: new (pids: number[]) => Attribution;
  ownerOf(file: string): string;
}

const modulePath = resolve(__dirname, '..', '..', '..', 'bench', 'perf-script.mjs');
const load = (): Promise<PerfScriptModule> => import(pathToFileURL(modulePath).href);

// Samples as `perf script -F pid,tid,period,ip,sym` prints them: header, then frames innermost first.
const SAMPLES = `
100/100     500000
\t    7f00000010 Builtins_LoadIC
\t    7f00000020 JS:*'send /srv/app/dist/response/send.js:29:14
\t    7f00000030 JS:*' /srv/app/bench/apps/express-api.cjs:35:20
\t    7f00000040 JS:*'emit node:events:489:44

100/100     250000
\tffffffff81000010 _raw_spin_unlock_irqrestore
\t    7f00000050 __GI___libc_write
\t    7f00000060 JS:*'writevGeneric node:internal/stream_base_commons:122:23
\t    7f00000070 JS:*'end node:_http_outgoing:1143:45
\t    7f00000020 JS:*'send /srv/app/dist/response/send.js:29:14

100/100     250000
\tffffffff81000010 _raw_spin_unlock_irqrestore
\t    7f00000060 JS:^resOnFinish node:_http_server:1096:21
\t    7f00000080 JS:*'processTicksAndRejections node:internal/process/task_queues:72:35

100/100     100000
\t    7f00000090 uv__io_poll
\t    7f000000a0 uv_run

100/101     300000
\t    7f000000b0 v8::internal::Scavenger::Process

200/200     700000
\t    7f00000020 JS:*'Reply.send /srv/app/node_modules/fastify/lib/reply.js:156:33
`;

test('a JavaScript frame belongs to node, the bench app or the framework by its file', async () => {
  const { ownerOf } = await load();
  assert.equal(ownerOf('node:_http_server'), 'node');
  assert.equal(ownerOf('/srv/app/bench/apps/express-api.cjs'), 'app');
  assert.equal(ownerOf('/srv/app/dist/response/send.js'), 'framework');
  assert.equal(ownerOf('/srv/app/node_modules/fastify/lib/reply.js'), 'framework');
});

test('samples split by the code on their stack; kernel time and other threads apart', async () => {
  const { Attribution } = await load();
  const attribution = new Attribution([100]);
  for (const line of SAMPLES.split('\n')) attribution.add(line);
  const result = attribution.result(100);
  assert.ok(result);
  assert.deepEqual(result.totals, {
    // The first two samples have framework or app code on the stack; the first one innermost.
    framework: 750000,
    frameworkOwn: 500000,
    node: 250000,
    native: 100000,
    threads: 300000,
    // The second and third samples stopped in the kernel.
    kernel: 500000,
  });
  assert.deepEqual(
    [...result.byFunction],
    [
      ['resOnFinish node:_http_server [kernel]', 250000],
      ['(native) uv__io_poll', 100000],
    ],
  );
  // A process not asked for is not counted.
  assert.equal(attribution.result(200), undefined);
});

test('lines before the first sample and unknown lines are ignored', async () => {
  const { Attribution } = await load();
  const attribution = new Attribution([7]);
  for (const line of ['# header', 'garbage', '7/7 1000', "\t 7f01 JS:*'f node:fs:1:1", 'not a frame']) {
    attribution.add(line);
  }
  const result = attribution.result(7);
  assert.equal(result?.totals.node, 1000);
  assert.deepEqual([...(result?.byFunction ?? [])], [['f node:fs', 1000]]);
});
