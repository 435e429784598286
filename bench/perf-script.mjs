// Reading `perf script -F pid,tid,period,ip,sym` output for bench/profile.mjs: where each server's CPU went.

/*
 * Each sample is a header line "PID/TID PERIOD" (the period in nanoseconds of cpu-clock) and then its call
 * stack, innermost frame first, one "ADDRESS SYMBOL" line each. JavaScript frames are named from node's
 * jit dump (--perf-prof, through `perf inject --jit`) as "JS:<tier><name> <file>:<line>:<column>" (the tier
 * a mark such as * or ^, an anonymous function's name empty, the file `node:…` for node's own modules).
 */
const HEADER = /^\s*(\d+)\/(\d+)\s+(\d+)\s*$/;
const FRAME = /^\s*([0-9a-f]+)\s+(.*?)\s*$/;
// Linux maps its own code at the top of the address space: a sample stopped there was in the kernel.
const KERNEL_ADDRESS = /^f{8}/;
const JS_FRAME = /^JS:[*+~^]?'?(.*?)\s*(\S+):\d+:\d+$/;

/** Who wrote the code of a JavaScript frame's file: node itself, the bench app, or the framework. */
export function ownerOf(file) {
  if (file.startsWith('node:')) return 'node';
  if (/[\\/]bench[\\/]apps[\\/]/.test(file)) return 'app';
  return 'framework';
}

/**
 * Splits the samples of the given server processes, fed one line at a time (`add`); `result(pid)` then gives
 * one server's split. Main-thread samples are
 * - `framework`: a frame of the framework's or the app's code is on the stack (their inclusive time: what
 *   they run themselves, V8's builtins and allocations they call, and node's functions they call, down to
 *   the system calls of `res.end`); of it `frameworkOwn` has such a frame innermost among the JavaScript
 *   frames (their own code, the builtins and the runtime it calls, node's JavaScript excluded);
 * - `node`: only node's JavaScript on the stack (the socket reads and the parser's callbacks, the ticks
 *   after a write, `resOnFinish`, and what they call in C++ and the kernel);
 * - `native`: no JavaScript frame at all (the event loop, epoll, reads before the parser calls out).
 * Samples of the process's other threads (V8's collector and compiler helpers, libuv's pool) are `threads`.
 * `kernel` is the part of the main thread's samples taken in the kernel (system calls, the network stack,
 * interrupts), whichever of the three they belong to.
 * Values are nanoseconds of sampled CPU. `byFunction` holds, for samples outside the framework, the
 * innermost node function (or, with no JavaScript, the innermost native symbol), marked [kernel] for the
 * samples taken in the kernel: where two servers' costs outside the framework differ.
 */
export class Attribution {
  constructor(pids) {
    this.servers = new Map(
      pids.map((pid) => [
        String(pid),
        {
          totals: { framework: 0, frameworkOwn: 0, node: 0, native: 0, threads: 0, kernel: 0 },
          byFunction: new Map(),
        },
      ]),
    );
    this.current = null;
  }

  add(line) {
    const header = HEADER.exec(line);
    if (header !== null) {
      this.finishSample();
      const server = this.servers.get(header[1]);
      if (server !== undefined) {
        this.current = {
          server,
          main: header[1] === header[2],
          period: Number(header[3]),
          frames: [],
          kernel: undefined,
        };
      }
      return;
    }
    if (this.current === null) return;
    const frame = FRAME.exec(line);
    if (frame === null) return;
    this.current.kernel ??= KERNEL_ADDRESS.test(frame[1]);
    this.current.frames.push(frame[2]);
  }

  result(pid) {
    this.finishSample();
    return this.servers.get(String(pid));
  }

  finishSample() {
    const sample = this.current;
    if (sample === null) return;
    this.current = null;
    const { totals, byFunction } = sample.server;
    if (!sample.main) {
      totals.threads += sample.period;
      return;
    }
    if (sample.kernel === true) totals.kernel += sample.period;
    let innermost;
    let innermostOwner;
    let framework = false;
    for (const symbol of sample.frames) {
      const js = JS_FRAME.exec(symbol);
      if (js === null) continue;
      const owner = ownerOf(js[2]);
      if (innermost === undefined) {
        innermost = `${js[1] || '(anonymous)'} ${js[2]}`;
        innermostOwner = owner;
      }
      if (owner !== 'node') framework = true;
    }
    if (framework) {
      totals.framework += sample.period;
      if (innermostOwner !== 'node') totals.frameworkOwn += sample.period;
      return;
    }
    const key = `${innermost ?? `(native) ${sample.frames[0] ?? '?'}`}${sample.kernel === true ? ' [kernel]' : ''}`;
    if (innermost === undefined) totals.native += sample.period;
    else totals.node += sample.period;
    byFunction.set(key, (byFunction.get(key) ?? 0) + sample.period);
  }
}
