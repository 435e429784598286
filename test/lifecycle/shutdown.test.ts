/**
 * Graceful shutdown over HTTP/1.1 (issue 56): `server.shutdown()` on `app.listen()`'s servers and
 * `webapp.shutdown()` on others, under a keep-alive load and in each connection state (idle, busy
 * before its head, busy after it, pipelined), at the deadline, and with bad input.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';

import webapp = require('../../src/index');

import { assertEverySeenCompleted, holder, keepAliveLoad, next, RawConnection, within } from './support';

type Server = http.Server & { shutdown(options?: object): Promise<void>; readonly draining: boolean };

async function listen(app: ReturnType<typeof webapp>): Promise<{ server: Server; port: number }> {
  const server = app.listen(0, '127.0.0.1') as Server;
  await next(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port };
}

describe('server.shutdown() under a keep-alive load', () => {
  test('every request that reached the server gets its complete response; the server closes well within the timeout', async () => {
    const app = webapp();
    const seen = new Set<number>();
    let server!: Server;
    let shutdown: Promise<void> | undefined;
    let startedAt = 0;
    const body = (n: number) => `done ${n} ${'x'.repeat(n % 7) + 'y'.repeat(2000)}`;
    app.get('/work', (req, res) => {
      const n = Number(req.query.id);
      seen.add(n);
      // Mid-load, from inside a request: others are in flight on every connection.
      if (seen.size === 200 && shutdown === undefined) {
        startedAt = performance.now();
        shutdown = server.shutdown({ timeout: 10_000 });
      }
      // Some answer at once, some a turn later, some after a timer: heads in every state.
      if (n % 3 === 0) res.send(body(n));
      else if (n % 3 === 1) setImmediate(() => res.send(body(n)));
      else setTimeout(() => res.send(body(n)), 1);
    });
    ({ server } = await listen(app));
    const port = (server.address() as AddressInfo).port;
    const result = await within(keepAliveLoad(port, 8), 20_000, 'the clients to stop');
    assert.ok(shutdown, 'the shutdown started');
    await within(shutdown, 10_000, 'the shutdown');
    const elapsed = performance.now() - startedAt;
    assert.ok(elapsed < 10_000, `closed in ${elapsed} ms, within the timeout`);
    assert.ok(seen.size >= 200);
    assertEverySeenCompleted(seen, result, body);
    // The last response on each connection said it closes (none was left to a keep-alive timeout).
    assert.ok(result.closing.size >= 1);
    assert.equal(server.listening, false);
  });
});

describe('connection states', () => {
  test('an idle keep-alive connection is closed at once', async () => {
    const app = webapp();
    app.get('/', (req, res) => res.send('hi'));
    const { server, port } = await listen(app);
    const conn = new RawConnection(port);
    conn.send('/');
    assert.equal((await conn.response())?.headers.connection, 'keep-alive');
    assert.equal(server.draining, false);
    const done = server.shutdown();
    assert.equal(server.draining, true);
    await within(conn.closed, 2000, 'the idle connection to close');
    await within(done, 2000, 'the shutdown');
  });

  test("a busy connection's response says Connection: close and the connection closes after it", async () => {
    const app = webapp();
    const wait = holder();
    app.get('/slow', (req, res) => wait.hold(() => res.send('slow')));
    const { server, port } = await listen(app);
    const conn = new RawConnection(port);
    conn.send('/slow');
    await wait.held();
    const done = server.shutdown();
    wait.release();
    const res = await conn.response();
    assert.equal(res?.status, 200);
    assert.equal(res?.body, 'slow');
    assert.equal(res?.headers.connection, 'close');
    await within(conn.closed, 2000, 'the connection to close');
    await within(done, 2000, 'the shutdown');
  });

  test('a response whose head was sent with keep-alive: the connection closes once it is complete', async () => {
    const app = webapp();
    const wait = holder();
    app.get('/stream', (req, res) => {
      res.setHeader('Content-Length', '10');
      res.write('hello');
      wait.hold(() => res.end('world'));
    });
    const { server, port } = await listen(app);
    const conn = new RawConnection(port);
    conn.send('/stream');
    await wait.held();
    const done = server.shutdown();
    wait.release();
    const res = await conn.response();
    assert.equal(res?.body, 'helloworld');
    assert.equal(res?.headers.connection, 'keep-alive');
    await within(conn.closed, 2000, 'the connection to close');
    await within(done, 2000, 'the shutdown');
  });

  test('pipelined requests: every queued one is answered, the last says Connection: close', async () => {
    const app = webapp();
    const wait = holder();
    app.get('/p/:n', (req, res) => wait.hold(() => res.send(`p${req.params.n}`)));
    const { server, port } = await listen(app);
    const conn = new RawConnection(port);
    await conn.connected();
    conn.socket.write(
      ['/p/1', '/p/2', '/p/3'].map((path) => `GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`).join(''),
    );
    await wait.held(3);
    const done = server.shutdown();
    wait.release();
    const answers = [await conn.response(), await conn.response(), await conn.response()];
    assert.deepEqual(
      answers.map((res) => res?.body),
      ['p1', 'p2', 'p3'],
    );
    assert.equal(answers[2]?.headers.connection, 'close');
    await within(conn.closed, 2000, 'the connection to close');
    await within(done, 2000, 'the shutdown');
  });

  test('a request that arrives on an open connection while draining is served with Connection: close', async () => {
    const app = webapp();
    const wait = holder();
    app.get('/stream', (req, res) => {
      res.setHeader('Content-Length', '2');
      res.write('a');
      wait.hold(() => res.end('b'));
    });
    app.get('/late', (req, res) => res.send('late'));
    const { server, port } = await listen(app);
    const conn = new RawConnection(port);
    conn.send('/stream');
    await wait.held();
    const done = server.shutdown();
    // Sent once the shutdown began; the streaming response ends when the server has it.
    server.once('request', () => wait.release());
    conn.send('/late');
    assert.equal((await conn.response())?.body, 'ab');
    const late = await conn.response();
    assert.equal(late?.body, 'late');
    assert.equal(late?.headers.connection, 'close');
    await within(done, 2000, 'the shutdown');
  });

  test('with retryAfter, such a request is answered 503 with Retry-After, without the app', async () => {
    const app = webapp();
    const wait = holder();
    let appSawLate = false;
    app.get('/stream', (req, res) => {
      res.setHeader('Content-Length', '2');
      res.write('a');
      wait.hold(() => res.end('b'));
    });
    app.get('/late', (req, res) => {
      appSawLate = true;
      res.send('late');
    });
    const { server, port } = await listen(app);
    const conn = new RawConnection(port);
    conn.send('/stream');
    await wait.held();
    const done = server.shutdown({ retryAfter: 7 });
    server.once('request', () => wait.release());
    conn.send('/late');
    assert.equal((await conn.response())?.body, 'ab');
    const late = await conn.response();
    assert.equal(late?.status, 503);
    assert.equal(late?.headers['retry-after'], '7');
    assert.equal(late?.headers.connection, 'close');
    assert.equal(appSawLate, false);
    await within(done, 2000, 'the shutdown');
  });
});

describe('the deadline', () => {
  test('a request longer than the timeout sees req.signal abort, then its connection is destroyed', async () => {
    const app = webapp();
    const reasons: unknown[] = [];
    const wait = holder();
    app.get('/forever', (req, res) => {
      req.signal.addEventListener('abort', () => reasons.push(req.signal.reason));
      wait.hold(() => {});
    });
    const { server, port } = await listen(app);
    const conn = new RawConnection(port);
    conn.send('/forever');
    await wait.held();
    const startedAt = performance.now();
    const done = server.shutdown({ timeout: 100 });
    await within(done, 5000, 'the shutdown at its deadline');
    const elapsed = performance.now() - startedAt;
    assert.ok(elapsed >= 90, `the shutdown waited for its deadline (${elapsed} ms)`);
    await within(conn.closed, 2000, 'the connection to be destroyed');
    assert.equal(reasons.length, 1);
    assert.equal((reasons[0] as { code?: string }).code, 'WEBAPP_SHUTDOWN_DEADLINE');
  });

  test('a server webapp did not create: busy connections are drained, what is left aborted at the deadline', async () => {
    const app = webapp();
    const wait = holder();
    const reasons: string[] = [];
    app.get('/slow', (req, res) => wait.hold(() => res.send('slow')));
    let aborted!: () => void;
    const abort = new Promise<void>((resolve) => {
      aborted = resolve;
    });
    app.get('/forever', (req, res) => {
      req.signal.addEventListener('abort', () => {
        reasons.push((req.signal.reason as { code: string }).code);
        aborted();
      });
      wait.hold(() => {});
    });
    const server = http.createServer(app);
    server.listen(0, '127.0.0.1');
    await next(server, 'listening');
    const port = (server.address() as AddressInfo).port;
    const slow = new RawConnection(port);
    slow.send('/slow');
    await wait.held();
    const done = webapp.shutdown(server, { timeout: '10s' });
    wait.release();
    assert.equal((await slow.response())?.body, 'slow');
    await within(done, 5000, 'the shutdown');

    const other = http.createServer(app);
    other.listen(0, '127.0.0.1');
    await next(other, 'listening');
    const forever = new RawConnection((other.address() as AddressInfo).port);
    forever.send('/forever');
    await wait.held();
    await within(webapp.shutdown(other, { timeout: 50 }), 5000, 'the shutdown at its deadline');
    await within(forever.closed, 2000, 'the connection to be destroyed');
    // node tells the response after the server closed: the signal fires as its socket closes.
    await within(abort, 2000, 'req.signal to abort');
    assert.deepEqual(reasons, ['WEBAPP_SHUTDOWN_DEADLINE']);
  });
});

describe('bad input', () => {
  test('a second call returns the same Promise, also once it has resolved', async () => {
    const app = webapp();
    const { server } = await listen(app);
    const first = server.shutdown();
    assert.equal(server.shutdown({ timeout: 5 }), first);
    assert.equal(webapp.shutdown(server), first);
    await within(first, 2000, 'the shutdown');
    assert.equal(server.shutdown(), first);
  });

  test('on a server that is not listening: a rejected Promise with a code, at once', async () => {
    const server = http.createServer();
    await assert.rejects(within(webapp.shutdown(server), 1000, 'the rejection'), {
      code: 'WEBAPP_SHUTDOWN_NOT_LISTENING',
    });
    const app = webapp();
    const { server: closed } = await listen(app);
    await new Promise((resolve) => closed.close(resolve));
    await assert.rejects(closed.shutdown(), { code: 'WEBAPP_SHUTDOWN_NOT_LISTENING' });
  });

  test('a negative, non-numeric or unparsable timeout throws a RangeError with a code', async () => {
    const app = webapp();
    const { server } = await listen(app);
    for (const timeout of [-1, Number.NaN, Number.POSITIVE_INFINITY, 'soon', '-5s', '', {}, true]) {
      assert.throws(() => server.shutdown({ timeout }), {
        name: 'RangeError',
        code: 'WEBAPP_SHUTDOWN_TIMEOUT_INVALID',
      });
    }
    for (const retryAfter of [-1, 1.5, '5', Number.NaN]) {
      assert.throws(() => server.shutdown({ retryAfter }), {
        name: 'RangeError',
        code: 'WEBAPP_SHUTDOWN_RETRY_AFTER_INVALID',
      });
    }
    assert.equal(server.draining, false, 'bad options start nothing');
    await within(server.shutdown({ timeout: '1s' }), 2000, 'the shutdown');
  });

  test('something that is not a server throws a TypeError with a code', () => {
    for (const value of [undefined, null, {}, webapp(), 'server']) {
      assert.throws(() => webapp.shutdown(value as never), {
        name: 'TypeError',
        code: 'WEBAPP_SHUTDOWN_SERVER_INVALID',
      });
    }
  });
});

// SIGWINCH, a signal nothing else here listens to (node 24's test runner writes a report on SIGUSR2).
describe('the shutdown signals setting', () => {
  test('a listed signal starts the shutdown; the listener is gone once the server closed', async () => {
    const app = webapp();
    app.set('shutdown signals', ['SIGWINCH']);
    app.set('shutdown timeout', '5s');
    const before = process.listenerCount('SIGWINCH');
    const { server } = await listen(app);
    assert.equal(process.listenerCount('SIGWINCH'), before + 1);
    const closed = next(server, 'close');
    process.emit('SIGWINCH', 'SIGWINCH');
    assert.equal(server.draining, true);
    await closed;
    assert.equal(process.listenerCount('SIGWINCH'), before);
  });

  test('a single name works; unset, null or false installs nothing', async () => {
    for (const value of ['SIGWINCH', undefined, null, false]) {
      const app = webapp();
      if (value !== undefined) app.set('shutdown signals', value);
      const before = process.listenerCount('SIGWINCH');
      const { server } = await listen(app);
      assert.equal(process.listenerCount('SIGWINCH'), before + (value === 'SIGWINCH' ? 1 : 0));
      await server.shutdown();
      assert.equal(process.listenerCount('SIGWINCH'), before);
    }
  });

  test('a server that never listens takes no signal', async () => {
    const app = webapp();
    app.set('shutdown signals', ['SIGWINCH']);
    const { server: first } = await listen(app);
    const before = process.listenerCount('SIGWINCH');
    const taken = app.listen((first.address() as AddressInfo).port, '127.0.0.1');
    await next(taken, 'error');
    assert.equal(process.listenerCount('SIGWINCH'), before);
    await first.shutdown();
  });

  test('a bad value throws from app.listen with a code', () => {
    for (const value of [['TERM'], [], 15, [42], 'sigterm']) {
      const app = webapp();
      app.set('shutdown signals', value);
      assert.throws(() => app.listen(0), {
        name: 'TypeError',
        code: 'WEBAPP_SETTING_SHUTDOWN_SIGNALS_INVALID',
      });
    }
    const app = webapp();
    app.set('shutdown signals', ['SIGTERM']);
    app.set('shutdown timeout', 'later');
    assert.throws(() => app.listen(0), { code: 'WEBAPP_SHUTDOWN_TIMEOUT_INVALID' });
  });
});
