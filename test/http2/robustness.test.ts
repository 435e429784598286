import assert from 'node:assert/strict';
import fs from 'node:fs';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

import webapp = require('../../src/index');

import { send2, withHttp2Server } from '../support/http2';

const { NGHTTP2_CANCEL, NGHTTP2_PROTOCOL_ERROR, NGHTTP2_NO_ERROR } = http2.constants;

let dir: string;
let big: string;
const BIG_SIZE = 16 * 1024 * 1024;

before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webapp-h2-'));
  big = path.join(dir, 'big.bin');
  fs.writeFileSync(big, Buffer.alloc(BIG_SIZE, 7));
});

after(() => fs.rmSync(dir, { recursive: true, force: true }));

function openFds(): number {
  return fs.readdirSync('/proc/self/fd').length;
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits until `check` holds (polling), or fails after `ms`. */
async function eventually(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) assert.fail('condition not reached in time');
    await wait(10);
  }
}

describe('HTTP/2 robustness', () => {
  it('answers many concurrent streams on one session, each with its own body', async () => {
    const app = webapp() as any;
    app.get('/n/:n', (req: any, res: any) =>
      setTimeout(() => res.json({ n: Number(req.params.n) }), Math.random() * 5),
    );
    await withHttp2Server(app, async ({ session }) => {
      const results = await Promise.all(
        Array.from({ length: 300 }, (_, n) => send2(session, { path: `/n/${n}` })),
      );
      for (const [n, res] of results.entries())
        assert.deepEqual([res.status, JSON.parse(res.body).n], [200, n]);
    });
  });

  it('a stream reset mid-body: no crash, the parser does not call the route, the session stays usable', async () => {
    const app = webapp() as any;
    let routed = 0;
    const errors: string[] = [];
    app.post('/', webapp.json(), (_req: any, res: any) => {
      routed++;
      res.send('parsed');
    });
    app.get('/ok', (_req: any, res: any) => res.send('ok'));
    app.use((err: any, _req: any, res: any, _next: any) => {
      errors.push(err.type);
      if (!res.headersSent && !res.writableEnded) res.status(400).end();
    });
    await withHttp2Server(app, async ({ session }) => {
      const stream = session.request(
        { ':method': 'POST', ':path': '/', 'content-type': 'application/json', 'content-length': '100000' },
        { endStream: false },
      );
      stream.on('error', () => {});
      stream.write('{"a":"');
      await wait(50);
      stream.close(NGHTTP2_CANCEL);
      await wait(100);
      assert.equal(routed, 0);
      assert.ok(errors.every((type) => type === 'request.aborted'));
      assert.equal((await send2(session, { path: '/ok' })).body, 'ok');
    });
  });

  it('a stream reset mid-file: the sendFile callback gets ECONNABORTED and the file is closed', async () => {
    const app = webapp() as any;
    let callbackError: any = 'not called';
    app.get('/big', (_req: any, res: any) =>
      res.sendFile(big, (err: any) => {
        callbackError = err;
      }),
    );
    app.get('/ok', (_req: any, res: any) => res.send('ok'));
    await withHttp2Server(app, async ({ session }) => {
      // Connected first: the session's own sockets are part of the baseline.
      assert.equal((await send2(session, { path: '/ok' })).body, 'ok');
      const baseline = openFds();
      const stream = session.request({ ':path': '/big' });
      stream.on('error', () => {});
      await new Promise<void>((resolve) => stream.once('data', () => resolve()));
      stream.close(NGHTTP2_CANCEL);
      await eventually(() => callbackError !== 'not called');
      assert.equal(callbackError?.code, 'ECONNABORTED');
      await eventually(() => openFds() <= baseline);
      assert.equal((await send2(session, { path: '/ok' })).body, 'ok');
    });
  });

  it('a stream reset mid-static-file closes the file descriptor', async () => {
    const app = webapp() as any;
    app.use(webapp.static(dir));
    app.get('/ok', (_req: any, res: any) => res.send('ok'));
    await withHttp2Server(app, async ({ session }) => {
      // Connected first: the session's own sockets are part of the baseline.
      assert.equal((await send2(session, { path: '/ok' })).body, 'ok');
      const baseline = openFds();
      for (let i = 0; i < 5; i++) {
        const stream = session.request({ ':path': '/big.bin' });
        stream.on('error', () => {});
        await new Promise<void>((resolve) => stream.once('data', () => resolve()));
        stream.close(NGHTTP2_CANCEL);
      }
      await eventually(() => openFds() <= baseline);
    });
  });

  it('a client that never reads: flow control holds the server-side buffer bounded', async () => {
    const app = webapp() as any;
    let response: any;
    app.get('/big', (_req: any, res: any) => {
      response = res;
      res.sendFile(big, () => {});
    });
    await withHttp2Server(app, async ({ connect }) => {
      const session = connect({ settings: { initialWindowSize: 65535 } });
      const stream = session.request({ ':path': '/big' });
      stream.on('error', () => {});
      stream.pause();
      await eventually(() => response !== undefined);
      await wait(300);
      const buffered = response.writableLength as number;
      const sent = response.stream.session.state.effectiveLocalWindowSize as number;
      assert.ok(buffered < 1024 * 1024, `server buffers ${buffered} bytes for a stalled client`);
      assert.ok(sent !== undefined);
      assert.equal(response.writableFinished, false);
      stream.close(NGHTTP2_CANCEL);
    });
  });

  it('a GOAWAY from the server during a response lets the response finish; new sessions still work', async () => {
    const app = webapp() as any;
    app.get('/slow', (req: any, res: any) => {
      res.write('part one, ');
      req.stream.session.goaway(NGHTTP2_NO_ERROR, req.stream.id);
      setTimeout(() => res.end('part two'), 50);
    });
    app.get('/ok', (_req: any, res: any) => res.send('ok'));
    await withHttp2Server(app, async ({ session, connect }) => {
      const res = await send2(session, { path: '/slow' });
      assert.equal(res.body, 'part one, part two');
      assert.equal((await send2(connect(), { path: '/ok' })).body, 'ok');
    });
  });

  it('a GOAWAY from the client during a file transfer: no crash, the callback hears of it', async () => {
    const app = webapp() as any;
    let callbackError: any = 'not called';
    app.get('/big', (_req: any, res: any) =>
      res.sendFile(big, (err: any) => {
        callbackError = err;
      }),
    );
    app.get('/ok', (_req: any, res: any) => res.send('ok'));
    await withHttp2Server(app, async ({ session, connect }) => {
      const stream = session.request({ ':path': '/big' });
      stream.on('error', () => {});
      await new Promise<void>((resolve) => stream.once('data', () => resolve()));
      session.goaway(NGHTTP2_PROTOCOL_ERROR);
      session.destroy();
      await eventually(() => callbackError !== 'not called');
      assert.equal(callbackError?.code, 'ECONNABORTED');
      assert.equal((await send2(connect(), { path: '/ok' })).body, 'ok');
    });
  });

  it('bad pseudo-headers are refused with a stream error, never a crash; the server keeps serving', async () => {
    const app = webapp() as any;
    app.all('*', (req: any, res: any) => res.send(`${req.method} ${req.url} ${req.hostname}`));
    const cases: http2.OutgoingHttpHeaders[] = [
      { ':path': 'no-slash' },
      { ':path': '/a b' },
      { ':path': '/x', ':method': 'G ET' },
      { ':path': '/x', ':authority': 'bad host\t' },
      { ':path': '/x', ':scheme': '' },
      { ':path': '/x', ':authority': '' },
      { ':path': `/${'a'.repeat(100_000)}` },
    ];
    await withHttp2Server(app, async ({ connect }) => {
      for (const headers of cases) {
        const session = connect();
        const outcome = await new Promise<string>((resolve) => {
          let stream: http2.ClientHttp2Stream;
          try {
            stream = session.request(headers);
          } catch (err) {
            resolve(`client refused: ${(err as NodeJS.ErrnoException).code}`);
            return;
          }
          let status = 0;
          stream.on('response', (h) => {
            status = h[':status'] as number;
          });
          stream.on('error', (err: NodeJS.ErrnoException) => resolve(`stream error: ${err.code}`));
          stream.on('close', () => resolve(status ? `status ${status}` : `closed ${stream.rstCode}`));
          stream.resume();
        });
        // nghttp2 refuses each with RST_STREAM (PROTOCOL_ERROR; REFUSED_STREAM for the oversized
        // header block) before the app sees it.
        assert.equal(outcome, 'stream error: ERR_HTTP2_STREAM_ERROR', JSON.stringify(headers).slice(0, 80));
        session.destroy();
      }
      assert.equal((await send2(connect(), { path: '/still/alive' })).status, 200);
    });
  });
});
