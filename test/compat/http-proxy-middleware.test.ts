import assert from 'node:assert/strict';
import type http from 'node:http';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createProxyMiddleware, fixRequestBody } from 'http-proxy-middleware';
import request from 'supertest';

import webapp = require('../../src/index');

import { type Listening, listen } from './support';

/** The upstream service: echoes what it received, and accepts WebSocket-style upgrades. */
let upstream: Listening;
before(async () => {
  upstream = await listen((req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url?.startsWith('/api/slow')) return; // never answers
      res.setHeader('X-Upstream', 'yes');
      res.setHeader('Content-Type', 'application/json');
      res.statusCode = req.url?.startsWith('/api/missing') ? 404 : 200;
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          host: req.headers.host,
          contentType: req.headers['content-type'] ?? null,
          body,
        }),
      );
    });
  });
  upstream.server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket) => {
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nX-Path: ${req.url}\r\n\r\n`,
    );
    socket.on('data', (chunk) => socket.write(`echo:${chunk}`));
    // HTTP servers allow half-open sockets: close our side when the proxy closes its side.
    socket.on('end', () => socket.end());
  });
});
after(() => upstream.close());

describe('http-proxy-middleware on webapp', () => {
  test('a proxy mounted at /api forwards the rest of the path, method, body and headers', async () => {
    const app = webapp();
    app.use('/api', createProxyMiddleware({ target: `${upstream.url}/api`, changeOrigin: true }));
    app.get('/local', (_req: any, res: any) => res.send('local'));

    const res = await request(app)
      .post('/api/users/7?full=1')
      .set('Content-Type', 'text/plain')
      .send('hello');
    assert.equal(res.status, 200);
    assert.equal(res.headers['x-upstream'], 'yes');
    assert.deepEqual(res.body, {
      method: 'POST',
      url: '/api/users/7?full=1',
      host: `127.0.0.1:${upstream.port}`,
      contentType: 'text/plain',
      body: 'hello',
    });
    const missing = await request(app).get('/api/missing');
    assert.equal(missing.status, 404, 'upstream statuses pass through');
    assert.equal((await request(app).get('/local')).text, 'local');
  });

  test('pathFilter and pathRewrite at the top level', async () => {
    const app = webapp();
    app.use(
      createProxyMiddleware({
        target: upstream.url,
        pathFilter: '/service',
        pathRewrite: { '^/service': '/api/v2' },
      }),
    );
    app.use((req: any, res: any) => res.status(404).send(`not proxied: ${req.originalUrl}`));
    const res = await request(app).get('/service/items?x=1');
    assert.equal(res.body.url, '/api/v2/items?x=1');
    const other = await request(app).get('/elsewhere');
    assert.equal(other.status, 404);
    assert.equal(other.text, 'not proxied: /elsewhere');
  });

  test('fixRequestBody re-sends a body already consumed by webapp.json / webapp.urlencoded', async () => {
    const app = webapp();
    app.use(webapp.json());
    app.use(webapp.urlencoded({ extended: false }));
    app.use((req: any, _res: any, next: any) => {
      if (req.body && typeof req.body === 'object') req.body.stamped = true;
      next();
    });
    app.use(
      '/api',
      createProxyMiddleware({ target: `${upstream.url}/api`, on: { proxyReq: fixRequestBody } }),
    );
    const json = await request(app).post('/api/json').send({ a: 1 });
    assert.equal(json.body.body, '{"a":1,"stamped":true}');
    const form = await request(app).post('/api/form').type('form').send({ a: 'x y' });
    assert.equal(form.body.body, 'a=x%20y&stamped=true');
    assert.equal(form.body.contentType, 'application/x-www-form-urlencoded');
  });

  test('an unreachable target answers 504; a timeout ends in the error callback', async () => {
    const closed = await listen(() => {});
    const deadPort = closed.port;
    await closed.close();
    const app = webapp();
    app.use('/down', createProxyMiddleware({ target: `http://127.0.0.1:${deadPort}` }));
    app.use(
      '/api',
      createProxyMiddleware({
        target: `${upstream.url}/api`,
        proxyTimeout: 100,
        on: { error: (_err, _req, res: any) => res.status(502).json({ error: 'upstream timed out' }) },
      }),
    );
    const down = await request(app).get('/down/x');
    assert.equal(down.status, 504);
    assert.match(down.text, /^Error occurred while trying to proxy: 127\.0\.0\.1:\d+\/x$/);
    const slow = await request(app).get('/api/slow');
    assert.equal(slow.status, 502);
    assert.deepEqual(slow.body, { error: 'upstream timed out' });
  });

  test('ws: true subscribes to the server upgrade event through req.socket.server', async () => {
    const app = webapp();
    // The upgrade request does not go through the router, so its path is not stripped of /ws.
    app.use('/ws', createProxyMiddleware({ target: upstream.url, ws: true }));
    app.get('/', (_req: any, res: any) => res.send('home'));
    const server = await listen(app);
    try {
      // An ordinary request through the middleware lets it find the server.
      const warm = await fetch(`${server.url}/ws/ping`);
      assert.equal(((await warm.json()) as any).url, '/ping');
      const reply = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(server.port, '127.0.0.1', () => {
          socket.write(
            'GET /ws/chat HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
          );
        });
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk;
          if (text.includes('\r\n\r\n') && !text.includes('echo:')) socket.write('ping');
          if (text.includes('echo:ping')) {
            socket.destroy();
            resolve(text);
          }
        });
        socket.on('error', reject);
        setTimeout(() => {
          socket.destroy();
          reject(new Error(`no echo through the proxy: ${JSON.stringify(text)}`));
        }, 3000).unref();
      });
      assert.match(reply, /^HTTP\/1\.1 101 Switching Protocols\r\n/);
      assert.match(reply, /\r\nx-path: \/ws\/chat\r\n/i);
      assert.ok(reply.endsWith('echo:ping'));
    } finally {
      await server.close();
    }
  });
});
