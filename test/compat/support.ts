/**
 * Small helpers shared by the compatibility tests: temporary file trees, a log sink that can be
 * awaited line by line, and a listening server for tests that need a raw socket or a second app.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';

/** Writes `files` (relative path → content) into a fresh directory under os.tmpdir(). */
export function tmpTree(files: Record<string, string | Buffer>): { dir: string; cleanup(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webapp-compat-'));
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A writable stream that collects lines; `next()` resolves with the next line written (≤ 2 s). */
export function lineSink(): { stream: Writable; lines: string[]; next(): Promise<string> } {
  const lines: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  let read = 0;
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) {
        if (line === '') continue;
        lines.push(line);
        const waiter = waiting.shift();
        if (waiter) {
          read++;
          waiter(line);
        }
      }
      done();
    },
  });
  return {
    stream,
    lines,
    next() {
      if (read < lines.length) return Promise.resolve(lines[read++]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no log line within 2 s')), 2000);
        waiting.push((line) => {
          clearTimeout(timer);
          resolve(line);
        });
      });
    },
  };
}

export interface Listening {
  server: http.Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Starts `handler` on 127.0.0.1 with an ephemeral port. */
export async function listen(
  handler: http.RequestListener | ((req: any, res: any) => void),
): Promise<Listening> {
  const server = http.createServer(handler as http.RequestListener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers, for use as a Cookie header. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  return list.map((c) => c.split(';')[0]).join('; ');
}
