/**
 * `req.signal` (issue 56): an AbortSignal per request, created on first read, aborted with an
 * `ECONNABORTED` error when the client goes away before the response is complete — whether the
 * response was being written or queued behind pipelined requests — and never after a response
 * that completed.
 */
import assert from 'node:assert/strict';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';

import webapp = require('../../src/index');

import { next, RawConnection, within } from './support';

type App = ReturnType<typeof webapp>;

async function serve(app: App, fn: (port: number) => Promise<void>): Promise<void> {
  const server = app.listen(0, '127.0.0.1') as http.Server;
  await next(server, 'listening');
  try {
    await fn((server.address() as AddressInfo).port);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** A promise and the function that settles it, for events seen inside handlers. */
function signalled<T = void>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    settle = resolve;
  });
  return { promise: within(promise, 5000, 'the event'), settle };
}

const controllerKey = (req: object) =>
  Object.getOwnPropertySymbols(req).some((key) => key.description === 'webapp.requestAbortController');

describe('req.signal', () => {
  test('created on first read only: an untouched request carries nothing of it', async () => {
    const app = webapp();
    const seen: boolean[] = [];
    app.get('/untouched', (req, res) => {
      seen.push(controllerKey(req));
      res.send('ok');
    });
    app.get('/read', (req, res) => {
      const first = req.signal;
      assert.equal(req.signal, first);
      assert.ok(first instanceof AbortSignal);
      seen.push(controllerKey(req));
      res.send('ok');
    });
    await serve(app, async (port) => {
      const conn = new RawConnection(port);
      conn.send('/untouched');
      await conn.response();
      conn.send('/read');
      await conn.response();
      conn.socket.destroy();
    });
    assert.deepEqual(seen, [false, true]);
    assert.equal(Object.keys(webapp.request).includes('signal'), false, 'not enumerable');
  });

  test('a complete response leaves it unaborted', async () => {
    const app = webapp();
    const closed = signalled<AbortSignal>();
    app.get('/', (req, res) => {
      const signal = req.signal;
      res.on('close', () => closed.settle(signal));
      res.send('done');
    });
    await serve(app, async (port) => {
      const conn = new RawConnection(port);
      conn.send('/');
      assert.equal((await conn.response())?.body, 'done');
      const signal = await closed.promise;
      assert.equal(signal.aborted, false);
      conn.socket.destroy();
      await conn.closed;
      assert.equal(signal.aborted, false);
    });
  });

  test('aborts with ECONNABORTED when the client goes away mid-response', async () => {
    const app = webapp();
    const aborted = signalled<unknown>();
    const started = signalled();
    app.get('/', (req, res) => {
      req.signal.addEventListener('abort', () => aborted.settle(req.signal.reason));
      res.write('partial');
      started.settle();
    });
    await serve(app, async (port) => {
      const conn = new RawConnection(port);
      conn.send('/');
      await started.promise;
      conn.socket.destroy();
      const reason = (await aborted.promise) as { code?: string; message?: string };
      assert.equal(reason.code, 'ECONNABORTED');
    });
  });

  test('read after the client went away: already aborted', async () => {
    const app = webapp();
    const result = signalled<AbortSignal>();
    app.get('/', (req, res) => {
      req.socket.destroy();
      res.on('close', () => result.settle(req.signal));
    });
    await serve(app, async (port) => {
      const conn = new RawConnection(port);
      conn.send('/');
      const signal = await result.promise;
      assert.equal(signal.aborted, true);
      assert.equal((signal.reason as { code?: string }).code, 'ECONNABORTED');
    });
  });

  test('a response queued behind pipelined ones aborts when the socket closes', async () => {
    const app = webapp();
    const started = signalled();
    const queued = signalled<unknown>();
    app.get('/first', (req, res) => {
      res.write('x');
      started.settle();
    });
    app.get('/queued', (req, res) => {
      assert.equal(res.socket, null, 'queued behind /first');
      req.signal.addEventListener('abort', () => queued.settle(req.signal.reason));
    });
    await serve(app, async (port) => {
      const conn = new RawConnection(port);
      await conn.connected();
      conn.socket.write('GET /first HTTP/1.1\r\nHost: t\r\n\r\nGET /queued HTTP/1.1\r\nHost: t\r\n\r\n');
      await started.promise;
      conn.socket.destroy();
      assert.equal(((await queued.promise) as { code?: string }).code, 'ECONNABORTED');
    });
  });

  test('a queued request whose body was read: its signal still hears the socket close', async () => {
    const app = webapp();
    const bodies = signalled();
    const early = signalled<unknown>();
    const late = signalled<unknown>();
    let read = 0;
    app.get('/first', (req, res) => {
      res.write('x');
    });
    app.post('/early', (req, res) => {
      // Read before the body ends: the request closes normally later, the response still queued.
      req.signal.addEventListener('abort', () => early.settle(req.signal.reason));
      req.resume();
      req.on('close', () => {
        if (++read === 2) bodies.settle();
      });
    });
    app.post('/late', (req, res) => {
      req.resume();
      req.on('close', () => {
        // Read once the request has closed.
        req.signal.addEventListener('abort', () => late.settle(req.signal.reason));
        if (++read === 2) bodies.settle();
      });
    });
    await serve(app, async (port) => {
      const conn = new RawConnection(port);
      await conn.connected();
      const post = (path: string) => `POST ${path} HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc`;
      conn.socket.write(`GET /first HTTP/1.1\r\nHost: t\r\n\r\n${post('/early')}${post('/late')}`);
      await bodies.promise;
      conn.socket.destroy();
      assert.equal(((await early.promise) as { code?: string }).code, 'ECONNABORTED');
      assert.equal(((await late.promise) as { code?: string }).code, 'ECONNABORTED');
    });
  });
});
