/**
 * A body refused before it is read (issue 19, item 11): 413 for a declared Content-Length over the
 * limit, 415 for a charset or Content-Encoding nobody decodes. A client still sending the body must
 * get the response, not EPIPE/ECONNRESET: the rest is read and discarded up to a bound (never
 * buffered), and past that bound the connection is closed. Raw sockets, with and without
 * `Connection: close`, and keep-alive (a second request on the same socket).
 */
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import { describe, test } from 'node:test';
import { DRAIN_LIMIT } from '../../src/body/drain';
import { withServer } from '../support/http';

import webapp = require('../../src/index');

const MB2 = 2 * 1024 * 1024;

function app() {
  const a = webapp();
  a.post('/json', webapp.json(), (req: any, res: any) => res.json(req.body));
  a.post('/form', webapp.urlencoded({ extended: false }), (req: any, res: any) => res.json(req.body));
  a.post('/raw', webapp.raw({ inflate: false }), (req: any, res: any) => res.send(`${req.body.length}`));
  // A limit above the body: the charset, not the size, is what gets it refused.
  a.post('/text', webapp.text({ limit: '10mb' }), (req: any, res: any) => res.send(req.body));
  a.post('/upload', webapp.bodyParser({ multipart: true }), (_req: any, res: any) => res.send('ok'));
  a.get('/ok', (_req: any, res: any) => res.send('second'));
  a.use((err: any, req: any, res: any, _next: unknown) => {
    // Proof that nothing of the refused body was buffered on the request.
    res.status(err.status).send(`${err.status} ${err.type} ${req.readableLength}`);
  });
  return a;
}

interface Case {
  name: string;
  path: string;
  headers: Record<string, string>;
  status: number;
  type: string;
}

const CASES: Case[] = [
  {
    name: '413 for a declared length over the limit',
    path: '/json',
    headers: { 'Content-Type': 'application/json' },
    status: 413,
    type: 'entity.too.large',
  },
  {
    name: '415 for a JSON charset that is not UTF',
    path: '/json',
    headers: { 'Content-Type': 'application/json; charset=latin1' },
    status: 415,
    type: 'charset.unsupported',
  },
  {
    name: '415 for a form charset other than UTF-8',
    path: '/form',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-16' },
    status: 415,
    type: 'charset.unsupported',
  },
  {
    name: '415 for a text charset nobody decodes',
    path: '/text',
    headers: { 'Content-Type': 'text/plain; charset=no-such-charset' },
    status: 415,
    type: 'charset.unsupported',
  },
  {
    name: '415 for a Content-Encoding with inflate off',
    path: '/raw',
    headers: { 'Content-Type': 'application/octet-stream', 'Content-Encoding': 'gzip' },
    status: 415,
    type: 'encoding.unsupported',
  },
  {
    name: '415 for an unknown Content-Encoding',
    path: '/json',
    headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'compress' },
    status: 415,
    type: 'encoding.unsupported',
  },
  {
    name: '415 for a compressed multipart body (3.x bodyParser)',
    path: '/upload',
    headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Encoding': 'gzip' },
    status: 415,
    type: 'encoding.unsupported',
  },
  {
    name: '400 for a multipart body without a boundary (3.x bodyParser)',
    path: '/upload',
    headers: { 'Content-Type': 'multipart/form-data' },
    status: 400,
    type: 'entity.parse.failed',
  },
];

interface Exchange {
  /** Everything the server sent. */
  text: string;
  /** A socket error the client met (EPIPE, ECONNRESET), if any. */
  error: string | undefined;
  /** Whether the server closed the connection. */
  closed: boolean;
  /** Body bytes the client managed to write. */
  written: number;
}

/** Whether `text` holds `count` complete responses (each with a Content-Length). */
function responsesIn(text: string, count: number): boolean {
  let at = 0;
  for (let i = 0; i < count; i++) {
    const start = text.indexOf('HTTP/1.1 ', at);
    if (start === -1) return false;
    const headEnd = text.indexOf('\r\n\r\n', start);
    if (headEnd === -1) return false;
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text.slice(start, headEnd))?.[1] ?? 0);
    at = headEnd + 4 + length;
    if (text.length < at) return false;
  }
  return true;
}

/**
 * Writes the head and then `size` body bytes in 64 KB pieces at the pace the server reads them,
 * reading whatever comes back meanwhile; then, with `second`, a second request on the same socket.
 * Resolves once everything was written and `expect` responses came — after the server closed the
 * connection when `close` is set — or when the connection failed or closed.
 */
function exchange(
  port: number,
  c: Case,
  size: number,
  options: { close?: boolean; second?: string; expect?: number; chunked?: boolean } = {},
): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const out: Exchange = { text: '', error: undefined, closed: false, written: 0 };
    const expect = options.expect ?? 1;
    let sentAll = false;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(out);
    };
    // A server that neither answers nor closes fails the test instead of hanging it.
    const timer = setTimeout(finish, 10_000);
    const check = () => {
      if (sentAll && responsesIn(out.text, expect) && !options.close) setTimeout(finish, 50);
    };
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      out.text += chunk;
      check();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      out.error = err.code;
      finish();
    });
    socket.on('end', () => {
      out.closed = true;
      setTimeout(finish, 20);
    });
    const head = [
      `POST ${c.path} HTTP/1.1`,
      'Host: localhost',
      ...Object.entries(c.headers).map(([k, v]) => `${k}: ${v}`),
      options.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`,
      ...(options.close ? ['Connection: close'] : []),
      '',
      '',
    ].join('\r\n');
    socket.write(head);
    const piece = Buffer.alloc(64 * 1024, 0x61);
    const pump = () => {
      if (done || socket.destroyed) return;
      if (out.written >= size) {
        if (options.chunked) socket.write('0\r\n\r\n');
        if (options.second) socket.write(options.second);
        sentAll = true;
        check();
        return;
      }
      const n = Math.min(piece.length, size - out.written);
      const data = piece.subarray(0, n);
      const ok = socket.write(
        options.chunked
          ? Buffer.concat([Buffer.from(`${n.toString(16)}\r\n`), data, Buffer.from('\r\n')])
          : data,
      );
      out.written += n;
      if (ok) setImmediate(pump);
      else socket.once('drain', pump);
    };
    pump();
  });
}

function statusOf(text: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
}

describe('a refused body is drained so the client gets the response', () => {
  for (const c of CASES) {
    test(`${c.name}: 2 MB with Connection: close`, async () => {
      await withServer(app(), async (port) => {
        const r = await exchange(port, c, MB2, { close: true });
        assert.equal(r.error, undefined, `socket error ${r.error}`);
        assert.equal(statusOf(r.text), c.status);
        assert.ok(r.text.endsWith(`${c.status} ${c.type} 0`), r.text);
        assert.equal(r.written, MB2);
        assert.ok(r.closed, 'the server closes the connection after the response');
      });
    });

    test(`${c.name}: 2 MB on keep-alive, then a second request on the same socket`, async () => {
      await withServer(app(), async (port) => {
        const r = await exchange(port, c, MB2, {
          second: 'GET /ok HTTP/1.1\r\nHost: localhost\r\n\r\n',
          expect: 2,
        });
        assert.equal(r.error, undefined, `socket error ${r.error}`);
        assert.equal(statusOf(r.text), c.status);
        assert.match(r.text, /HTTP\/1\.1 200 OK[\s\S]*\r\n\r\nsecond$/);
        assert.equal(r.closed, false);
      });
    });
  }

  test('a chunked body refused for its charset is drained too (keep-alive)', async () => {
    await withServer(app(), async (port) => {
      const r = await exchange(port, CASES[1], MB2, {
        chunked: true,
        second: 'GET /ok HTTP/1.1\r\nHost: localhost\r\n\r\n',
        expect: 2,
      });
      assert.equal(r.error, undefined);
      assert.equal(statusOf(r.text), 415);
      assert.match(r.text, /\r\n\r\nsecond$/);
    });
  });

  for (const chunked of [false, true]) {
    test(`past the drain bound (${chunked ? 'chunked' : 'declared length'}) the server stops reading and closes`, async () => {
      const size = DRAIN_LIMIT + 8 * 1024 * 1024;
      const seen: unknown[] = [];
      const a = webapp();
      a.post('/', webapp.json({ limit: 10 }), (_req: any, res: any) => res.send('never'));
      a.use((err: any, _req: any, res: any, _next: unknown) => {
        seen.push(err.status, res.getHeader('Connection'));
        res.status(err.status).send('refused');
      });
      await withServer(a, async (port) => {
        const r = await exchange(port, { ...CASES[0], path: '/' }, size, { chunked, close: false });
        // The client, still sending, may meet a reset: the bound is where reading stops.
        assert.ok(r.closed || r.error !== undefined, 'the connection is closed');
        assert.ok(r.written < size, `the server read ${r.written} of ${size} bytes`);
        // A declared length over the bound is not read at all; a chunked body is read until the bound.
        assert.deepEqual(seen, [413, 'close']);
      });
    });
  }

  test('a body refused unread and answered at once is read off after the response only up to the bound', async () => {
    const size = DRAIN_LIMIT + 8 * 1024 * 1024;
    await withServer(app(), async (port) => {
      // Keep-alive and chunked: without the bound, node would read the whole body off.
      const r = await exchange(port, CASES[1], size, { chunked: true });
      assert.equal(statusOf(r.text), 415);
      assert.ok(r.closed || r.error !== undefined, 'the connection is closed');
      assert.ok(r.written < size, `the server read ${r.written} of ${size} bytes`);
    });
  });

  test('the drained bytes are never buffered on the request', async () => {
    let seen: IncomingMessage | undefined;
    const a = webapp();
    a.post('/', (req: any, _res: any, next: () => void) => {
      seen = req;
      next();
    });
    a.post('/', webapp.json({ limit: 10 }), (_req: any, res: any) => res.send('never'));
    a.use((err: any, req: any, res: any, _next: unknown) =>
      res.status(err.status).send(`${req.readableLength}`),
    );
    await withServer(a, async (port) => {
      const r = await exchange(port, { ...CASES[0], path: '/' }, MB2, { close: true });
      assert.equal(statusOf(r.text), 413);
      assert.ok(r.text.endsWith('\r\n\r\n0'));
      assert.equal(seen?.readableLength, 0);
    });
  });
});

describe('a refused body on a connection that is not a net.Socket', () => {
  // In-memory transports give a Duplex without net.Socket's extras (destroySoon among them).
  for (const c of CASES.filter((one) => one.status === 415)) {
    test(`${c.name}, Connection: close: answered and closed, nothing thrown`, async () => {
      const server = require('node:http').createServer(app());
      server.on('connection', (socket: { destroySoon?: unknown }) => {
        socket.destroySoon = undefined;
      });
      const uncaught: unknown[] = [];
      const onUncaught = (err: unknown) => uncaught.push(err);
      process.on('uncaughtException', onUncaught);
      try {
        await withServer(server, async (port) => {
          const r = await exchange(port, c, 64 * 1024, { close: true });
          assert.equal(r.error, undefined, `socket error ${r.error}`);
          assert.equal(statusOf(r.text), c.status);
          assert.ok(r.closed, 'the server closes the connection after the response');
        });
      } finally {
        process.removeListener('uncaughtException', onUncaught);
      }
      assert.deepEqual(uncaught, []);
    });
  }
});
