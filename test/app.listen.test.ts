import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import webapp = require('../src/index');

import { send } from './support/http';

function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

function hello() {
  const app = webapp();
  app.get('/', (req: any, res: any) => res.end(`hello ${req.app === app}`));
  return app;
}

test('app.listen(port, host, callback) returns a listening http.Server', async () => {
  const app = hello();
  let server!: http.Server;
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', resolve);
  });
  try {
    assert.ok(server instanceof http.Server);
    const address = server.address() as AddressInfo;
    assert.equal(address.address, '127.0.0.1');
    assert.equal((await send(address.port)).body, 'hello true');
  } finally {
    await close(server);
  }
});

test('app.listen(port, host, backlog, callback) and app.listen(options, callback)', async () => {
  const app = hello();
  for (const args of [[0, '127.0.0.1', 16], [{ port: 0, host: '127.0.0.1' }]]) {
    let server!: http.Server;
    await new Promise<void>((resolve) => {
      server = (app.listen as any)(...args, resolve);
    });
    try {
      assert.equal((await send((server.address() as AddressInfo).port)).body, 'hello true');
    } finally {
      await close(server);
    }
  }
});

test('app.listen(port, host) without a callback still listens', async () => {
  const server: http.Server = hello().listen(0, '127.0.0.1');
  try {
    await new Promise((resolve) => server.once('listening', resolve));
    assert.equal((await send((server.address() as AddressInfo).port)).body, 'hello true');
  } finally {
    await close(server);
  }
});

test('app.listen passes every argument form through to server.listen unchanged', () => {
  const original = http.Server.prototype.listen;
  const calls: unknown[][] = [];
  http.Server.prototype.listen = function (this: http.Server, ...args: unknown[]) {
    calls.push(args);
    return this;
  } as typeof original;
  try {
    const app = hello();
    const cb = () => {};
    const forms: unknown[][] = [
      [],
      [3000],
      [3000, cb],
      [3000, 'localhost'],
      [3000, 'localhost', 511, cb],
      ['/tmp/x.sock', cb],
    ];
    for (const form of forms) {
      const server = (app.listen as any)(...form);
      assert.ok(server instanceof http.Server);
    }
    assert.deepEqual(calls, forms);
  } finally {
    http.Server.prototype.listen = original;
  }
});

test('app.listen(path, callback) listens on a unix socket', {
  skip: process.platform === 'win32',
}, async () => {
  const socketPath = join(tmpdir(), `webapp-listen-${process.pid}-${Date.now()}.sock`);
  rmSync(socketPath, { force: true });
  const app = hello();
  let server!: http.Server;
  await new Promise<void>((resolve) => {
    server = app.listen(socketPath, resolve);
  });
  try {
    const body = await new Promise<string>((resolve, reject) => {
      http
        .get({ socketPath, path: '/' }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve(text));
        })
        .on('error', reject);
    });
    assert.equal(body, 'hello true');
  } finally {
    await close(server);
    rmSync(socketPath, { force: true });
  }
  assert.equal(existsSync(socketPath), false);
});

test('requests of an app.listen server are built on the app prototypes: no per-request setPrototypeOf', async () => {
  const app = webapp() as any;
  const protos: boolean[] = [];
  app.get('/', (req: any, res: any) => {
    // Built by a subclass of node's class whose prototype object sits directly on the app's.
    protos.push(
      Object.getPrototypeOf(Object.getPrototypeOf(req)) === app.request &&
        Object.getPrototypeOf(Object.getPrototypeOf(res)) === app.response,
    );
    protos.push(req instanceof http.IncomingMessage && res instanceof http.ServerResponse);
    res.end('ok');
  });
  let server!: http.Server;
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', resolve);
  });
  const original = Object.setPrototypeOf;
  let swaps = 0;
  Object.setPrototypeOf = ((target: object, proto: object | null) => {
    if (target instanceof http.IncomingMessage || target instanceof http.ServerResponse) swaps++;
    return original(target, proto);
  }) as typeof Object.setPrototypeOf;
  try {
    const port = (server.address() as AddressInfo).port;
    assert.equal((await send(port)).body, 'ok');
    assert.equal((await send(port)).body, 'ok');
  } finally {
    Object.setPrototypeOf = original;
    await close(server);
  }
  assert.equal(swaps, 0);
  assert.deepEqual(protos, [true, true, true, true]);
});

test('the app handed to someone else’s server swaps the prototypes per request', async () => {
  const app = webapp() as any;
  app.get('/', (req: any, res: any) => {
    res.end(
      String(Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response),
    );
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    assert.equal((await send((server.address() as AddressInfo).port)).body, 'true');
  } finally {
    await close(server);
  }
});

test('a sub-app served through the parent app.listen server switches and restores prototypes', async () => {
  const app = webapp() as any;
  const sub = webapp() as any;
  sub.use((req: any, _res: any, next: any) => {
    req.inside = Object.getPrototypeOf(req) === sub.request;
    next();
  });
  app.use('/sub', sub);
  app.use((req: any, res: any) => res.end(`${req.inside} ${Object.getPrototypeOf(req) === app.request}`));
  let server!: http.Server;
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', resolve);
  });
  try {
    assert.equal((await send((server.address() as AddressInfo).port, { path: '/sub/x' })).body, 'true true');
  } finally {
    await close(server);
  }
});

test("an app.listen server's responses still run an app's own res.setHeader and validate headers", async () => {
  // Their class puts a setHeader in front of node's (src/http/header-store.ts, setHeaderWithFastStore):
  // what the app defines on app.response, or an agent patches into node's prototype, must still run.
  const app = webapp();
  app.disable('x-powered-by');
  app.disable('etag');
  const seen: string[] = [];
  const own = function (this: http.ServerResponse, name: string, value: string | number | readonly string[]) {
    seen.push(name);
    return http.ServerResponse.prototype.setHeader.call(this, name, value);
  };
  app.get('/', (_req: any, res: any) => {
    assert.throws(() => res.setHeader('Bad Name', '1'), { code: 'ERR_INVALID_HTTP_TOKEN' });
    res.setHeader('X-A', '1');
    res.json({ ok: true });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const before = await send(port);
    assert.equal(before.headers['x-a'], '1');
    assert.equal(before.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(seen.length, 0);
    // Defined after the server was made, as a plugin might.
    (app.response as any).setHeader = own;
    const after = await send(port);
    assert.equal(after.headers['x-a'], '1');
    assert.equal(after.body, '{"ok":true}');
    assert.deepEqual(seen, ['Bad Name', 'X-A', 'Content-Type', 'Content-Length']);
  } finally {
    await close(server);
  }
});

/**
 * What an app that reads nothing of its requests sees of them after answering, on a server started
 * with `listen`: the events of `req` (and the response's 'close') in order, for a GET, a POST with an
 * unread body, and a GET again.
 */
async function unreadRequestEvents(app: any): Promise<string[][]> {
  const sequences: string[][] = [];
  app.all('/', (req: any, res: any) => {
    const seen: string[] = [];
    for (const event of ['resume', 'end', 'close']) req.on(event, () => seen.push(`req ${event}`));
    res.on('close', () => seen.push('res close'));
    req.on('close', () => setImmediate(() => sequences.push(seen)));
    res.end('ok');
  });
  const server: http.Server = app.listen(0, '127.0.0.1');
  try {
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as AddressInfo).port;
    assert.equal((await send(port)).body, 'ok');
    assert.equal((await send(port, { method: 'POST', body: 'unread' })).body, 'ok');
    assert.equal((await send(port)).body, 'ok');
    // Bounded: a request that never closes fails here instead of holding the run until CI's limit.
    const deadline = Date.now() + 5_000;
    while (sequences.length < 3 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(sequences.length, 3, `requests closed: ${sequences.length} of 3`);
    return sequences;
  } finally {
    await close(server);
  }
}

test('a request read by nobody still ends and closes after the response, with the events express@4 gives it', async () => {
  const [get, post, again] = await unreadRequestEvents(webapp());
  // The unread POST body: resumed and read off, as node does.
  assert.ok(post.includes('req resume') && post.at(-1) === 'req close', post.join());
  assert.deepEqual(again, get);
  const express = await unreadRequestEvents(require('express')());
  // A GET that arrived whole: node 20-24 resume it (a 'resume' event, 'end' after the response's
  // 'close'), node 26 ends it at once; webapp leaves it to node, as Express does.
  assert.deepEqual(get, express[0]);
  assert.ok(get.at(-1) === 'req close' && get.includes('req end'), get.join());
});

test('the request and response classes of app.listen pass every constructor argument on (Bun passes more than node)', () => {
  const { requestClass, responseClass } = require('../src/application/index');
  const app = webapp();
  const seen: unknown[][] = [];
  for (const [make, Base] of [
    [requestClass, http.IncomingMessage],
    [responseClass, http.ServerResponse],
  ] as const) {
    const Class = make(app);
    // super() calls whatever the class's prototype is: a spy in node's class's place sees the arguments.
    Object.setPrototypeOf(Class, function Spy(this: unknown, ...args: unknown[]) {
      seen.push(args);
      return Reflect.construct(Base, args.slice(0, 1), new.target);
    });
    const first = Base === http.IncomingMessage ? null : new http.IncomingMessage(null as never);
    new Class(first, { runtime: 'extra' }, 'third');
  }
  assert.equal(seen.length, 2);
  for (const args of seen) assert.deepEqual(args.slice(1), [{ runtime: 'extra' }, 'third']);
});
