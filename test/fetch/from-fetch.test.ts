/**
 * webapp.fromFetch: fetch handlers (plain functions, a Hono app) mounted as middleware, over real
 * HTTP/1.1: the Request they see, the Response written back, 404 fall-through, parsed bodies,
 * errors and aborts.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { describe, it } from 'node:test';

import webapp = require('../../src/index');

import { request, withServer } from '../support/http';

type Seen = { method: string; url: string; headers: Record<string, string>; body: string };

/** A handler answering what it received, as JSON. */
async function echo(req: Request): Promise<Response> {
  const headers: Record<string, string> = {};
  req.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const seen: Seen = { method: req.method, url: req.url, headers, body: await req.text() };
  return Response.json(seen);
}

function seenOf(res: { body: string }): Seen {
  return JSON.parse(res.body) as Seen;
}

describe('webapp.fromFetch', () => {
  it('builds the Request from req: method, the URL the client asked for, headers, the body stream', async () => {
    const app = webapp();
    app.use('/api', webapp.fromFetch(echo));
    const res = await request(app, {
      method: 'POST',
      path: '/api/items?x=1',
      headers: { 'Content-Type': 'text/plain', 'X-Many': ['a', 'b'], Host: 'shop.test:8080' },
      body: 'hello',
    });
    assert.equal(res.status, 200);
    const seen = seenOf(res);
    assert.equal(seen.method, 'POST');
    assert.equal(seen.url, 'http://shop.test:8080/api/items?x=1');
    assert.equal(seen.headers['x-many'], 'a, b');
    assert.equal(seen.headers['content-type'], 'text/plain');
    assert.equal(seen.headers['transfer-encoding'], undefined);
    assert.equal(seen.headers.connection, undefined);
    assert.equal(seen.body, 'hello');
  });

  it('uses req.protocol: X-Forwarded-Proto with trust proxy', async () => {
    const app = webapp();
    app.set('trust proxy', true);
    app.use(webapp.fromFetch(echo));
    const res = await request(app, { path: '/p', headers: { 'X-Forwarded-Proto': 'https', Host: 'a.test' } });
    assert.equal(seenOf(res).url, 'https://a.test/p');
  });

  it('re-serialises a body a parser already read: JSON, form, text (as UTF-8) and raw bytes', async () => {
    const app = webapp();
    app.use(webapp.json(), webapp.urlencoded({ extended: true }), webapp.text({ type: 'text/*' }));
    app.use(
      '/raw',
      webapp.raw(),
      webapp.fromFetch(async (r) => new Response(await r.arrayBuffer())),
    );
    app.use(webapp.fromFetch(echo));
    const json = seenOf(
      await request(app, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{ "a" : [1, 2] }',
      }),
    );
    assert.equal(json.body, '{"a":[1,2]}');
    assert.equal(json.headers['content-length'], '11');
    const form = seenOf(
      await request(app, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'a[b]=1&c=2',
      }),
    );
    assert.equal(decodeURIComponent(form.body), 'a[b]=1&c=2');
    const text = seenOf(
      await request(app, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain; charset=latin1' },
        body: Buffer.from([0x63, 0x61, 0x66, 0xe9]),
      }),
    );
    assert.equal(text.body, 'café');
    assert.equal(text.headers['content-type'], 'text/plain; charset=utf-8');
    const bytes = Buffer.from([0, 1, 254, 255]);
    const raw = await request(app, {
      method: 'POST',
      path: '/raw',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: bytes,
    });
    assert.ok(raw.raw.equals(bytes));
  });

  it('forwards no body for a parsed body it cannot re-make, and none once the stream was read', async () => {
    const app = webapp();
    app.use((req, _res, next) => {
      const parsed = req as unknown as { _body: boolean; body: unknown };
      if (req.headers['x-mode'] === 'odd') {
        parsed._body = true;
        parsed.body = { some: 'fields' };
      }
      next();
    });
    app.post('/read', (req, _res, next) => {
      req.resume();
      req.on('end', next);
    });
    app.use(webapp.fromFetch(echo));
    const odd = seenOf(
      await request(app, {
        method: 'POST',
        headers: { 'Content-Type': 'multipart/form-data', 'X-Mode': 'odd' },
        body: 'x',
      }),
    );
    assert.equal(odd.body, '');
    assert.equal(odd.headers['content-type'], undefined);
    const read = seenOf(await request(app, { method: 'POST', path: '/read', body: 'gone' }));
    assert.equal(read.body, '');
  });

  it('writes the Response: status, text, headers, every Set-Cookie after those set before', async () => {
    const app = webapp();
    app.use((_req, res, next) => {
      res.cookie('early', '1');
      next();
    });
    app.use(
      webapp.fromFetch(() => {
        const headers = new Headers({ 'Content-Type': 'text/x-custom', 'X-A': '1' });
        headers.append('Set-Cookie', 'a=1');
        headers.append('Set-Cookie', 'b=2; HttpOnly');
        return new Response('made', { status: 201, statusText: 'Made', headers });
      }),
    );
    const res = await request(app);
    assert.equal(res.status, 201);
    assert.equal(res.statusMessage, 'Made');
    assert.equal(res.headers['content-type'], 'text/x-custom');
    assert.equal(res.headers['x-a'], '1');
    assert.deepEqual(res.headers['set-cookie'], ['early=1; Path=/', 'a=1', 'b=2; HttpOnly']);
    assert.equal(res.body, 'made');
  });

  it('serves a Hono app mounted in a webapp app, and the webapp app over app.fetch', async () => {
    const { Hono } = require('hono') as typeof import('hono');
    const hono = new Hono().basePath('/hono');
    hono.get('/hi/:name', (c) => c.text(`hi ${c.req.param('name')}`));
    hono.post('/json', async (c) => c.json({ got: await c.req.json() }));
    const app = webapp();
    app.use(webapp.json());
    app.use('/hono', webapp.fromFetch(hono, { notFound: 'next' }));
    app.get('/hono/else', (_req, res) => res.send('webapp route'));
    const [hi, json, fallback] = await Promise.all([
      request(app, { path: '/hono/hi/ann' }),
      request(app, {
        method: 'POST',
        path: '/hono/json',
        headers: { 'Content-Type': 'application/json' },
        body: '[1]',
      }),
      request(app, { path: '/hono/else' }),
    ]);
    assert.equal(hi.body, 'hi ann');
    assert.equal(json.body, '{"got":[1]}');
    assert.equal(fallback.body, 'webapp route');
    const overFetch = await (app as unknown as { fetch: (r: Request) => Promise<Response> }).fetch(
      new Request('http://x.test/hono/hi/bo'),
    );
    assert.equal(await overFetch.text(), 'hi bo');
  });

  it("sends the handler's 404 unless notFound is 'next'", async () => {
    const notFound = () => new Response('handler 404', { status: 404 });
    for (const [options, body] of [
      [undefined, 'handler 404'],
      [{ notFound: 'send' as const }, 'handler 404'],
      [{ notFound: 'next' as const }, 'next'],
    ] as const) {
      const app = webapp();
      app.use(webapp.fromFetch(notFound, options));
      app.use((_req, res) => res.send('next'));
      assert.equal((await request(app)).body, body);
    }
  });

  it('streams the Response body with backpressure, HEAD without a body', async () => {
    const app = webapp();
    const chunk = new Uint8Array(64 * 1024).fill(5);
    let pulls = 0;
    app.use(
      webapp.fromFetch(
        () =>
          new Response(
            new ReadableStream<Uint8Array>({
              pull(c) {
                if (++pulls > 64) c.close();
                else c.enqueue(chunk);
              },
            }),
          ),
      ),
    );
    const res = await request(app);
    assert.equal(res.raw.length, 64 * chunk.length);
    assert.ok(res.raw.every((byte) => byte === 5));
    const head = await request(app, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.raw.length, 0);
  });

  it('passes throws, rejections and non-Responses to the error middleware with codes', async () => {
    const handlers = [
      () => {
        throw new Error('thrown');
      },
      () => Promise.reject(new Error('rejected')),
      () => 'text' as unknown as Response,
    ];
    const seen: string[] = [];
    for (const handler of handlers) {
      const app = webapp();
      app.use(webapp.fromFetch(handler));
      app.use((err: Error & { code?: string }, _req: unknown, res: http.ServerResponse, _next: unknown) => {
        seen.push(err.code ?? err.message);
        res.statusCode = 502;
        res.end();
      });
      assert.equal((await request(app)).status, 502);
    }
    assert.deepEqual(seen, ['thrown', 'rejected', 'WEBAPP_FROM_FETCH_NOT_A_RESPONSE']);
  });

  it('a body stream failing before its first chunk goes to next(err), after it drops the connection', async () => {
    const app = webapp();
    app.get(
      '/before',
      webapp.fromFetch(
        () =>
          new Response(new ReadableStream({ pull: (c) => c.error(new Error('early')) }), {
            headers: { 'X-Gone': '1' },
          }),
      ),
    );
    let sent = false;
    app.get(
      '/after',
      webapp.fromFetch(
        () =>
          new Response(
            new ReadableStream({
              pull(c) {
                if (sent) c.error(new Error('late'));
                else c.enqueue(new TextEncoder().encode('part'));
                sent = true;
              },
            }),
          ),
      ),
    );
    app.use((err: Error, _req: unknown, res: http.ServerResponse, _next: unknown) => {
      res.statusCode = 500;
      res.end(err.message);
    });
    const before = await request(app, { path: '/before' });
    assert.equal(before.status, 500);
    assert.equal(before.body, 'early');
    assert.equal(before.headers['x-gone'], undefined);
    await assert.rejects(request(app, { path: '/after' }), /aborted|socket hang up|ECONNRESET/);
  });

  it('refuses a handler that is neither a function nor has fetch, with WEBAPP_FROM_FETCH_HANDLER_INVALID', () => {
    for (const bad of [undefined, null, 1, {}, { fetch: 1 }]) {
      assert.throws(() => webapp.fromFetch(bad as never), { code: 'WEBAPP_FROM_FETCH_HANDLER_INVALID' });
    }
  });

  it('answers 400 WEBAPP_FROM_FETCH_URL_INVALID when the Host makes no URL', async () => {
    const app = webapp();
    let code: string | undefined;
    app.use(webapp.fromFetch(echo));
    app.use(
      (err: { code?: string; status?: number }, _req: unknown, res: http.ServerResponse, _next: unknown) => {
        code = err.code;
        res.statusCode = err.status ?? 500;
        res.end();
      },
    );
    const res = await request(app, { headers: { Host: 'bad host' } });
    assert.equal(res.status, 400);
    assert.equal(code, 'WEBAPP_FROM_FETCH_URL_INVALID');
  });

  it("aborts the handler's request.signal when the client goes away", async () => {
    const app = webapp();
    const aborted = new Promise<boolean>((resolve) => {
      app.use(
        webapp.fromFetch(
          (req) =>
            new Promise<Response>(() => {
              req.signal.addEventListener('abort', () => resolve(req.signal.aborted));
            }),
        ),
      );
    });
    await withServer(app, async (port) => {
      const client = http.get({ host: '127.0.0.1', port, path: '/' });
      client.on('error', () => {});
      await new Promise<void>((resolve) => client.on('socket', (s) => s.on('connect', () => resolve())));
      client.destroy();
      assert.equal(await aborted, true);
    });
  });

  it("a client going away mid-body fails the handler's read of the body, not the process", async () => {
    const app = webapp();
    let reached!: () => void;
    const inHandler = new Promise<void>((resolve) => (reached = resolve));
    const failed = new Promise<unknown>((resolve) => {
      app.use(
        webapp.fromFetch(async (request) => {
          reached();
          try {
            await request.text();
          } catch (error) {
            resolve(error);
          }
          return new Response('unused');
        }),
      );
    });
    await withServer(app, async (port) => {
      const client = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/' });
      client.on('error', () => {});
      client.write('part of a body');
      await inHandler;
      client.destroy();
      assert.ok((await failed) instanceof Error);
    });
  });

  it('is loaded only when read', () => {
    const script = `const w = require(${JSON.stringify(require.resolve('../../src/index'))});
      const loaded = () => Object.keys(require.cache).some((f) => /[\\\\/]fetch[\\\\/]/.test(f));
      const before = loaded(); w(); const afterApp = loaded(); w.fromFetch; console.log(JSON.stringify([before, afterApp, loaded()]));`;
    const { execFileSync } = require('node:child_process') as typeof import('node:child_process');
    const out = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    assert.deepEqual(JSON.parse(out), [false, false, true]);
  });
});
