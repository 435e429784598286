/**
 * One test per assumption webapp makes about node's undocumented http internals
 * (src/http/node-internals.ts). When one fails on a new node release, its name says which
 * assumption changed; webapp still works (the fallback tests below show how), only slower.
 */
import assert from 'node:assert/strict';
import { executionAsyncResource } from 'node:async_hooks';
import { execFile } from 'node:child_process';
import http, { IncomingMessage, ServerResponse } from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { promisify } from 'node:util';
import {
  adoptServerClasses,
  beforeBodyDump,
  closeConnectionAfter,
  currentResponse,
  HeaderStore,
  holdConnection,
  keepsConnection,
  latestRequest,
  nodeInternals,
  outHeadersKey,
  probeOutHeaders,
  probeServerClassSlots,
  serverClassSlots,
  serverOf,
  tuneProcess,
} from '../../src/http/node-internals';
import { withoutCoverage } from '../support/child-env';
import { send, withServer } from '../support/http';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '..', '..', '..');

function response(): ServerResponse & Record<symbol, unknown> & { _header?: unknown } {
  return new ServerResponse(new IncomingMessage(null as never)) as never;
}

describe(`node ${process.version} internals webapp relies on`, () => {
  test('1. kOutHeaders: a response has an own symbol property described "kOutHeaders", null at first', () => {
    const res = response();
    const key = Object.getOwnPropertySymbols(res).find((s) => s.description === 'kOutHeaders');
    assert.ok(key, 'no own symbol described kOutHeaders on a ServerResponse');
    assert.equal(res[key], null);
    assert.equal(outHeadersKey(), key);
  });

  test('1. kOutHeaders: setHeader stores [name as given, value] under the lower-cased name', () => {
    const res = response();
    res.setHeader('X-Mixed-Case', 'v');
    res.setHeader('Set-Cookie', ['a=1', 'b=2']);
    const store = res[outHeadersKey() as symbol] as Record<string, unknown>;
    assert.deepEqual(
      { ...store },
      { 'x-mixed-case': ['X-Mixed-Case', 'v'], 'set-cookie': ['Set-Cookie', ['a=1', 'b=2']] },
    );
  });

  test('1. kOutHeaders: getHeader, hasHeader, getHeaderNames, removeHeader and writeHead read a replaced dictionary', () => {
    const res = response();
    const store = new HeaderStore();
    store['content-type'] = ['Content-Type', 'text/plain'];
    store['x-b'] = ['X-B', '2'];
    res[outHeadersKey() as symbol] = store;
    assert.equal(res.getHeader('Content-Type'), 'text/plain');
    assert.equal(res.hasHeader('x-b'), true);
    assert.equal(res.hasHeader('toString'), false, 'the dictionary has no inherited names');
    assert.deepEqual(res.getHeaderNames(), ['content-type', 'x-b']);
    res.removeHeader('X-B');
    res.setHeader('X-C', '3');
    res.writeHead(200);
    assert.match(String(res._header), /^HTTP\/1\.1 200 OK\r\nContent-Type: text\/plain\r\nX-C: 3\r\n/);
  });

  test('1. kOutHeaders: the whole probe passes on this node (else the header fast path is off)', () => {
    assert.equal(nodeInternals().outHeaders, true);
    assert.equal(probeOutHeaders(), outHeadersKey());
  });

  test('3. server class slots: createServer keeps its classes under symbols described IncomingMessage/ServerResponse', () => {
    class Req extends IncomingMessage {}
    class Res extends ServerResponse {}
    const server = http.createServer({ IncomingMessage: Req, ServerResponse: Res });
    const slots = serverClassSlots(server);
    assert.ok(slots, 'no symbol slots for the request/response classes on http.Server');
    const held = server as unknown as Record<symbol, unknown>;
    assert.equal(held[slots.request], Req);
    assert.equal(held[slots.response], Res);
    const plain = http.createServer() as unknown as Record<symbol, unknown>;
    assert.equal(plain[slots.request], IncomingMessage, 'a server without options holds node’s classes');
    assert.equal(plain[slots.response], ServerResponse);
    assert.equal(nodeInternals().serverClassSlots, true);
  });

  test('3. server class slots: are read for each new connection, so replacing them changes later requests', async () => {
    class Later extends IncomingMessage {}
    const kinds: boolean[] = [];
    const server = http.createServer((req, res) => {
      kinds.push(req instanceof Later);
      const slots = serverClassSlots(server)!;
      (server as unknown as Record<symbol, unknown>)[slots.request] = Later;
      res.end();
    });
    await withServer(server, async (port) => {
      await send(port);
      await send(port);
    });
    assert.deepEqual(kinds, [false, true]);
  });

  test('3. server class slots: an http2 server with allowHTTP1 keeps node’s HTTP/1 classes in its options (node 20–22) or in its own class slots (node 24 and later)', () => {
    const server = http2.createSecureServer({ allowHTTP1: true }) as unknown as Record<symbol, unknown>;
    const key = Object.getOwnPropertySymbols(server).find((s) => s.description === 'options');
    assert.ok(key, 'no own symbol described options on an http2 secure server');
    const options = server[key] as Record<string, unknown>;
    if ('Http1IncomingMessage' in options) {
      assert.equal(options.Http1IncomingMessage, IncomingMessage);
      assert.equal(options.Http1ServerResponse, ServerResponse);
    } else {
      const slots = serverClassSlots(server);
      assert.ok(slots, 'neither Http1IncomingMessage in options nor class slots on the http2 server');
      assert.equal(server[slots.request], IncomingMessage);
      assert.equal(server[slots.response], ServerResponse);
    }
  });

  test('3. server class slots: adoptServerClasses replaces node’s classes, and leaves a server’s own classes alone', () => {
    class Req extends IncomingMessage {}
    class Res extends ServerResponse {}
    const plain = http.createServer() as unknown as Record<symbol, unknown>;
    assert.equal(
      adoptServerClasses(
        plain,
        () => Req,
        () => Res,
      ),
      true,
    );
    const slots = serverClassSlots(plain)!;
    assert.equal(plain[slots.request], Req);
    assert.equal(plain[slots.response], Res);
    class Own extends IncomingMessage {}
    const custom = http.createServer({ IncomingMessage: Own }) as unknown as Record<symbol, unknown>;
    let made = 0;
    const make = () => {
      made++;
      return Req;
    };
    assert.equal(
      adoptServerClasses(custom, make, () => Res),
      false,
    );
    assert.equal(custom[slots.request], Own);
    assert.equal(made, 0, 'the classes are not made for a server that keeps its own');
    assert.equal(
      adoptServerClasses(
        {},
        () => Req,
        () => Res,
      ),
      false,
    );
  });

  test('7. http2 compatibility constructors: node builds requests with (stream, headers, options, rawHeaders) and responses with (stream)', async () => {
    const seen: string[] = [];
    const describe = (args: unknown[]) =>
      args
        .map((a) =>
          a === undefined
            ? 'undefined'
            : Array.isArray(a)
              ? 'array'
              : a instanceof http2.Http2ServerRequest
                ? 'request'
                : typeof a === 'object' && a !== null && 'respond' in a
                  ? 'stream'
                  : typeof a,
        )
        .join(',');
    class Req extends http2.Http2ServerRequest {
      constructor(...args: ConstructorParameters<typeof http2.Http2ServerRequest>) {
        seen.push(`request(${describe(args)})`);
        super(...args);
      }
    }
    class Res extends http2.Http2ServerResponse {
      constructor(...args: ConstructorParameters<typeof http2.Http2ServerResponse>) {
        seen.push(`response(${describe(args)})`);
        super(...args);
      }
    }
    const server = http2.createServer({ Http2ServerRequest: Req, Http2ServerResponse: Res }, (_req, res) =>
      res.end('ok'),
    );
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const { port } = server.address() as net.AddressInfo;
      const client = http2.connect(`http://127.0.0.1:${port}`);
      await new Promise<void>((done, fail) => {
        const stream = client.request({ ':path': '/' });
        stream.on('error', fail);
        stream.resume();
        stream.on('end', () => done());
      });
      client.close();
    } finally {
      server.close();
    }
    assert.deepEqual(seen, ['request(stream,object,undefined,array)', 'response(stream)']);
  });

  test('4. socket.server: a server-side socket points at the server that accepted it', async () => {
    let seen: unknown;
    const server = http.createServer((req, res) => {
      seen = serverOf(req.socket);
      res.end();
    });
    await withServer(server, (port) => send(port));
    assert.equal(seen, server);
    assert.equal(serverOf(null), undefined);
    assert.equal(serverOf({}), undefined);
  });
});

/**
 * Sends `head` on a raw connection and collects what comes back: until the server closes the
 * connection, or `settle` ms after the response is complete (its text matches `complete`).
 */
function rawExchange(
  port: number,
  head: string,
  complete: RegExp,
  settle: number,
): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (timer === undefined && complete.test(text)) {
        timer = setTimeout(() => {
          socket.destroy();
          resolve({ text, closed: false });
        }, settle);
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
    socket.on('error', reject);
    socket.write(head);
  });
}

/** An empty response (node's chunked terminator or a zero length) has been read whole. */
const EMPTY_DONE = /\r\n\r\n(0\r\n\r\n)?$/;

describe(`node ${process.version} internals webapp relies on, on a connection`, () => {
  test('5. shouldKeepAlive: false for `Connection: close` and HTTP/1.0, true for keep-alive', async () => {
    const seen: boolean[] = [];
    const server = http.createServer((_req, res) => {
      seen.push(keepsConnection(res));
      res.end();
    });
    await withServer(server, async (port) => {
      await rawExchange(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', EMPTY_DONE, 0);
      await rawExchange(port, 'GET / HTTP/1.0\r\n\r\n', EMPTY_DONE, 0);
      await rawExchange(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n', EMPTY_DONE, 0);
    });
    assert.deepEqual(seen, [false, false, true]);
  });

  test('5. shouldKeepAlive: set to true before the head, node keeps a `Connection: close` connection open', async () => {
    const server = http.createServer((_req, res) => {
      holdConnection(res);
      res.removeHeader('Connection');
      res.end('held');
    });
    await withServer(server, async (port) => {
      const held = await rawExchange(
        port,
        'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
        /held(\r\n0\r\n\r\n)?$/,
        300,
      );
      assert.match(held.text, /\r\n\r\n(4\r\n)?held(\r\n0\r\n\r\n)?$/);
      assert.equal(held.closed, false, 'node closed the connection although shouldKeepAlive was set');
    });
  });

  test("6. finish: node's own 'finish' listener dumps an unread body, and a prepended listener runs before it", async () => {
    const flowing: Array<boolean | null> = [];
    let finished: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      finished = resolve;
    });
    const server = http.createServer((req, res) => {
      beforeBodyDump(res, () => flowing.push(req.readableFlowing));
      res.on('finish', () => {
        flowing.push(req.readableFlowing);
        finished();
      });
      res.end();
    });
    await withServer(server, async (port) => {
      await rawExchange(port, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc', EMPTY_DONE, 0);
      await done;
    });
    assert.deepEqual(flowing, [null, true]);
  });
});

describe('node internals: the probes reject what they do not recognise', () => {
  test('kOutHeaders probe: no such symbol, or a different entry layout, means no fast path', () => {
    const plain = () => response();
    assert.equal(
      probeOutHeaders(() => Object.assign(Object.create(null), {}) as never),
      undefined,
    );
    const renamed = () => {
      const res = plain();
      const key = Object.getOwnPropertySymbols(res).find((s) => s.description === 'kOutHeaders')!;
      const other = Symbol('kOutHeaders');
      // A store that exists but is not the one setHeader writes.
      Object.defineProperty(res, other, { value: null, writable: true });
      delete res[key];
      return res;
    };
    assert.equal(probeOutHeaders(renamed), undefined);
    const throwing = () => {
      throw new Error('no response for you');
    };
    assert.equal(probeOutHeaders(throwing), undefined);
  });

  test('server slot probe: a server without the slots, or holding other classes, is refused', () => {
    assert.equal(
      probeServerClassSlots(() => ({})),
      false,
    );
    assert.equal(
      probeServerClassSlots(() => ({
        [Symbol('IncomingMessage')]: IncomingMessage,
        [Symbol('ServerResponse')]: ServerResponse,
      })),
      false,
    );
    assert.equal(
      probeServerClassSlots((req, res) => ({
        [Symbol('IncomingMessage')]: req,
        [Symbol('ServerResponse')]: res,
      })),
      true,
    );
  });
});

describe('node internals: fallbacks', () => {
  test('with the internal symbols hidden, webapp takes the documented paths and answers the same', async () => {
    const root = resolve(__dirname, '..', '..', '..');
    // Hides kOutHeaders and the server class slots from the probes, as a node that renamed them would.
    const script = `
const hidden = new Set(['kOutHeaders', 'IncomingMessage', 'ServerResponse']);
const own = Object.getOwnPropertySymbols;
Object.getOwnPropertySymbols = (o) => own(o).filter((s) => !hidden.has(s.description));
const http = require('node:http');
const { nodeInternals } = require(${JSON.stringify(resolve(root, 'build/src/http/node-internals.js'))});
const webapp = require(${JSON.stringify(resolve(root, 'build/src/index.js'))});
const app = webapp();
app.get('/json', (req, res) => res.json({ proto: Object.getPrototypeOf(Object.getPrototypeOf(req)) === app.request || Object.getPrototypeOf(req) === app.request }));
app.get('/send', (req, res) => res.send('hello'));
const server = http.createServer(app).listen(0, '127.0.0.1', async () => {
  const out = { internals: nodeInternals(), responses: [] };
  for (const path of ['/json', '/send', '/json']) {
    const res = await fetch('http://127.0.0.1:' + server.address().port + path);
    out.responses.push({ status: res.status, type: res.headers.get('content-type'), length: res.headers.get('content-length'), etag: res.headers.get('etag'), powered: res.headers.get('x-powered-by'), body: await res.text() });
  }
  console.log(JSON.stringify(out));
  server.close();
  server.closeAllConnections();
});`;
    const { stdout } = await run(process.execPath, ['-e', script], { cwd: root, timeout: 20_000 });
    const out = JSON.parse(stdout);
    assert.deepEqual(out.internals, {
      outHeaders: false,
      serverClassSlots: false,
    });
    const [first, second, third] = out.responses;
    assert.deepEqual(
      { ...first, etag: typeof first.etag },
      {
        status: 200,
        type: 'application/json; charset=utf-8',
        length: String(Buffer.byteLength(first.body)),
        etag: 'string',
        powered: 'webapp',
        body: '{"proto":true}',
      },
    );
    assert.equal(second.body, 'hello');
    assert.equal(second.type, 'text/html; charset=utf-8');
    assert.equal(second.length, '5');
    assert.deepEqual(third, first);
  });
});

describe('node internals: tick objects (assumption 8)', () => {
  test('8. tick objects: inside a nextTick callback, executionAsyncResource() is the tick, carrying the callback', async () => {
    const tick = await new Promise<Record<PropertyKey, unknown>>((done) => {
      function callback(): void {
        done(executionAsyncResource() as Record<PropertyKey, unknown>);
      }
      process.nextTick(callback);
    });
    assert.equal(typeof tick, 'object');
    assert.equal((tick.callback as () => void).name, 'callback');
    assert.ok(
      Object.getOwnPropertySymbols(tick).some((key) => key.description === 'async_id_symbol'),
      'the tick has no async id',
    );
  });

  // A fresh process: this one may have made apps (and kept a tick) already.
  // Without coverage: V8's coverage instrumentation changes the maps these tests look at.
  const inChild = async (script: string, flags: string[] = []): Promise<unknown> => {
    const { stdout } = await run(process.execPath, [...flags, '-e', script], {
      cwd: ROOT,
      timeout: 20_000,
      env: withoutCoverage(),
    });
    return JSON.parse(stdout);
  };
  const requireBuild = (file: string) => `require(${JSON.stringify(resolve(ROOT, 'build/src', file))})`;

  test('8. tick objects: webapp() keeps one tick, without the async context it was queued in', async () => {
    const out = await inChild(`
const { AsyncLocalStorage } = require('node:async_hooks');
const webapp = ${requireBuild('index.js')};
const { keptTickObject } = ${requireBuild('http/node-internals.js')};
const before = keptTickObject() === undefined;
new AsyncLocalStorage().run({ request: 'big store' }, () => { webapp(); webapp(); });
setImmediate(() => {
  const tick = keptTickObject();
  const values = Object.getOwnPropertySymbols(tick).map((key) => typeof tick[key]);
  console.log(JSON.stringify({ before, callback: tick.callback.name, objects: values.filter((t) => t === 'object').length, numbers: values.filter((t) => t === 'number').length }));
});`);
    assert.deepEqual(out, { before: true, callback: 'keepCurrentTick', objects: 0, numbers: 2 });
  });

  test('8. tick objects: ticks queued after full collections keep the kept tick’s map', async () => {
    const out = await inChild(
      `
const { executionAsyncResource } = require('node:async_hooks');
const webapp = ${requireBuild('index.js')};
const { keptTickObject } = ${requireBuild('http/node-internals.js')};
webapp();
const nextTick = () => new Promise((done) => process.nextTick(() => done(executionAsyncResource())));
setImmediate(async () => {
  // No tick object of ours is alive here but the kept one.
  globalThis.gc();
  globalThis.gc();
  const fresh = await nextTick();
  console.log(JSON.stringify({ kept: keptTickObject() !== undefined, sameMap: %HaveSameMap(keptTickObject(), fresh) }));
});`,
      ['--allow-natives-syntax', '--expose-gc'],
    );
    assert.deepEqual(out, { kept: true, sameMap: true });
  });

  test('8. tick objects: a tick whose context cannot be dropped (frozen by a hook) is not kept', async () => {
    const { stdout } = await run(
      process.execPath,
      [
        '-e',
        `
  const { createHook, AsyncLocalStorage } = require('node:async_hooks');
  const webapp = require(${JSON.stringify(resolve(ROOT, 'build/src/index.js'))});
  const { keptTickObject } = require(${JSON.stringify(resolve(ROOT, 'build/src/http/node-internals.js'))});
  const als = new AsyncLocalStorage();
  als.run({}, () => {}); // on node 20, AsyncLocalStorage's own hook first: it stores the context on the tick
  createHook({ init(id, type, trigger, resource) { if (type === 'TickObject') Object.freeze(resource); } }).enable();
  als.run({ request: 1 }, () => webapp());
  setImmediate(() => console.log(JSON.stringify({ kept: keptTickObject() !== undefined })));`,
      ],
      { cwd: ROOT, timeout: 20_000 },
    );
    assert.deepEqual(JSON.parse(stdout), { kept: false });
  });
});

describe('node internals: AsyncContextFrame', () => {
  test('webapp leaves AsyncContextFrame to node: neither loading webapp nor webapp() switches it on', async () => {
    // A fresh process, started without anything that would switch it first.
    const { stdout } = await run(
      process.execPath,
      [
        '--expose-internals',
        '-e',
        `
  let frame;
  try { frame = require('internal/async_context_frame'); } catch { console.log(JSON.stringify({ frames: false })); process.exit(0); }
  const { getOptionValue } = require('internal/options');
  // node 22 names the flag as experimental; 24 and later have it on by default.
  const flag = Boolean(getOptionValue('--async-context-frame') ?? getOptionValue('--experimental-async-context-frame'));
  const active = () => {
    const marker = new Map();
    const prior = frame.exchange(marker);
    const on = frame.current() === marker;
    frame.set(prior);
    return on;
  };
  const before = active();
  const webapp = require(${JSON.stringify(resolve(ROOT, 'build/src/index.js'))});
  const loaded = active();
  webapp();
  console.log(JSON.stringify({ frames: true, flag, before, loaded, after: active() }));`,
      ],
      { cwd: ROOT, timeout: 20_000 },
    );
    const out = JSON.parse(stdout) as {
      frames: boolean;
      flag?: boolean;
      before?: boolean;
      loaded?: boolean;
      after?: boolean;
    };
    const major = Number(process.versions.node.split('.')[0]);
    if (!out.frames) {
      assert.ok(major < 22, `node ${process.versions.node} has no internal/async_context_frame`);
      return;
    }
    assert.equal(out.before, false, 'AsyncContextFrame was on before webapp loaded');
    assert.equal(out.loaded, false, 'loading webapp switched AsyncContextFrame on');
    assert.equal(out.after, false, 'webapp() switched AsyncContextFrame on');
  });
});

describe('node internals: when webapp probes and tunes', () => {
  const inChild = async (script: string, env: NodeJS.ProcessEnv = process.env): Promise<unknown> => {
    const { stdout } = await run(process.execPath, ['-e', script], { cwd: ROOT, timeout: 20_000, env });
    return JSON.parse(stdout);
  };
  const requireBuild = (file: string) => `require(${JSON.stringify(resolve(ROOT, 'build/src', file))})`;

  test('loading webapp and creating an app build no response and write no head (probes run at first use)', async () => {
    const out = await inChild(`
const http = require('node:http');
const dc = require('node:diagnostics_channel');
let created = 0;
let heads = 0;
dc.subscribe('http.server.response.created', () => created++);
const writeHead = http.ServerResponse.prototype.writeHead;
http.ServerResponse.prototype.writeHead = function (...args) { heads++; return writeHead.apply(this, args); };
const webapp = ${requireBuild('index.js')};
const app = webapp();
app.get('/', (req, res) => res.send('ok'));
console.log(JSON.stringify({ created, heads }));`);
    assert.deepEqual(out, { created: 0, heads: 0 });
  });

  test('WEBAPP_PROCESS_TUNING=off: webapp() keeps no tick object', async () => {
    assert.equal(tuneProcess({ WEBAPP_PROCESS_TUNING: 'off' }), false);
    const script = `
const internals = ${requireBuild('http/node-internals.js')};
const webapp = ${requireBuild('index.js')};
webapp();
setImmediate(() => console.log(JSON.stringify({ kept: internals.keptTickObject() !== undefined })));`;
    assert.deepEqual(await inChild(script, { ...process.env, WEBAPP_PROCESS_TUNING: 'off' }), {
      kept: false,
    });
    assert.deepEqual(await inChild(script, { ...process.env, WEBAPP_PROCESS_TUNING: '' }), { kept: true });
  });
});

describe("node internals: a connection's messages (assumption 11)", () => {
  test("11. messages: a socket's `_httpMessage` is the response being written, its `parser.incoming` the request parsed last", async () => {
    const parked: Array<{ req: IncomingMessage; res: ServerResponse }> = [];
    let bothIn!: () => void;
    const arrived = new Promise<void>((resolve) => {
      bothIn = resolve;
    });
    const server = http.createServer((req, res) => {
      parked.push({ req, res });
      if (parked.length === 2) bothIn();
    });
    await withServer(server, async (port) => {
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      const ended = new Promise<void>((resolve) =>
        socket.on('data', (chunk) => {
          received += chunk;
          if (received.includes('/b')) resolve();
        }),
      );
      socket.write('GET /a HTTP/1.1\r\nHost: t\r\n\r\nGET /b HTTP/1.1\r\nHost: t\r\n\r\n');
      await arrived;
      const [a, b] = parked;
      const serverSocket = a.req.socket;
      assert.equal(currentResponse(serverSocket), a.res, 'the first response is being written');
      assert.equal(latestRequest(serverSocket), b.req, 'the second request was parsed last');
      a.res.end('/a');
      b.res.end('/b');
      await ended;
      // Between responses, nothing is being written.
      assert.equal(currentResponse(serverSocket), undefined);
      socket.destroy();
    });
    assert.equal(currentResponse(null), undefined);
    assert.equal(latestRequest({ parser: null }), undefined);
  });

  test('11. messages: closeConnectionAfter makes node say Connection: close and close, also over an app header', async () => {
    const server = http.createServer((req, res) => {
      if (req.url === '/header') res.setHeader('Connection', 'keep-alive');
      closeConnectionAfter(res);
      res.end('bye');
    });
    await withServer(server, async (port) => {
      for (const path of ['/', '/header']) {
        const res = await send(port, { path, headers: { connection: 'keep-alive' } });
        assert.equal(res.headers.connection, 'close', path);
      }
    });
  });
});
