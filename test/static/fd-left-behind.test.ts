/**
 * No file descriptor left behind (issue 56): clients that pipeline requests for a large file and
 * close the connection once the first response starts leave the server with queued responses that
 * node never tells the socket went away. `res.sendFile`, `res.download` and `webapp.static` close
 * their file all the same: counted in /proc/self/fd, 0 descriptors of the file remain.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { after, test } from 'node:test';
import { tmpTree } from '../compat/support';
import { next, within } from '../lifecycle/support';

import webapp = require('../../src/index');

const files = tmpTree({ 'large.bin': Buffer.alloc(16 * 1024 * 1024, 1) });
after(() => files.cleanup());
const LARGE = fs.realpathSync(path.join(files.dir, 'large.bin'));

const CLIENTS = 60;
const PIPELINED = 4;

/** How many descriptors of this process are open on `file`. */
function openDescriptors(file: string): number {
  let count = 0;
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    try {
      if (fs.readlinkSync(`/proc/self/fd/${fd}`) === file) count++;
    } catch {
      // Closed between the listing and the read.
    }
  }
  return count;
}

/**
 * Polls a condition that an fs close or callback makes true, bounded (5 s): descriptors close
 * asynchronously, with no event to wait for. Answers whether it became true.
 */
async function eventually(condition: () => boolean): Promise<boolean> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

/** One client: pipelines `PIPELINED` requests, closes the connection once the first response starts. */
function impatientClient(port: number, url: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${url} HTTP/1.1\r\nHost: test\r\n\r\n`.repeat(PIPELINED));
    });
    socket.once('data', () => socket.destroy());
    socket.on('error', () => {});
    socket.on('close', () => resolve());
  });
}

async function leftOpen(
  app: ReturnType<typeof webapp>,
  url: string,
): Promise<{ opened: number; left: number }> {
  const server = app.listen(0, '127.0.0.1') as http.Server;
  await next(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const serverSockets = new Set<net.Socket>();
  const allClosed: Promise<void>[] = [];
  server.on('connection', (socket: net.Socket) => {
    serverSockets.add(socket);
    allClosed.push(new Promise((resolve) => socket.on('close', () => resolve())));
  });
  let peak = 0;
  const sample = setInterval(() => {
    peak = Math.max(peak, openDescriptors(LARGE));
  }, 5);
  try {
    await within(
      Promise.all(Array.from({ length: CLIENTS }, () => impatientClient(port, url))),
      20_000,
      'the clients',
    );
    await within(Promise.all(allClosed), 10_000, "the server's sockets to close");
    await eventually(() => openDescriptors(LARGE) === 0);
    return { opened: peak, left: openDescriptors(LARGE) };
  } finally {
    clearInterval(sample);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

test('res.sendFile: no descriptor left after impatient pipelining clients', async () => {
  const app = webapp();
  app.get('/file', (req, res) => res.sendFile(LARGE));
  const { opened, left } = await leftOpen(app, '/file');
  assert.ok(opened > 0, 'the file was opened');
  assert.equal(left, 0);
});

test('res.download: no descriptor left after impatient pipelining clients', async () => {
  const app = webapp();
  const done: unknown[] = [];
  let calls = 0;
  app.get('/file', (req, res) => {
    calls++;
    res.download(LARGE, 'large.bin', (err) => done.push(err));
  });
  const { left } = await leftOpen(app, '/file');
  assert.equal(left, 0);
  // Every call settles, the queued ones included: none succeeded.
  assert.ok(calls > CLIENTS, 'queued requests were handled too');
  assert.ok(await eventually(() => done.length === calls), 'every download callback ran');
  assert.ok(done.every((err) => (err as { code?: string } | undefined)?.code === 'ECONNABORTED'));
});

test('webapp.static: no descriptor left after impatient pipelining clients', async () => {
  const app = webapp();
  app.use(webapp.static(files.dir));
  const { left } = await leftOpen(app, '/large.bin');
  assert.equal(left, 0);
});
