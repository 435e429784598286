/**
 * Security review: memory held while a request body is read (src/body/read.ts).
 *
 * Finding: a body arriving as many tiny chunks (e.g. `Transfer-Encoding: chunked` with 1-byte chunks)
 * was kept as one Buffer object per chunk until the end. Each costs hundreds of bytes of bookkeeping,
 * so a body within the default 100 kB limit held tens of megabytes per request (body-parser in
 * Express 4 has the same ~400x amplification). The fix copies every chunk after the first into one
 * buffer that grows by doubling, so what is held stays within twice the bytes received (at most
 * `limit`, or the declared Content-Length). These tests check the bound and that bodies stay intact.
 */
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, test } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { raw, text } from '../../src/body/index';
import { answerOf, chain, listen, type Middleware, parseRaw, post, rawRequest } from '../body/harness';
import { requestAll } from '../support/http';

type FakeRequest = Readable & { headers: Record<string, string> };

/** A request stream that produces `chunks` one by one as it is read. */
function chunkedRequest(chunks: () => Buffer | null, headers: Record<string, string>): FakeRequest {
  const req = new Readable({
    read() {
      this.push(chunks());
    },
  }) as FakeRequest;
  req.headers = headers;
  return req;
}

const usableResponse = { destroyed: false, writableEnded: false, socket: null };

function forceGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

function heldBytes(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

describe('a body made of many tiny chunks', () => {
  test('is not held as one object per chunk while it is read', async () => {
    const gc = forceGc();
    const count = 300_000;
    let made = 0;
    const req = chunkedRequest(() => (made++ < count ? Buffer.from('x') : null), {
      'content-type': 'application/octet-stream',
      'transfer-encoding': 'chunked',
    });
    gc();
    const before = heldBytes();
    let growth: number | undefined;
    let seen = 0;
    const done = new Promise<{ err: unknown; body: unknown }>((resolve) => {
      (raw({ limit: '1mb' }) as Middleware)(req, usableResponse, (err?: unknown) =>
        resolve({ err, body: (req as unknown as { body: unknown }).body }),
      );
    });
    // Registered after the parser's listener: when the last chunk arrives, the parser holds all of them.
    req.on('data', () => {
      if (++seen !== count) return;
      gc();
      growth = heldBytes() - before;
    });
    const { err, body } = await done;
    assert.equal(err, undefined);
    assert.ok(Buffer.isBuffer(body));
    assert.equal((body as Buffer).length, count);
    assert.ok((body as Buffer).every((byte) => byte === 0x78));
    // 300 kB of data; one Buffer per chunk held 30+ MB here.
    assert.ok(growth !== undefined, 'the last chunk was seen');
    assert.ok(growth < 8 * 1024 * 1024, `held ${growth} bytes for a ${count}-byte body`);
  });

  test('arrives intact whatever the chunk sizes, with and without Content-Length', async () => {
    const source = Buffer.alloc(200_000);
    for (let i = 0; i < source.length; i++) source[i] = (i * 7 + (i >> 8)) & 0xff;
    const patterns: number[][] = [
      [1],
      [3, 1, 4, 1, 5, 9, 2, 6],
      [65_536, 1],
      [1, 65_536],
      [100_000, 100_000],
      [199_999, 1],
      [7_000, 13, 50_000],
    ];
    for (const pattern of patterns) {
      for (const declared of [false, true]) {
        let offset = 0;
        let step = 0;
        const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
        if (declared) headers['content-length'] = String(source.length);
        else headers['transfer-encoding'] = 'chunked';
        const req = chunkedRequest(() => {
          if (offset >= source.length) return null;
          const size = pattern[step++ % pattern.length];
          const chunk = Buffer.from(source.subarray(offset, offset + size));
          offset += size;
          return chunk;
        }, headers);
        let verified: Buffer | undefined;
        const outcome = await new Promise<{ err: unknown }>((resolve) => {
          const parser = raw({
            limit: '1mb',
            verify: (_req, _res, buf) => {
              verified = Buffer.from(buf);
            },
          }) as Middleware;
          parser(req, usableResponse, (err?: unknown) => resolve({ err }));
        });
        const label = `chunks ${pattern.join(',')}${declared ? ' with Content-Length' : ''}`;
        assert.equal(outcome.err, undefined, label);
        const body = (req as unknown as { body: Buffer }).body;
        assert.equal(Buffer.compare(body, source), 0, label);
        assert.equal(Buffer.compare(verified as Buffer, source), 0, label);
      }
    }
  });

  test('over the limit is still refused at the first chunk past it', async () => {
    let made = 0;
    const req = chunkedRequest(() => (made++ < 5000 ? Buffer.from('y') : null), {
      'content-type': 'text/plain',
      'transfer-encoding': 'chunked',
    });
    const outcome = await new Promise<{ err: any }>((resolve) => {
      (text({ limit: 1000 }) as Middleware)(req, usableResponse, (err?: unknown) => resolve({ err }));
    });
    assert.equal(outcome.err.status, 413);
    assert.equal(outcome.err.type, 'entity.too.large');
    assert.equal(outcome.err.received, 1001);
  });

  test('over HTTP: 1-byte chunked encoding and a gzip body in tiny pieces parse exactly', async () => {
    const server = await listen(chain(text({ type: '*/*' })));
    try {
      const payload = 'tiny chunks '.repeat(500);
      const wire = Array.from(payload, (ch) => `1\r\n${ch}\r\n`).join('');
      const head =
        'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n';
      const answer = parseRaw(await rawRequest(server.port, head, `${wire}0\r\n\r\n`));
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json.body, { value: payload });
    } finally {
      await server.close();
    }
    const gz = zlib.gzipSync('compressed '.repeat(3000));
    const [answer] = await requestAll(chain(text()), [
      post('text/plain', gz, { headers: { 'content-encoding': 'gzip' }, chunked: true }),
    ]);
    assert.deepEqual(answerOf(answer).body, { value: 'compressed '.repeat(3000) });
  });
});
