/**
 * Behaviours every body parser shares through the common reader: bodies and their absence,
 * Content-Encoding, limits and decompression bombs, size mismatches, aborts, verify, charsets,
 * coexistence of parsers and stream misuse.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { Readable } from 'node:stream';
import { describe, test } from 'node:test';
import zlib from 'node:zlib';
import { json, raw, text, urlencoded } from '../../src/body/index';
import { assertSameAsExpress, requestAll, send } from '../support/http';
import { answerOf, chain, listen, type Middleware, parseRaw, parserApp, post, rawRequest } from './harness';

const JSON_TYPE = 'application/json';

type FakeRequest = Readable & { headers: Record<string, string> };

function fakeRequest(headers: Record<string, string>): FakeRequest {
  const req = new Readable({ read() {} }) as FakeRequest;
  req.headers = headers;
  return req;
}

/** Runs `middleware` on a fake request, does `act`, and reports whether/how next was called. */
function runOnFake(
  middleware: Middleware,
  req: FakeRequest,
  res: Record<string, unknown>,
  act: () => void,
): Promise<{ called: boolean; err?: any }> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ called: false }), 100);
    middleware(req, res, (err?: unknown) => {
      clearTimeout(timer);
      resolve({ called: true, err });
    });
    act();
  });
}

const usableResponse = () => ({ destroyed: false, writableEnded: false, socket: null });

describe('requests without a body', () => {
  test('are not read: req.body is {} and the request is not marked parsed', async () => {
    const flowing: unknown[] = [];
    const inspect: Middleware = (req, _res, next) => {
      flowing.push(req.readableFlowing);
      next();
    };
    const [get, del] = await requestAll(
      chain(json(), raw(), text(), urlencoded({ extended: true }), inspect),
      [
        { method: 'GET', headers: { 'content-type': JSON_TYPE } },
        { method: 'DELETE', headers: { 'content-type': 'text/plain' } },
      ],
    );
    assert.deepEqual(answerOf(get), {
      status: 200,
      body: { proto: 'object', value: {} },
      parsed: false,
      error: null,
    });
    assert.equal(answerOf(del).parsed, false);
    assert.deepEqual(flowing, [null, null]);
  });

  test('with Content-Length: 0 are parsed as empty without reading the stream', async () => {
    const flowing: unknown[] = [];
    const inspect: Middleware = (req, _res, next) => {
      flowing.push(req.readableFlowing);
      next();
    };
    const answers = await requestAll(chain(json(), raw(), text(), urlencoded({ extended: false }), inspect), [
      post(JSON_TYPE, ''),
      post('application/octet-stream', ''),
      post('text/plain', ''),
      post('application/x-www-form-urlencoded', ''),
    ]);
    const [a, b, c, d] = answers.map(answerOf);
    assert.deepEqual(a.body, { proto: 'object', value: {} });
    assert.equal(a.parsed, true);
    assert.deepEqual(b.body, { buffer: '' });
    assert.deepEqual(c.body, { value: '' });
    assert.deepEqual(d.body, { proto: 'object', value: {} });
    assert.deepEqual(flowing, [null, null, null, null]);
  });

  test('a chunked empty body is read and parsed as empty', async () => {
    const [answer] = await requestAll(chain(json()), [post(JSON_TYPE, '', { chunked: true })]);
    assert.deepEqual(answerOf(answer), {
      status: 200,
      body: { proto: 'object', value: {} },
      parsed: true,
      error: null,
    });
  });

  test('a chunked body is read without Content-Length', async () => {
    const [answer] = await requestAll(chain(text()), [post('text/plain', 'chunked text', { chunked: true })]);
    assert.deepEqual(answerOf(answer).body, { value: 'chunked text' });
  });
});

describe('Content-Encoding', () => {
  const doc = '{"compressed":true,"list":[1,2,3]}';

  test('inflates gzip, deflate and br (any case) and passes identity through', async () => {
    const answers = await requestAll(chain(json()), [
      post(JSON_TYPE, zlib.gzipSync(doc), { headers: { 'content-encoding': 'gzip' } }),
      post(JSON_TYPE, zlib.deflateSync(doc), { headers: { 'content-encoding': 'deflate' } }),
      post(JSON_TYPE, zlib.brotliCompressSync(doc), { headers: { 'content-encoding': 'br' } }),
      post(JSON_TYPE, zlib.gzipSync(doc), { headers: { 'content-encoding': 'GZIP' } }),
      post(JSON_TYPE, doc, { headers: { 'content-encoding': 'Identity' } }),
      post(JSON_TYPE, zlib.gzipSync(doc), { headers: { 'content-encoding': 'gzip' }, chunked: true }),
    ]);
    for (const answer of answers) {
      assert.deepEqual(answerOf(answer), {
        status: 200,
        body: { proto: 'object', value: JSON.parse(doc) },
        parsed: true,
        error: null,
      });
    }
  });

  test('an unknown encoding is refused with 415 encoding.unsupported', async () => {
    const [answer] = await requestAll(chain(json()), [
      post(JSON_TYPE, doc, { headers: { 'content-encoding': 'compress' } }),
    ]);
    assert.deepEqual(answerOf(answer).error, {
      name: 'UnsupportedMediaTypeError',
      message: 'unsupported content encoding "compress"',
      status: 415,
      statusCode: 415,
      expose: true,
      type: 'encoding.unsupported',
      encoding: 'compress',
    });
    assert.deepEqual(answerOf(answer).body, { proto: 'object', value: {} });
  });

  test('with inflate: false any compressed body is refused with 415, identity still parses', async () => {
    const answers = await requestAll(chain(json({ inflate: false })), [
      post(JSON_TYPE, zlib.gzipSync(doc), { headers: { 'content-encoding': 'gzip' } }),
      post(JSON_TYPE, doc, { headers: { 'content-encoding': 'x-unknown' } }),
      post(JSON_TYPE, doc, { headers: { 'content-encoding': 'identity' } }),
    ]);
    const [gzip, unknown, identity] = answers.map(answerOf);
    assert.equal(gzip.status, 415);
    assert.equal(gzip.error.message, 'content encoding unsupported');
    assert.equal(gzip.error.type, 'encoding.unsupported');
    assert.equal(gzip.error.encoding, 'gzip');
    assert.equal(unknown.error.message, 'content encoding unsupported');
    assert.equal(identity.status, 200);
  });

  test('corrupt and truncated compressed bodies give 400 with the zlib error', async () => {
    const truncated = zlib.gzipSync(doc).subarray(0, 12);
    const answers = await requestAll(chain(json()), [
      post(JSON_TYPE, 'not gzip at all', { headers: { 'content-encoding': 'gzip' } }),
      post(JSON_TYPE, truncated, { headers: { 'content-encoding': 'gzip' } }),
      post(JSON_TYPE, '', { headers: { 'content-encoding': 'gzip' } }),
      post(JSON_TYPE, 'nope', { headers: { 'content-encoding': 'deflate' } }),
      post(JSON_TYPE, 'nope', { headers: { 'content-encoding': 'br' } }),
    ]);
    const [corrupt, cut, empty, deflate, br] = answers.map(answerOf);
    assert.equal(corrupt.status, 400);
    assert.equal(corrupt.error.message, 'incorrect header check');
    assert.equal(corrupt.error.code, 'Z_DATA_ERROR');
    assert.equal(corrupt.error.expose, true);
    assert.equal(cut.status, 400);
    assert.equal(cut.error.message, 'unexpected end of file');
    assert.equal(empty.error.message, 'unexpected end of file');
    assert.equal(deflate.status, 400);
    assert.equal(br.status, 400);
    assert.equal(corrupt.parsed, true);
  });
});

describe('limit', () => {
  test('a Content-Length over the limit is refused with 413 before the body is sent', async () => {
    const server = await listen(chain(json({ limit: 100 })));
    try {
      // Only the headers and 5 of the announced 1 MB are sent: the answer must not wait for the rest.
      const head = `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: 1048576\r\n\r\n`;
      const { status, json: answer } = parseRaw(await rawRequest(server.port, head, '{"a":'));
      assert.equal(status, 413);
      assert.deepEqual(answer.error, {
        name: 'PayloadTooLargeError',
        message: 'request entity too large',
        status: 413,
        statusCode: 413,
        expose: true,
        type: 'entity.too.large',
        limit: 100,
        length: 1048576,
        expected: 1048576,
      });
    } finally {
      await server.close();
    }
  });

  test('a streamed body is cut as soon as it passes the limit', async () => {
    const body = `"${'x'.repeat(10_000)}"`;
    const [answer] = await requestAll(chain(text({ limit: '1kb' })), [
      post('text/plain', body, { chunked: true }),
    ]);
    const { status, error } = answerOf(answer);
    assert.equal(status, 413);
    assert.equal(error.type, 'entity.too.large');
    assert.equal(error.limit, 1024);
    assert.ok(error.received > 1024 && error.received <= body.length, `received ${error.received}`);
    assert.equal('expected' in error, false);
  });

  test('a body exactly at the limit is accepted; one byte more is not', async () => {
    const answers = await requestAll(chain(text({ limit: 10 })), [
      post('text/plain', '0123456789'),
      post('text/plain', '0123456789a'),
      post('text/plain', '0123456789a', { chunked: true }),
    ]);
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 413, 413],
    );
  });

  test('string limits are byte sizes; the default is 100kb', async () => {
    const answers = await requestAll(chain(raw()), [
      post('application/octet-stream', Buffer.alloc(100 * 1024)),
      post('application/octet-stream', Buffer.alloc(100 * 1024 + 1)),
    ]);
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 413],
    );
    assert.equal(answerOf(answers[1]).error.limit, 102400);
  });

  test('counts decompressed bytes: a small gzip body that inflates past the limit is refused', async () => {
    const inflated = 'a'.repeat(5000);
    const [answer] = await requestAll(chain(text({ limit: 1000 })), [
      post('text/plain', zlib.gzipSync(inflated), { headers: { 'content-encoding': 'gzip' } }),
    ]);
    assert.equal(answer.status, 413);
    assert.equal(answerOf(answer).error.type, 'entity.too.large');
  });

  for (const [name, compress, factory] of [
    // Run-length matching only (Z_RLE): the same 50 MB of zeros in the same 51 KB, in a quarter of the CPU.
    ['gzip', (input: Buffer) => zlib.gzipSync(input, { strategy: zlib.constants.Z_RLE }), 'createGunzip'],
    [
      'deflate',
      (input: Buffer) => zlib.deflateSync(input, { strategy: zlib.constants.Z_RLE }),
      'createInflate',
    ],
    // Quality 5, not brotli's default 11: the same 50 MB of zeros in under 100 bytes, in a 20th of the CPU.
    [
      'br',
      (input: Buffer) =>
        zlib.brotliCompressSync(input, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
      'createBrotliDecompress',
    ],
  ] as const) {
    test(`a ${name} decompression bomb is stopped at the limit without inflating it`, async () => {
      const bomb = compress(Buffer.alloc(50 * 1024 * 1024));
      assert.ok(bomb.length < 200 * 1024, `bomb is ${bomb.length} bytes compressed`);
      // Count every byte the inflate stream produces, whoever reads it.
      const original = zlib[factory];
      const streams: Array<{ produced: number; stream: import('node:stream').Transform }> = [];
      const replace = (value: unknown) => Object.defineProperty(zlib, factory, { value, configurable: true });
      replace((...args: unknown[]) => {
        const stream = (original as (...a: unknown[]) => import('node:stream').Transform)(...args);
        const entry = { produced: 0, stream };
        stream.on('data', (chunk: Buffer) => {
          entry.produced += chunk.length;
        });
        streams.push(entry);
        return stream;
      });
      try {
        const started = process.hrtime.bigint();
        const [answer] = await requestAll(chain(raw({ limit: '1kb' })), [
          post('application/octet-stream', bomb, { headers: { 'content-encoding': name } }),
        ]);
        const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
        const { status, error } = answerOf(answer);
        assert.equal(status, 413);
        assert.equal(error.type, 'entity.too.large');
        assert.ok(error.received <= 1024 + 128 * 1024, `received ${error.received}`);
        assert.ok(elapsedMs < 3000, `took ${elapsedMs} ms`);
        assert.equal(streams.length, 1);
        assert.equal(streams[0].stream.destroyed, true);
        assert.ok(streams[0].produced <= 512 * 1024, `inflated ${streams[0].produced} bytes of 50 MB`);
      } finally {
        replace(original);
      }
    });
  }

  test('invalid limits are refused when the parser is created', () => {
    for (const make of [json, raw, text]) {
      assert.throws(() => make({ limit: 'lots' }), {
        name: 'TypeError',
        message: 'option limit "lots" is invalid',
      });
      assert.throws(() => make({ limit: Number.NaN }), { message: 'option limit "NaN" is invalid' });
    }
    assert.throws(() => urlencoded({ extended: true, limit: 'x' }), {
      message: 'option limit "x" is invalid',
    });
    assert.doesNotThrow(() => json({ limit: null }));
  });
});

describe('Content-Length mismatch', () => {
  // node's HTTP parser frames bodies by Content-Length, so a mismatch is simulated by a middleware
  // that rewrites the header, as a proxy or buggy middleware would.
  const setLength =
    (value: string): Middleware =>
    (req, _res, next) => {
      req.headers['content-length'] = value;
      next();
    };

  test('a body longer or shorter than Content-Length is 400 request.size.invalid', async () => {
    const answers = await requestAll(chain(setLength('3'), text()), [post('text/plain', '0123456789')]);
    const longer = answerOf(answers[0]);
    assert.equal(longer.status, 400);
    assert.deepEqual(longer.error, {
      name: 'BadRequestError',
      message: 'request size did not match content length',
      status: 400,
      statusCode: 400,
      expose: true,
      type: 'request.size.invalid',
      length: 3,
      expected: 3,
      received: 10,
    });
    const [short] = await requestAll(chain(setLength('20'), text()), [post('text/plain', '0123456789')]);
    assert.equal(answerOf(short).error.type, 'request.size.invalid');
    assert.equal(answerOf(short).error.received, 10);
    assert.equal(answerOf(short).error.expected, 20);
  });
});

describe('aborted requests', () => {
  for (const encoding of ['identity', 'gzip']) {
    test(`a client that disconnects mid-body (${encoding}) leaves no listener, no error and a working server`, async () => {
      const states: Array<Record<string, unknown>> = [];
      let reachedNext = false;
      // Events, not delays: the client hangs up once the request is in the parser, and the check runs
      // once the request has closed and its close handlers have run.
      let arrived: () => void = () => undefined;
      const inParser = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      let recorded: () => void = () => undefined;
      const closed = new Promise<void>((resolve) => {
        recorded = resolve;
      });
      const watch: Middleware = (req, _res, next) => {
        req.on('close', () => {
          setImmediate(() => {
            states.push({
              data: req.listenerCount('data'),
              end: req.listenerCount('end'),
              aborted: req.listenerCount('aborted'),
              error: req.listenerCount('error'),
              pipes: req._readableState.pipes.length,
            });
            recorded();
          });
        });
        next();
        arrived();
      };
      const after: Middleware = (_req, _res, next) => {
        reachedNext = true;
        next();
      };
      const server = await listen(chain(watch, json(), after));
      try {
        const partial = encoding === 'gzip' ? zlib.gzipSync('{"a":1}').subarray(0, 8) : '{"a":';
        const head =
          `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: 100\r\n` +
          `Content-Encoding: ${encoding}\r\n\r\n`;
        const socket = net.connect(server.port, '127.0.0.1');
        let text = '';
        socket.setEncoding('latin1');
        socket.on('data', (chunk: string) => {
          text += chunk;
        });
        socket.on('error', () => undefined);
        socket.write(head);
        socket.write(partial);
        await inParser;
        socket.destroy();
        await closed;
        assert.equal(text, '');
        assert.deepEqual(states, [{ data: 0, end: 0, aborted: 0, error: 0, pipes: 0 }]);
        assert.equal(reachedNext, false);
        const ok = await send(server.port, post(JSON_TYPE, '{"still":"up"}'));
        assert.equal(ok.status, 200);
      } finally {
        await server.close();
      }
    });
  }

  test('an abort is passed to next as 400 request.aborted while the response is usable', async () => {
    const req = fakeRequest({ 'content-type': JSON_TYPE, 'content-length': '10' });
    const outcome = await runOnFake(json(), req, usableResponse(), () => {
      req.push('{"a"');
      setImmediate(() => {
        req.emit('aborted');
        req.destroy();
      });
    });
    assert.equal(outcome.called, true);
    assert.equal(outcome.err.status, 400);
    assert.equal(outcome.err.type, 'request.aborted');
    assert.equal(outcome.err.message, 'request aborted');
    assert.equal(outcome.err.code, 'ECONNABORTED');
    assert.equal(outcome.err.expected, 10);
    assert.equal(outcome.err.length, 10);
    assert.equal(outcome.err.received, 4);
  });

  test('an abort is not passed on once the client connection is gone', async () => {
    const req = fakeRequest({ 'content-type': JSON_TYPE, 'content-length': '10' });
    const res = { destroyed: false, writableEnded: false, socket: { destroyed: true } };
    const outcome = await runOnFake(json(), req, res, () => {
      req.push('{"a"');
      setImmediate(() => req.destroy());
    });
    assert.equal(outcome.called, false);
    assert.equal(req.listenerCount('data'), 0);
    assert.equal(req.listenerCount('close'), 0);
  });

  test('a request torn down without an "aborted" event counts as aborted', async () => {
    const req = fakeRequest({ 'content-type': 'text/plain', 'transfer-encoding': 'chunked' });
    const outcome = await runOnFake(text(), req, usableResponse(), () => {
      req.push('abc');
      setImmediate(() => req.destroy());
    });
    assert.equal(outcome.err.type, 'request.aborted');
    assert.equal(outcome.err.expected, null);
    assert.equal(outcome.err.received, 3);
  });

  test('a stream error that is not an abort becomes a 400 with its message', async () => {
    const req = fakeRequest({ 'content-type': 'text/plain', 'content-length': '10' });
    const outcome = await runOnFake(text(), req, usableResponse(), () => {
      setImmediate(() => req.destroy(new Error('disk on fire')));
    });
    assert.equal(outcome.err.message, 'disk on fire');
    assert.equal(outcome.err.status, 400);
  });
});

describe('verify', () => {
  test('is called with req, res, the raw (inflated) body and the charset', async () => {
    const calls: unknown[][] = [];
    const verify = (req: any, res: any, buf: Buffer, encoding: string | null) => {
      calls.push([typeof req.headers, typeof res.setHeader, buf.toString('hex'), encoding]);
    };
    await requestAll(chain(json({ verify }), raw({ verify }), text({ verify })), [
      post(JSON_TYPE, zlib.gzipSync('{"v":1}'), { headers: { 'content-encoding': 'gzip' } }),
      post('application/octet-stream', 'bin'),
      post('text/plain; charset=utf-16le', Buffer.from('hi', 'utf16le')),
    ]);
    assert.deepEqual(calls, [
      ['object', 'function', Buffer.from('{"v":1}').toString('hex'), 'utf-8'],
      ['object', 'function', Buffer.from('bin').toString('hex'), null],
      ['object', 'function', Buffer.from('hi', 'utf16le').toString('hex'), 'utf-16le'],
    ]);
  });

  test('a throw refuses the body with 403 entity.verify.failed carrying the raw body', async () => {
    const verify = () => {
      throw new Error('bad signature');
    };
    const [answer] = await requestAll(chain(json({ verify })), [post(JSON_TYPE, '{"a":1}')]);
    assert.deepEqual(answerOf(answer), {
      status: 403,
      body: { proto: 'object', value: {} },
      parsed: true,
      error: {
        name: 'Error',
        message: 'bad signature',
        status: 403,
        statusCode: 403,
        expose: true,
        type: 'entity.verify.failed',
        body: { buffer: Buffer.from('{"a":1}').toString('hex') },
      },
    });
  });

  test("a thrown error keeps its own status and type; odd thrown values don't crash", async () => {
    const throwing = (value: unknown) => () => {
      throw value;
    };
    const custom = Object.assign(new Error('who are you'), { status: 401, type: 'auth.failed' });
    const answers = await requestAll(
      (req, res) => {
        const which = req.url?.slice(1);
        const value =
          which === 'custom' ? custom : which === 'string' ? 'nope' : which === 'null' ? null : 42;
        chain(text({ verify: throwing(value) }))(req, res);
      },
      ['custom', 'string', 'null', 'number'].map((path) => post('text/plain', 'x', { path: `/${path}` })),
    );
    const [withStatus, str, nul, num] = answers.map(answerOf);
    assert.equal(withStatus.status, 401);
    assert.equal(withStatus.error.type, 'auth.failed');
    assert.equal(str.status, 403);
    assert.equal(str.error.message, 'nope');
    assert.equal(str.error.type, 'entity.verify.failed');
    assert.equal(nul.status, 403);
    assert.equal(nul.error.message, 'Forbidden');
    assert.equal(num.status, 403);
  });

  test('must be a function', () => {
    for (const make of [json, raw, text]) {
      assert.throws(() => make({ verify: 'yes' as never }), {
        name: 'TypeError',
        message: 'option verify must be function',
      });
    }
    assert.doesNotThrow(() => json({ verify: false }));
  });
});

describe('charsets', () => {
  test('an unknown charset is 415 charset.unsupported, after draining the body', async () => {
    const [answer] = await requestAll(chain(text()), [post('text/plain; charset=Klingon', 'qapla')]);
    assert.deepEqual(answerOf(answer).error, {
      name: 'UnsupportedMediaTypeError',
      message: 'unsupported charset "KLINGON"',
      status: 415,
      statusCode: 415,
      expose: true,
      type: 'charset.unsupported',
      charset: 'klingon',
    });
    assert.equal(answerOf(answer).parsed, true);
  });

  test('with verify, an unknown charset is refused before reading and verify is not called', async () => {
    let verified = false;
    const server = await listen(
      chain(
        text({
          verify: () => {
            verified = true;
          },
        }),
      ),
    );
    try {
      const head =
        'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain; charset=x-nope\r\nContent-Length: 50\r\n\r\n';
      const { status, json: answer } = parseRaw(await rawRequest(server.port, head, 'abc'));
      assert.equal(status, 415);
      assert.equal(answer.error.charset, 'x-nope');
      assert.equal(verified, false);
    } finally {
      await server.close();
    }
  });
});

describe('coexistence', () => {
  test('a parser skips a request another parser already read, leaving req.body alone', async () => {
    const [answer] = await requestAll(chain(text({ type: '*/*' }), json(), raw({ type: '*/*' })), [
      post(JSON_TYPE, '{"a":1}'),
    ]);
    assert.deepEqual(answerOf(answer).body, { value: '{"a":1}' });
  });

  test('an existing req.body is kept when the parser does not apply, and replaced when it does', async () => {
    const preset: Middleware = (req, _res, next) => {
      req.body = { preset: true };
      next();
    };
    const answers = await requestAll(chain(preset, json()), [
      post('text/plain', 'x'),
      { method: 'GET' },
      post(JSON_TYPE, '{"a":1}'),
    ]);
    assert.deepEqual(answerOf(answers[0]).body, { proto: 'object', value: { preset: true } });
    assert.deepEqual(answerOf(answers[1]).body, { proto: 'object', value: { preset: true } });
    assert.deepEqual(answerOf(answers[2]).body, { proto: 'object', value: { a: 1 } });
  });

  test('the middleware functions carry the names tools look for', () => {
    assert.equal(json().name, 'jsonParser');
    assert.equal(raw().name, 'rawParser');
    assert.equal(text().name, 'textParser');
    assert.equal(urlencoded({ extended: true }).name, 'urlencodedParser');
  });

  test('after a body is read the parser leaves no listener on the request, as Express', async () => {
    const counts: number[][] = [];
    const count = (req: any) => ['data', 'end', 'error', 'close', 'aborted'].map((e) => req.listenerCount(e));
    const before: Middleware = (req, _res, next) => {
      counts.push(count(req));
      next();
    };
    const after: Middleware = (req, _res, next) => {
      counts.push(count(req));
      next();
    };
    await requestAll(chain(before, json(), after), [
      post(JSON_TYPE, '{"a":1}'),
      post(JSON_TYPE, zlib.gzipSync('{"a":1}'), { headers: { 'content-encoding': 'gzip' } }),
    ]);
    // Identity and read through an inflate stream alike: every listener goes.
    assert.deepEqual(counts[1], counts[0]);
    assert.deepEqual(counts[2], counts[3]);
  });

  test('a request torn down after its body was read calls next no second time', async () => {
    const outcomes: unknown[] = [];
    const parse = json();
    const watched: Middleware = (req, res, next) =>
      parse(req, res, (err?: unknown) => {
        outcomes.push(err);
        next(err);
      });
    const server = await listen(
      chain(watched, (req, res) => {
        // The client is gone while the handler still works: 'error' and 'close' reach no parser listener.
        req.destroy(new Error('gone'));
        setTimeout(() => res.end(), 20);
      }),
    );
    try {
      await rawRequest(
        server.port,
        `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: 7\r\n\r\n`,
        '{"a":1}',
        60,
      );
      await new Promise((resolve) => setTimeout(resolve, 60));
      assert.deepEqual(outcomes, [undefined]);
      const ok = await send(server.port, post(JSON_TYPE, '{"still":"up"}'));
      assert.equal(ok.status, 200);
    } finally {
      await server.close();
    }
  });
});

describe('stream misuse', () => {
  test('a request stream with an encoding set is a 500 stream.encoding.set', async () => {
    const setEncoding: Middleware = (req, _res, next) => {
      req.setEncoding('utf8');
      next();
    };
    const [answer] = await requestAll(chain(setEncoding, json()), [post(JSON_TYPE, '{}')]);
    assert.equal(answer.status, 500);
    assert.equal(answerOf(answer).error.type, 'stream.encoding.set');
    assert.equal(answerOf(answer).error.message, 'stream encoding should not be set');
    assert.equal(answerOf(answer).error.expose, false);
  });

  test('a request already consumed is a 500 stream.not.readable, compressed or not', async () => {
    const consume: Middleware = (req, _res, next) => {
      req.resume();
      req.on('end', () => next());
    };
    const answers = await requestAll(chain(consume, json()), [
      post(JSON_TYPE, '{}'),
      post(JSON_TYPE, zlib.gzipSync('{}'), { headers: { 'content-encoding': 'gzip' } }),
    ]);
    for (const answer of answers) {
      assert.equal(answer.status, 500);
      assert.equal(answerOf(answer).error.type, 'stream.not.readable');
      assert.equal(answerOf(answer).error.message, 'stream is not readable');
    }
  });
});

describe('same as express@4', () => {
  const setLength =
    (value: string): Middleware =>
    (req, _res, next) => {
      req.headers['content-length'] = value;
      next();
    };

  test('encodings, limits, verify failures and charset errors', async () => {
    const verify = (_req: unknown, _res: unknown, buf: Buffer) => {
      if (buf.includes('forbidden')) throw new Error('forbidden word');
    };
    await assertSameAsExpress(
      parserApp((p) => [
        p.json({ limit: '1kb', verify }),
        p.text({ limit: 2000 }),
        p.raw({ inflate: false }),
      ]),
      [
        post(JSON_TYPE, zlib.gzipSync('{"a":1}'), { headers: { 'content-encoding': 'gzip' } }),
        post(JSON_TYPE, zlib.deflateSync('{"a":1}'), { headers: { 'content-encoding': 'deflate' } }),
        post(JSON_TYPE, '{"a":1}', { headers: { 'content-encoding': 'identity' } }),
        post(JSON_TYPE, '{"a":1}', { headers: { 'content-encoding': 'compress' } }),
        post(JSON_TYPE, 'not gzip', { headers: { 'content-encoding': 'gzip' } }),
        post(JSON_TYPE, zlib.gzipSync('{"a":1}').subarray(0, 15), {
          headers: { 'content-encoding': 'gzip' },
        }),
        post('application/octet-stream', zlib.gzipSync('x'), { headers: { 'content-encoding': 'gzip' } }),
        post(JSON_TYPE, `{"a":"${'x'.repeat(2000)}"}`),
        post(JSON_TYPE, `{"a":"${'x'.repeat(2000)}"}`, { chunked: true }),
        post(JSON_TYPE, zlib.gzipSync(`{"a":"${'x'.repeat(5000)}"}`), {
          headers: { 'content-encoding': 'gzip' },
        }),
        post(JSON_TYPE, zlib.gzipSync(Buffer.alloc(5 * 1024 * 1024)), {
          headers: { 'content-encoding': 'gzip' },
        }),
        post(JSON_TYPE, '{"w":"forbidden"}'),
        post('text/plain; charset=klingon', 'x'),
        post('text/plain; charset=utf-16le', Buffer.from('wide', 'utf16le')),
        post('text/plain', Buffer.alloc(3000, 'y')),
        post(JSON_TYPE, ''),
        post('application/octet-stream', ''),
        { method: 'GET', headers: { 'content-type': JSON_TYPE } },
      ],
    );
  });

  test('errors thrown by verify: their status kept, expose decided as http-errors does', async () => {
    const httpErrors = require('http-errors') as (status: number, message: string, props: object) => Error;
    // Factories: each run must get its own error, as express's run mutates what it is given.
    const thrown: Record<string, () => unknown> = {
      // A 500 must never be exposed, whatever the thrower said.
      '/leak': () => Object.assign(new Error('secret 500'), { status: 500, expose: true }),
      '/plain401': () => Object.assign(new Error('who are you'), { status: 401, expose: false }),
      '/bad-status': () => Object.assign(new Error('odd'), { status: 299, expose: true }),
      // http-errors' own errors keep their expose flag.
      '/http-errors': () => httpErrors(401, 'unsigned', { expose: false }),
      '/http-errors-500': () => httpErrors(503, 'later', { expose: true }),
    };
    const verify = (req: any) => {
      const make = thrown[req.originalUrl];
      if (make !== undefined) throw make();
    };
    await assertSameAsExpress(
      parserApp((p) => [p.json({ verify }), p.raw({ verify })]),
      Object.keys(thrown).flatMap((path) => [
        post(JSON_TYPE, '{"a":1}', { path }),
        post('application/octet-stream', 'bytes', { path }),
      ]),
    );
  });

  test('charsets: UTF-7, CESU-8, UTF-16 without BOM and legacy code pages decode as in express', async () => {
    const wide = Buffer.from('{"w":"wide"}', 'utf16le');
    await assertSameAsExpress(
      parserApp((p) => [p.json(), p.text({ defaultCharset: 'utf-7' })]),
      [
        post(`${JSON_TYPE}; charset=utf-7`, '{"a":"+AOk-"}'),
        post(
          `${JSON_TYPE}; charset=cesu-8`,
          Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80, 0x22, 0x7d]),
        ),
        post(`${JSON_TYPE}; charset=utf-16`, wide),
        post(`${JSON_TYPE}; charset=utf-16`, Buffer.from(wide).swap16()),
        post('text/plain', 'Hi Mom -+Jjo--!'),
        post('text/plain; charset=cesu-8', Buffer.from([0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80])),
        post('text/plain; charset=iso-8859-9', Buffer.from([0x80, 0xdd])),
        post('text/plain; charset=windows-1251', Buffer.from([0x98, 0xc0])),
        post('text/plain; charset=ibm866', Buffer.from([0x1a, 0x80])),
        post('text/plain; charset=big5', Buffer.from([0x80, 0xa4, 0x40])),
        post('text/plain; charset=gbk', Buffer.from([0xff, 0xb0, 0xa1])),
        post('text/plain; charset=cp437', Buffer.from([0x80, 0xe9])),
        post('text/plain; charset=koi8-r', Buffer.from([0xf0, 0xd2, 0xc9])),
        post('text/plain; charset=ascii', Buffer.from([0x61, 0xe9])),
      ],
    );
  });

  test('Content-Length mismatches and stream misuse', async () => {
    const setEncoding: Middleware = (req, _res, next) => {
      if (req.url === '/encoding') req.setEncoding('utf8');
      next();
    };
    await assertSameAsExpress(
      parserApp((p) => [['/short', setLength('3')], ['/long', setLength('30')], setEncoding, p.text()]),
      [
        post('text/plain', '0123456789', { path: '/short' }),
        post('text/plain', '0123456789', { path: '/long' }),
        post('text/plain', '0123456789', { path: '/encoding' }),
      ],
    );
  });
});
