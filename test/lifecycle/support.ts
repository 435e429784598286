/**
 * Helpers of the lifecycle tests: bounded waits (a bug fails the test instead of hanging it), raw
 * HTTP/1.1 connections that read responses one by one, and a keep-alive load that records what the
 * client got for every request id.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';

/** Resolves with `promise`, or rejects when it takes longer than `ms` (a bound, never a wait). */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, bound]).finally(() => clearTimeout(timer));
}

/** Resolves on the first `event` of `emitter`, bounded. */
export function next(
  emitter: NodeJS.EventEmitter,
  event: string,
  what = event,
  ms = 5000,
): Promise<unknown[]> {
  return within(once(emitter, event), ms, what);
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A raw HTTP/1.1 connection: write request text, read complete responses in order (Content-Length
 * bodies only), see when the server closed it.
 */
export class RawConnection {
  readonly socket: net.Socket;
  readonly closed: Promise<void>;
  private buffer = '';
  private readonly waiting: Array<(res: RawResponse | undefined) => void> = [];
  private readonly ready: RawResponse[] = [];
  private ended = false;

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.setEncoding('latin1');
    this.socket.on('error', () => {});
    this.socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.parse();
    });
    this.closed = new Promise((resolve) =>
      this.socket.on('close', () => {
        this.ended = true;
        for (const waiter of this.waiting.splice(0)) waiter(undefined);
        resolve();
      }),
    );
  }

  connected(): Promise<unknown[]> {
    return next(this.socket, 'connect');
  }

  send(path: string, headers = ''): void {
    this.socket.write(`GET ${path} HTTP/1.1\r\nHost: test\r\n${headers}\r\n`);
  }

  /** The next complete response, or undefined if the connection closed first (bounded). */
  response(ms = 5000): Promise<RawResponse | undefined> {
    const ready = this.ready.shift();
    if (ready) return Promise.resolve(ready);
    if (this.ended) return Promise.resolve(undefined);
    return within(new Promise((resolve) => this.waiting.push(resolve)), ms, 'a response');
  }

  private parse(): void {
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end === -1) return;
      const lines = this.buffer.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 0);
      if (this.buffer.length < end + 4 + length) return;
      const body = this.buffer.slice(end + 4, end + 4 + length);
      this.buffer = this.buffer.slice(end + 4 + length);
      const res = { status: Number(lines[0].split(' ')[1]), headers, body };
      const waiter = this.waiting.shift();
      if (waiter) waiter(res);
      else this.ready.push(res);
    }
  }
}

export interface LoadResult {
  /** Request id → the body the client received in full. */
  completed: Map<number, string>;
  /** Request id → the error the client saw. */
  failed: Map<number, string>;
  /** Ids of responses that said `Connection: close`. */
  closing: Set<number>;
}

/**
 * `clients` keep-alive clients, each on its own connection, sending `/work?id=N` one after another
 * until the server is gone (a connection refused ends a client). Resolves when every client stopped.
 */
export async function keepAliveLoad(port: number, clients: number): Promise<LoadResult> {
  const result: LoadResult = { completed: new Map(), failed: new Map(), closing: new Set() };
  let id = 0;
  const one = (agent: http.Agent, n: number) =>
    new Promise<void>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: `/work?id=${n}`, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => {
          if (res.headers.connection === 'close') result.closing.add(n);
          if (res.complete && body.length === Number(res.headers['content-length']))
            result.completed.set(n, body);
          else result.failed.set(n, 'incomplete body');
          resolve();
        });
        res.on('error', (err: NodeJS.ErrnoException) => {
          result.failed.set(n, err.code ?? err.message);
          resolve();
        });
      });
      req.on('error', (err: NodeJS.ErrnoException) => {
        result.failed.set(n, err.code ?? err.message);
        resolve();
      });
    });
  const client = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (;;) {
        const n = ++id;
        await one(agent, n);
        if (result.failed.get(n) === 'ECONNREFUSED') return;
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return result;
}

/** Asserts that every request the server saw got its complete response, and nothing else failed. */
export function assertEverySeenCompleted(
  seen: Set<number>,
  result: LoadResult,
  body: (n: number) => string,
): void {
  for (const n of seen) {
    assert.equal(result.failed.get(n), undefined, `request ${n} reached the server but failed on the client`);
    assert.equal(result.completed.get(n), body(n), `request ${n} reached the server: its complete response`);
  }
  for (const [n, why] of result.failed) {
    assert.ok(!seen.has(n), `request ${n} failed (${why})`);
  }
}

/** Responses the test ends when it wants: `hold(end)` parks one, `held(n)` waits for n, `release()` ends them. */
export function holder() {
  const parked: Array<() => void> = [];
  const waiting: Array<() => void> = [];
  return {
    hold(end: () => void): void {
      parked.push(end);
      for (const wake of waiting.splice(0)) wake();
    },
    held(count = 1): Promise<void> {
      return within(
        new Promise<void>((resolve) => {
          const check = () => (parked.length >= count ? resolve() : waiting.push(check));
          check();
        }),
        5000,
        `${count} parked responses`,
      );
    },
    release(): void {
      for (const end of parked.splice(0)) end();
    },
  };
}
