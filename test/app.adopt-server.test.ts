/**
 * A root app handed to a plain node server adopts it: from the second request on, requests and
 * responses are built on the app's prototypes (no per-request prototype swap), while servers that
 * use classes of their own are left alone.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { test } from 'node:test';

import webapp = require('../src/index');

import { send, withServer } from './support/http';

function probe(app: any) {
  const seen: string[] = [];
  app.get('/', (req: any, res: any) => {
    const direct = Object.getPrototypeOf(req) === app.request;
    const built = Object.getPrototypeOf(Object.getPrototypeOf(req)) === app.request;
    seen.push(direct ? 'swapped' : built ? 'built' : 'other');
    res.json({ ok: true, ip: req.ip, path: req.path });
  });
  return seen;
}

test('http.createServer(app): the first request is swapped, later ones are built on the app prototypes', async () => {
  const app = webapp();
  const seen = probe(app);
  await withServer(http.createServer(app), async (port) => {
    for (let i = 0; i < 3; i++) {
      const res = await send(port, { path: '/' });
      assert.equal(res.status, 200);
      assert.deepEqual(JSON.parse(res.body), { ok: true, ip: '127.0.0.1', path: '/' });
    }
  });
  assert.deepEqual(seen, ['swapped', 'built', 'built']);
});

test('a server with its own request class is not adopted (every request is swapped instead)', async () => {
  class MyRequest extends http.IncomingMessage {}
  const app = webapp();
  const seen = probe(app);
  const server = http.createServer({ IncomingMessage: MyRequest }, app);
  await withServer(server, async (port) => {
    assert.equal((await send(port, { path: '/' })).status, 200);
    assert.equal((await send(port, { path: '/' })).status, 200);
  });
  assert.deepEqual(seen, ['swapped', 'swapped']);
});

test('two apps on one server: the second keeps working through the prototype swap', async () => {
  const first = webapp();
  first.get('/a', (_req: any, res: any) => res.send(`a ${res.app === first}`));
  const second = webapp();
  second.get('/b', (req: any, res: any) => res.send(`b ${req.app === second} ${res.app === second}`));
  const server = http.createServer((req, res) =>
    req.url!.startsWith('/a') ? first(req, res) : second(req, res),
  );
  await withServer(server, async (port) => {
    for (let i = 0; i < 2; i++) {
      assert.equal((await send(port, { path: '/a' })).body, 'a true');
      assert.equal((await send(port, { path: '/b' })).body, 'b true true');
    }
  });
});

test('sub-apps and routers behave the same on an adopted server', async () => {
  const app = webapp();
  const sub = webapp();
  sub.get('/x', (req: any, res: any) => res.send(`${req.baseUrl} ${req.app === sub}`));
  app.use('/sub', sub);
  app.get('/after', (req: any, res: any) => res.send(`${req.app === app}`));
  await withServer(http.createServer(app), async (port) => {
    for (let i = 0; i < 2; i++) {
      assert.equal((await send(port, { path: '/sub/x' })).body, '/sub true');
      assert.equal((await send(port, { path: '/after' })).body, 'true');
    }
  });
});

test('the adopted classes pass on what node gives them: the socket and the server’s response options', async () => {
  const app = webapp();
  const seen: unknown[] = [];
  app.head('/', (req: any, res: any) => {
    let code = 'accepted';
    try {
      res.write('x');
    } catch (err: any) {
      code = err.code;
    }
    seen.push([req.socket === res.socket, code]);
    res.end();
  });
  const server = http.createServer({ rejectNonStandardBodyWrites: true } as http.ServerOptions, app);
  await withServer(server, async (port) => {
    for (let i = 0; i < 2; i++) assert.equal((await send(port, { path: '/', method: 'HEAD' })).status, 200);
  });
  assert.deepEqual(seen, [
    [true, 'ERR_HTTP_BODY_NOT_ALLOWED'],
    [true, 'ERR_HTTP_BODY_NOT_ALLOWED'],
  ]);
});
