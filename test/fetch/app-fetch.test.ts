/**
 * app.fetch beyond the differential suite: streaming both ways, binary bodies, Set-Cookie lists,
 * bodiless answers, the connection's addresses, aborts and broken input through the Fetch entry.
 */
import assert from 'node:assert/strict';
import type http from 'node:http';
import { describe, it } from 'node:test';

import webapp = require('../../src/index');

type App = ReturnType<typeof webapp> & {
  fetch(request: unknown, options?: unknown): Promise<Response>;
};

function app(): App {
  return webapp() as App;
}

const URL_BASE = 'http://example.test';

describe('app.fetch', () => {
  it('is an own, non-enumerable function that works detached, and loads its module on first call', async () => {
    const a = app();
    const descriptor = Object.getOwnPropertyDescriptor(a, 'fetch');
    assert.equal(typeof descriptor?.value, 'function');
    assert.equal(descriptor?.enumerable, false);
    assert.ok(!Object.keys(a).includes('fetch'));
    a.get('/', (_req, res) => res.send('detached'));
    const { fetch } = a;
    const response = await fetch(new Request(`${URL_BASE}/`));
    assert.equal(await response.text(), 'detached');
    assert.notEqual(webapp().fetch, a.fetch);
  });

  it('gives the app real node requests and responses on its prototypes', async () => {
    const a = app();
    a.get('/', (req, res) => {
      const proto = Object.getPrototypeOf(req);
      res.json({
        request: proto !== a.request && Object.getPrototypeOf(proto) === a.request,
        response: Object.getPrototypeOf(Object.getPrototypeOf(res)) === a.response,
        incoming: req instanceof require('node:http').IncomingMessage,
        serverResponse: res instanceof require('node:http').ServerResponse,
        version: req.httpVersion,
      });
    });
    const body = await (await a.fetch(new Request(`${URL_BASE}/`))).json();
    assert.deepEqual(body, {
      request: true,
      response: true,
      incoming: true,
      serverResponse: true,
      version: '1.1',
    });
  });

  it('keeps bodies byte-exact both ways', async () => {
    const a = app();
    a.post('/echo', webapp.raw({ type: '*/*' }), (req, res) => res.type('bin').send(req.body));
    const bytes = Buffer.alloc(70_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 256;
    const response = await a.fetch(
      new Request(`${URL_BASE}/echo`, {
        method: 'POST',
        body: new Uint8Array(bytes),
        headers: { 'content-type': 'x/y' },
      }),
    );
    assert.equal(response.headers.get('content-type'), 'application/octet-stream');
    assert.ok(Buffer.from(await response.arrayBuffer()).equals(bytes));
  });

  it('streams a ReadableStream request body in, chunk by chunk, before it has ended', async () => {
    const a = app();
    const seen: string[] = [];
    let more: (() => void) | undefined;
    a.post('/stream', (req, res) => {
      req.on('data', (chunk: Buffer) => {
        seen.push(chunk.toString());
        more?.();
      });
      req.on('end', () => res.send(seen.join('|')));
    });
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    const pending = a.fetch(
      new Request(`${URL_BASE}/stream`, { method: 'POST', body, duplex: 'half' } as RequestInit),
    );
    const next = () => new Promise<void>((resolve) => (more = resolve));
    let arrived = next();
    controller.enqueue(new TextEncoder().encode('one'));
    await arrived;
    assert.deepEqual(seen, ['one']);
    arrived = next();
    controller.enqueue(new TextEncoder().encode('two'));
    await arrived;
    controller.close();
    assert.equal(await (await pending).text(), 'one|two');
  });

  it('streams res.write chunks out as they are written (SSE)', async () => {
    const a = app();
    let write!: (text: string) => void;
    let end!: () => void;
    a.get('/events', (_req, res) => {
      res.set('Content-Type', 'text/event-stream');
      res.write('data: first\n\n');
      write = (text) => res.write(text);
      end = () => res.end();
    });
    const response = await a.fetch(new Request(`${URL_BASE}/events`));
    assert.equal(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    assert.equal(response.headers.get('transfer-encoding'), null);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    assert.equal(decoder.decode((await reader.read()).value), 'data: first\n\n');
    write('data: second\n\n');
    assert.equal(decoder.decode((await reader.read()).value), 'data: second\n\n');
    end();
    assert.equal((await reader.read()).done, true);
  });

  it('carries several Set-Cookie fields in Headers (getSetCookie)', async () => {
    const a = app();
    a.get('/', (_req, res) => {
      res.cookie('a', '1').cookie('b', '2', { httpOnly: true }).append('Set-Cookie', 'c=3').send('ok');
    });
    const response = await a.fetch(new Request(`${URL_BASE}/`));
    assert.deepEqual(response.headers.getSetCookie(), ['a=1; Path=/', 'b=2; Path=/; HttpOnly', 'c=3']);
  });

  it('answers HEAD, 204 and 304 without a body, keeping their Content-Length', async () => {
    const a = app();
    a.get('/', (_req, res) => res.send('some text'));
    a.get('/none', (_req, res) => res.sendStatus(204));
    const head = await a.fetch(new Request(`${URL_BASE}/`, { method: 'HEAD' }));
    assert.equal(head.status, 200);
    assert.equal(head.body, null);
    assert.equal(head.headers.get('content-length'), '9');
    const full = await a.fetch(new Request(`${URL_BASE}/`));
    const etag = full.headers.get('etag')!;
    const conditional = await a.fetch(new Request(`${URL_BASE}/`, { headers: { 'if-none-match': etag } }));
    assert.equal(conditional.status, 304);
    assert.equal(conditional.body, null);
    const empty = await a.fetch(new Request(`${URL_BASE}/none`));
    assert.equal(empty.status, 204);
    assert.equal(empty.body, null);
  });

  it('sends the Request as it is: its own fields, no Connection field, a bare ? kept', async () => {
    const a = app();
    a.get('/h', (req, res) => res.json({ url: req.url, headers: req.headers }));
    const response = await a.fetch(new Request(`${URL_BASE}/h?`, { headers: { 'X-One': '1' } }));
    assert.deepEqual(await response.json(), { url: '/h?', headers: { host: 'example.test', 'x-one': '1' } });
    const hashed = await a.fetch(new Request(`${URL_BASE}/h?a=1#frag`));
    assert.equal(((await hashed.json()) as { url: string }).url, '/h?a=1');
  });

  it('shows the given addresses on req.socket: req.ip, trust proxy and req.protocol read them', async () => {
    const a = app();
    a.set('trust proxy', 'loopback');
    a.get('/', (req, res) =>
      res.json({
        ip: req.ip,
        ips: req.ips,
        protocol: req.protocol,
        secure: req.secure,
        port: req.socket.remotePort,
        family: (req.socket as unknown as { remoteFamily?: string }).remoteFamily,
        local: [req.socket.localAddress, req.socket.localPort],
      }),
    );
    const ask = async (url: string, options?: unknown, headers?: Record<string, string>) =>
      (await a.fetch(new Request(url, { headers }), options)).json();
    assert.deepEqual(
      await ask(
        `${URL_BASE}/`,
        { remoteAddress: '127.0.0.1', remotePort: 4000, localAddress: '::1', localPort: 80 },
        {
          'x-forwarded-for': '203.0.113.9',
          'x-forwarded-proto': 'https',
        },
      ),
      {
        ip: '203.0.113.9',
        ips: ['203.0.113.9'],
        protocol: 'https',
        secure: true,
        port: 4000,
        family: 'IPv4',
        local: ['::1', 80],
      },
    );
    // Not trusted: the socket's address and protocol are the answer.
    assert.deepEqual(
      await ask(`${URL_BASE}/`, { remoteAddress: '2001:db8::1' }, { 'x-forwarded-for': '203.0.113.9' }),
      { ip: '2001:db8::1', ips: [], protocol: 'http', secure: false, family: 'IPv6', local: [null, null] },
    );
    const https = (await ask('https://example.test/')) as { protocol: string; secure: boolean };
    assert.equal(https.protocol, 'https');
    assert.equal(
      ((await ask('https://example.test/', { encrypted: false })) as { protocol: string }).protocol,
      'http',
    );
  });

  it("reads the client's address from what Deno.serve and Bun.serve pass", async () => {
    const a = app();
    a.get('/', (req, res) => res.send(`${req.ip} ${req.socket.remotePort}`));
    const deno = await a.fetch(new Request(`${URL_BASE}/`), {
      remoteAddr: { hostname: '198.51.100.4', port: 5 },
    });
    assert.equal(await deno.text(), '198.51.100.4 5');
    const request = new Request(`${URL_BASE}/`);
    const bun = {
      requestIP(seen: Request) {
        assert.equal(seen, request);
        return { address: '198.51.100.5', port: 6, family: 'IPv4' };
      },
    };
    assert.equal(await (await a.fetch(request, bun)).text(), '198.51.100.5 6');
    const unknown = { requestIP: () => null };
    assert.equal(await (await a.fetch(new Request(`${URL_BASE}/`), unknown)).text(), 'undefined undefined');
  });

  it('rejects what is not an http(s) Request with WEBAPP_FETCH_REQUEST_INVALID, answering nothing', async () => {
    const a = app();
    let reached = false;
    a.use((_req, res) => {
      reached = true;
      res.end();
    });
    for (const bad of [
      undefined,
      null,
      'http://example.test/',
      {},
      { url: 'not a url', method: 'GET', headers: new Headers() },
    ]) {
      await assert.rejects(a.fetch(bad), { code: 'WEBAPP_FETCH_REQUEST_INVALID', name: 'TypeError' });
    }
    const ftp = { url: 'ftp://example.test/', method: 'GET', headers: new Headers(), body: null };
    await assert.rejects(a.fetch(ftp), { code: 'WEBAPP_FETCH_REQUEST_INVALID' });
    assert.equal(reached, false);
  });

  it('answers a request node cannot parse as over a socket: 431 for a head too large', async () => {
    const a = app();
    a.get('/', (_req, res) => res.send('never'));
    const response = await a.fetch(new Request(`${URL_BASE}/`, { headers: { 'x-big': 'a'.repeat(20_000) } }));
    assert.equal(response.status, 431);
  });

  it('rejects a status a Response cannot carry with WEBAPP_FETCH_STATUS_INVALID', async () => {
    const a = app();
    a.get('/', (_req, res) => res.status(600).send('odd'));
    await assert.rejects(a.fetch(new Request(`${URL_BASE}/`)), {
      code: 'WEBAPP_FETCH_STATUS_INVALID',
      name: 'RangeError',
    });
  });

  it('a body stream failing midway drops the connection: the app sees the request aborted, fetch rejects', async () => {
    const a = app();
    const closed = new Promise<{ aborted: boolean; error: string | undefined }>((resolve) => {
      a.post('/', (req: http.IncomingMessage) => {
        let error: string | undefined;
        req.on('error', (err) => {
          error = (err as NodeJS.ErrnoException).code;
        });
        req.on('data', () => {});
        req.on('close', () => resolve({ aborted: req.destroyed && !req.complete, error }));
      });
    });
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
        c.enqueue(new TextEncoder().encode('partial'));
      },
    });
    const pending = a.fetch(
      new Request(`${URL_BASE}/`, { method: 'POST', body, duplex: 'half' } as RequestInit),
    );
    const failure = new Error('source broke');
    setImmediate(() => controller.error(failure));
    await assert.rejects(pending, failure);
    assert.deepEqual(await closed, { aborted: true, error: 'ECONNRESET' });
  });

  it('a body parser reading a broken body stops, as over a dropped socket: nothing answers, nothing crashes', async () => {
    const a = app();
    const reached: string[] = [];
    let entered!: () => void;
    const inApp = new Promise<void>((resolve) => (entered = resolve));
    const closed = new Promise<void>((resolve) => {
      a.use((req: http.IncomingMessage, _res: unknown, next: () => void) => {
        req.on('close', () => setImmediate(resolve));
        entered();
        next();
      });
    });
    a.post('/', webapp.json(), (_req, res) => {
      reached.push('route');
      res.send('parsed');
    });
    a.use((_err: unknown, _req: unknown, res: http.ServerResponse, _next: unknown) => {
      reached.push('error handler');
      res.end();
    });
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"a":'));
      },
      async pull(c) {
        await inApp;
        c.error(new Error('gone'));
      },
    });
    const init = { method: 'POST', body, duplex: 'half', headers: { 'content-type': 'application/json' } };
    await assert.rejects(a.fetch(new Request(`${URL_BASE}/`, init as RequestInit)), /gone/);
    await closed;
    // webapp's parsers pass 'request.aborted' on only while the response can still be sent.
    assert.deepEqual(reached, []);
  });

  it("request.signal aborting before the answer: the request's 'aborted' and 'close', fetch rejects", async () => {
    const a = app();
    const events: string[] = [];
    const reached = new Promise<void>((resolve) => {
      a.get('/', (req, res) => {
        req.on('aborted', () => events.push('aborted'));
        res.on('close', () => events.push(`res close, finished: ${res.writableFinished}`));
        resolve();
      });
    });
    const controller = new AbortController();
    const pending = a.fetch(new Request(`${URL_BASE}/`, { signal: controller.signal }));
    await reached;
    controller.abort(new Error('user left'));
    await assert.rejects(pending, /user left/);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(events, ['aborted', 'res close, finished: false']);
    await assert.rejects(
      a.fetch(new Request(`${URL_BASE}/`, { signal: AbortSignal.abort(new Error('early')) })),
      /early/,
    );
  });

  it('request.signal aborting mid-response errors the body and closes the response', async () => {
    const a = app();
    const closed = new Promise<boolean>((resolve) => {
      a.get('/', (_req, res) => {
        res.write('part');
        res.on('close', () => resolve(res.writableFinished));
      });
    });
    const controller = new AbortController();
    const response = await a.fetch(new Request(`${URL_BASE}/`, { signal: controller.signal }));
    const reader = response.body!.getReader();
    assert.equal(new TextDecoder().decode((await reader.read()).value), 'part');
    controller.abort(new Error('stop'));
    await assert.rejects(reader.read(), /stop/);
    assert.equal(await closed, false);
  });

  it('cancelling the Response body closes the connection under the app', async () => {
    const a = app();
    const closed = new Promise<boolean>((resolve) => {
      a.get('/', (_req, res) => {
        res.write('x');
        res.on('close', () => resolve(res.writableFinished));
      });
    });
    const response = await a.fetch(new Request(`${URL_BASE}/`));
    await response.body!.cancel();
    assert.equal(await closed, false);
  });

  it('the app destroying the connection mid-answer errors the body with WEBAPP_FETCH_RESPONSE_ABORTED', async () => {
    const a = app();
    let destroy!: () => void;
    a.get('/', (_req, res) => {
      res.write('half');
      destroy = () => res.destroy();
    });
    const response = await a.fetch(new Request(`${URL_BASE}/`));
    const reader = response.body!.getReader();
    await reader.read();
    destroy();
    await assert.rejects(reader.read(), { code: 'WEBAPP_FETCH_RESPONSE_ABORTED' });
  });

  it('the app destroying the connection before answering rejects', async () => {
    const a = app();
    a.get('/', (req) => req.socket.destroy());
    await assert.rejects(a.fetch(new Request(`${URL_BASE}/`)), /socket hang up|ECONNRESET/);
  });

  it('an error thrown by the app answers 500 through the final handler', async () => {
    const a = app();
    a.get('/', () => {
      throw new Error('boom');
    });
    const response = await a.fetch(new Request(`${URL_BASE}/`));
    assert.equal(response.status, 500);
    assert.match(await response.text(), /Internal Server Error|boom/);
  });

  it('keeps backpressure: a big file streams through without the reader being flooded', async () => {
    const a = app();
    const size = 8 * 1024 * 1024;
    a.get('/big', (_req, res) => {
      const { Readable } = require('node:stream') as typeof import('node:stream');
      let sent = 0;
      Readable.from(
        (function* () {
          while (sent < size) {
            sent += 65536;
            yield Buffer.alloc(65536, 1);
          }
        })(),
      ).pipe(res);
    });
    const response = await a.fetch(new Request(`${URL_BASE}/big`));
    let total = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
      total += chunk.byteLength;
    assert.equal(total, size);
  });

  it('many concurrent calls each get their own answer', async () => {
    const a = app();
    a.get('/:n', (req, res) => setImmediate(() => res.send(req.params.n)));
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, n) => (await a.fetch(new Request(`${URL_BASE}/${n}`))).text()),
    );
    assert.deepEqual(
      answers,
      Array.from({ length: 50 }, (_, n) => String(n)),
    );
  });

  it('an app mounted in another app answers over the outer app.fetch with its own prototypes', async () => {
    const outer = app();
    const inner = app();
    inner.get('/', (req, res) => res.send(String(Object.getPrototypeOf(req) === inner.request)));
    outer.use('/inner', inner);
    const response = await outer.fetch(new Request(`${URL_BASE}/inner/`));
    assert.equal(await response.text(), 'true');
  });
});
