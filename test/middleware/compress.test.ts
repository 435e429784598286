import assert from 'node:assert/strict';
import http from 'node:http';
import { Readable } from 'node:stream';
import { test } from 'node:test';
import zlib from 'node:zlib';
import { compress, compressible, shouldCompress } from '../../src/middleware/compress';
import { type RequestOptions, request, requestAll, type TestResponse, withServer } from '../support/http';

import webapp = require('../../src/index');

const compression = require('compression');

type Middleware = (req: any, res: any, next: (err?: unknown) => void) => void;

const BIG_TEXT = 'webapp compresses text. '.repeat(200); // 4800 bytes
const SMALL_TEXT = 'tiny';

function decode(res: TestResponse): string {
  switch (res.headers['content-encoding']) {
    case 'gzip':
      return zlib.gunzipSync(res.raw).toString();
    case 'deflate':
      return zlib.inflateSync(res.raw).toString();
    case 'br':
      return zlib.brotliDecompressSync(res.raw).toString();
    default:
      return res.raw.toString();
  }
}

/** The parts of a response compression is responsible for. */
function summary(res: TestResponse) {
  return {
    status: res.status,
    encoding: res.headers['content-encoding'],
    vary: res.headers.vary,
    length: res.headers['content-length'],
    chunked: res.headers['transfer-encoding'],
    type: res.headers['content-type'],
    body: decode(res),
  };
}

function buildApp(middleware: Middleware) {
  const app = webapp();
  app.use(middleware);
  app.get('/big', (_req: any, res: any) => res.type('text').send(BIG_TEXT));
  app.get('/small', (_req: any, res: any) => res.type('text').send(SMALL_TEXT));
  app.get('/json', (_req: any, res: any) => res.json({ items: Array.from({ length: 200 }, (_, i) => i) }));
  app.get('/png', (_req: any, res: any) => res.type('png').send(Buffer.alloc(4096, 1)));
  app.get('/unknown', (_req: any, res: any) => res.type('application/x-unknown-thing').send(BIG_TEXT));
  app.get('/no-transform', (_req: any, res: any) => {
    res.set('Cache-Control', 'public, No-Transform');
    res.type('text').send(BIG_TEXT);
  });
  app.get('/not-no-transform', (_req: any, res: any) => {
    res.set('Cache-Control', 'no-transformed, max-age=1');
    res.type('text').send(BIG_TEXT);
  });
  app.get('/encoded', (_req: any, res: any) => {
    res.set('Content-Encoding', 'x-custom');
    res.type('text').send(BIG_TEXT);
  });
  app.get('/stream', (_req: any, res: any) => {
    res.type('html');
    for (let i = 0; i < 50; i++) res.write(`<p>line ${i} ${'x'.repeat(100)}</p>\n`);
    res.end();
  });
  app.get('/stream-small', (_req: any, res: any) => {
    res.type('html');
    res.write('<p>a</p>');
    res.end('<p>b</p>');
  });
  app.get('/write-head', (_req: any, res: any) => {
    res.writeHead(200, { 'Content-Type': 'text/css' });
    res.end(BIG_TEXT);
  });
  app.get('/empty', (_req: any, res: any) => res.type('text').end());
  app.get('/no-content', (_req: any, res: any) => res.status(204).end());
  app.get('/fresh', (_req: any, res: any) => {
    res.set('ETag', '"v1"');
    res.type('text').send(BIG_TEXT);
  });
  app.get('/vary', (_req: any, res: any) => {
    res.vary('Accept');
    res.type('text').send(BIG_TEXT);
  });
  return app as any;
}

const CASES: RequestOptions[] = [];
for (const path of [
  '/big',
  '/small',
  '/json',
  '/png',
  '/unknown',
  '/no-transform',
  '/not-no-transform',
  '/encoded',
  '/stream',
  '/stream-small',
  '/write-head',
  '/empty',
  '/no-content',
  '/vary',
]) {
  CASES.push({ path, headers: { 'accept-encoding': 'gzip' } });
}
for (const acceptEncoding of [
  'br',
  'deflate',
  'gzip, deflate, br',
  'gzip;q=0.5, br;q=0.8',
  'gzip;q=1, br;q=0.2',
  'deflate, gzip',
  'gzip, br;q=0',
  'identity',
  '*',
  'compress, x-foo',
  'gzip;q=0, deflate;q=0, br;q=0',
  '',
]) {
  CASES.push({ path: '/big', headers: { 'accept-encoding': acceptEncoding } });
  CASES.push({ path: '/stream', headers: { 'accept-encoding': acceptEncoding } });
}
CASES.push({ path: '/big' });
CASES.push({ path: '/big', method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
CASES.push({ path: '/fresh', headers: { 'accept-encoding': 'gzip', 'if-none-match': '"v1"' } });

for (const options of [undefined, { threshold: 0 }, { threshold: '10kb' }, { level: 1 }] as const) {
  test(`compress(${JSON.stringify(options)}) responds like compression(${JSON.stringify(options)})`, async () => {
    const expected = await requestAll(buildApp(compression(options)), CASES);
    const actual = await requestAll(buildApp(compress(options as any)), CASES);
    for (let i = 0; i < CASES.length; i++) {
      const label = `${CASES[i].method ?? 'GET'} ${CASES[i].path} ${JSON.stringify(CASES[i].headers ?? {})}`;
      assert.deepEqual(summary(actual[i]), summary(expected[i]), label);
      // Same zlib settings give the very same bytes.
      assert.deepEqual(actual[i].raw, expected[i].raw, label);
    }
  });
}

test('compress picks br, gzip or deflate by Accept-Encoding quality', async () => {
  const app = buildApp(compress());
  const expectations: Array<[string, string | undefined]> = [
    ['gzip', 'gzip'],
    ['deflate', 'deflate'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['deflate;q=1, gzip;q=0.9', 'deflate'],
    ['br;q=0.1, gzip;q=0.2', 'gzip'],
    ['*', 'br'],
    ['*;q=0, identity', undefined],
    ['identity', undefined],
    ['x-unknown', undefined],
    ['GZIP', 'gzip'],
  ];
  const responses = await requestAll(
    app,
    expectations.map(([accept]) => ({ path: '/big', headers: { 'accept-encoding': accept } })),
  );
  for (let i = 0; i < expectations.length; i++) {
    const [accept, encoding] = expectations[i];
    assert.equal(responses[i].headers['content-encoding'], encoding, accept);
    assert.equal(decode(responses[i]), BIG_TEXT, accept);
    assert.equal(responses[i].headers.vary, 'Accept-Encoding', accept);
  }
});

test('compress leaves HEAD, 204, 304, no-transform and encoded responses alone', async () => {
  const app = webapp();
  app.use(compress({ threshold: 0 }));
  app.get('/204', (_req: any, res: any) => {
    res.status(204).type('text');
    res.write('ignored');
    res.end();
  });
  app.get('/304', (_req: any, res: any) => {
    res.status(304).type('text');
    res.write(BIG_TEXT);
    res.end();
  });
  app.get('/text', (_req: any, res: any) => res.type('text').send(BIG_TEXT));
  app.get('/no-transform', (_req: any, res: any) => {
    res.set('Cache-Control', ['private', 'no-transform']);
    res.type('text').send(BIG_TEXT);
  });
  app.get('/encoded', (_req: any, res: any) => {
    res.set('Content-Encoding', 'gzip');
    res.type('text').send(zlib.gzipSync(BIG_TEXT));
  });
  const headers = { 'accept-encoding': 'gzip' };
  const [noContent, notModified, head, noTransform, encoded] = await requestAll(app as any, [
    { path: '/204', headers },
    { path: '/304', headers },
    { path: '/text', method: 'HEAD', headers },
    { path: '/no-transform', headers },
    { path: '/encoded', headers },
  ]);
  assert.equal(noContent.status, 204);
  assert.equal(noContent.headers['content-encoding'], undefined);
  assert.equal(notModified.status, 304);
  assert.equal(notModified.headers['content-encoding'], undefined);
  assert.equal(head.headers['content-encoding'], undefined);
  assert.equal(head.headers.vary, 'Accept-Encoding');
  assert.equal(head.headers['content-length'], String(BIG_TEXT.length));
  assert.equal(noTransform.headers['content-encoding'], undefined);
  assert.equal(noTransform.headers.vary, undefined);
  assert.equal(noTransform.body, BIG_TEXT);
  assert.equal(encoded.headers['content-encoding'], 'gzip');
  assert.equal(decode(encoded), BIG_TEXT, 'compressed once, not twice');
});

test('compress threshold: Content-Length or the end() body decides; streamed bodies are compressed', async () => {
  const app = webapp();
  app.use(compress({ threshold: '1kb' }));
  app.get('/1023', (_req: any, res: any) => res.type('text').send('a'.repeat(1023)));
  app.get('/1024', (_req: any, res: any) => res.type('text').send('a'.repeat(1024)));
  app.get('/end-small', (_req: any, res: any) => {
    res.setHeader('Content-Type', 'text/plain');
    res.end(Buffer.from('a'.repeat(100)));
  });
  app.get('/end-multibyte', (_req: any, res: any) => {
    res.setHeader('Content-Type', 'text/plain');
    res.end('é'.repeat(600)); // 1200 bytes although 600 characters
  });
  app.get('/write-small', (_req: any, res: any) => {
    res.setHeader('Content-Type', 'text/plain');
    res.write('a');
    res.end();
  });
  const headers = { 'accept-encoding': 'gzip' };
  const [under, at, endSmall, multibyte, writeSmall] = await requestAll(app as any, [
    { path: '/1023', headers },
    { path: '/1024', headers },
    { path: '/end-small', headers },
    { path: '/end-multibyte', headers },
    { path: '/write-small', headers },
  ]);
  assert.equal(under.headers['content-encoding'], undefined);
  assert.equal(under.headers['content-length'], '1023');
  assert.equal(at.headers['content-encoding'], 'gzip');
  assert.equal(at.headers['content-length'], undefined, 'the length of the identity body is dropped');
  assert.equal(decode(at), 'a'.repeat(1024));
  assert.equal(endSmall.headers['content-encoding'], undefined);
  assert.equal(multibyte.headers['content-encoding'], 'gzip');
  assert.equal(decode(multibyte), 'é'.repeat(600));
  // With write() the size is unknown when the head goes out: compressed.
  assert.equal(writeSmall.headers['content-encoding'], 'gzip');
  assert.equal(decode(writeSmall), 'a');
});

test('compress filter option and compress.filter', async () => {
  const app = webapp();
  app.use(
    compress({
      filter: (req, res) => req.headers['x-no-compression'] === undefined && compress.filter(req, res),
    }),
  );
  app.get('/', (_req: any, res: any) => res.type('text').send(BIG_TEXT));
  const [on, off] = await requestAll(app as any, [
    { headers: { 'accept-encoding': 'gzip' } },
    { headers: { 'accept-encoding': 'gzip', 'x-no-compression': '1' } },
  ]);
  assert.equal(on.headers['content-encoding'], 'gzip');
  assert.equal(off.headers['content-encoding'], undefined);
  assert.equal(off.headers.vary, undefined);
  assert.equal(compress.filter, shouldCompress);
});

test('compressible() reads the compressible flag of the MIME database', () => {
  assert.equal(compressible('text/html'), true);
  assert.equal(compressible('text/html; charset=utf-8'), true);
  assert.equal(compressible('TEXT/HTML'), true);
  assert.equal(compressible('application/json'), true);
  assert.equal(compressible('application/javascript'), true);
  assert.equal(compressible('image/svg+xml'), true);
  assert.equal(compressible('text/event-stream'), true);
  assert.equal(compressible('image/png'), false);
  assert.equal(compressible('application/zip'), false);
  assert.equal(compressible('application/octet-stream'), false);
  assert.equal(compressible('application/x-unknown'), false);
  assert.equal(compressible('application/vnd.example+json'), true);
  assert.equal(compressible('application/vnd.example+xml; charset=utf-8'), true);
  assert.equal(compressible('text/x-anything'), true);
  assert.equal(compressible(''), false);
  assert.equal(compressible(undefined), false);
  assert.equal(compressible(42), false);
});

test('compress streams a large response with back-pressure and keeps drain listeners working', async () => {
  const size = 8 * 1024 * 1024;
  const app = webapp();
  app.use(compress());
  app.get('/', (_req: any, res: any) => {
    res.type('text');
    let sent = 0;
    const block = Buffer.alloc(64 * 1024, 'abcdefghij');
    const pump = () => {
      while (sent < size) {
        sent += block.length;
        if (!res.write(block)) {
          res.once('drain', pump);
          return;
        }
      }
      res.end();
    };
    pump();
  });
  app.get('/pipe', (_req: any, res: any) => {
    res.type('text');
    Readable.from(
      (function* () {
        for (let i = 0; i < 256; i++) yield Buffer.alloc(16 * 1024, String(i % 10));
      })(),
    ).pipe(res);
  });
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.name);
  process.on('warning', onWarning);
  await withServer(app as any, async (port) => {
    for (const path of ['/', '/pipe']) {
      const body = await new Promise<Buffer>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': 'gzip' } }, (res) => {
          assert.equal(res.headers['content-encoding'], 'gzip');
          assert.equal(res.headers['transfer-encoding'], 'chunked');
          const chunks: Buffer[] = [];
          // Read slowly at first so the server has to wait for 'drain'.
          res.pause();
          setTimeout(() => res.resume(), 50);
          res
            .pipe(zlib.createGunzip())
            .on('data', (c: Buffer) => chunks.push(c))
            .on('end', () => {
              resolve(Buffer.concat(chunks));
            });
          res.on('error', reject);
        });
      });
      assert.equal(body.length, path === '/' ? size : 256 * 16 * 1024, path);
    }
  });
  await new Promise((resolve) => setImmediate(resolve));
  process.removeListener('warning', onWarning);
  // once('drain') listeners are removed after they fire, not piled up on the encoder.
  assert.deepEqual(warnings, []);
});

test('compress: res.flush() pushes what was written so far (server-sent events)', async () => {
  let releaseServer!: () => void;
  const clientGotFirst = new Promise<void>((resolve) => {
    releaseServer = resolve;
  });
  const app = webapp();
  app.use(compress());
  app.get('/events', (_req: any, res: any) => {
    res.type('text/event-stream');
    res.write('data: first\n\n');
    res.flush();
    clientGotFirst.then(() => {
      res.write('data: second\n\n');
      res.end();
    });
  });
  await withServer(app as any, async (port) => {
    const events = await new Promise<string>((resolve, reject) => {
      http.get(
        { host: '127.0.0.1', port, path: '/events', headers: { 'accept-encoding': 'gzip' } },
        (res) => {
          assert.equal(res.headers['content-encoding'], 'gzip');
          let text = '';
          res
            .pipe(zlib.createGunzip())
            .on('data', (c: Buffer) => {
              text += c.toString();
              if (text === 'data: first\n\n') releaseServer();
            })
            .on('end', () => resolve(text))
            .on('error', reject);
        },
      );
    });
    assert.equal(events, 'data: first\n\ndata: second\n\n');
  });
});

test('compress calls write and end callbacks and passes Uint8Array chunks', async () => {
  const calls: string[] = [];
  const app = webapp();
  app.use(compress({ threshold: 0 }));
  app.get('/', (_req: any, res: any) => {
    res.type('text');
    res.write('a', () => calls.push('write'));
    res.write(new Uint8Array([98, 99]), 'utf8', () => calls.push('write2'));
    res.end('d', () => calls.push('end'));
  });
  const res = await request(app as any, { headers: { 'accept-encoding': 'deflate' } });
  assert.equal(decode(res), 'abcd');
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(calls.sort(), ['end', 'write', 'write2']);
});

test('compress survives a client that disconnects mid-stream', async () => {
  let closed!: () => void;
  const serverSawClose = new Promise<void>((resolve) => {
    closed = resolve;
  });
  const app = webapp();
  app.use(compress());
  app.get('/', (_req: any, res: any) => {
    res.type('text');
    const timer = setInterval(() => res.write(BIG_TEXT), 5);
    res.on('close', () => {
      clearInterval(timer);
      // Writes after the client left must not throw.
      res.write('late');
      res.end('later');
      closed();
    });
  });
  await withServer(app as any, async (port) => {
    await new Promise<void>((resolve) => {
      const req = http.get(
        { host: '127.0.0.1', port, path: '/', headers: { 'accept-encoding': 'gzip' } },
        (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        },
      );
      req.on('error', () => {});
    });
    await serverSawClose;
    const after = await request(app as any, { path: '/missing' });
    assert.equal(after.status, 404);
  });
});

test('compress appends to an existing Vary header and honours enforceEncoding', async () => {
  const app = webapp();
  app.use(compress({ enforceEncoding: 'gzip' }));
  app.get('/', (_req: any, res: any) => {
    res.vary('Accept');
    res.type('text').send(BIG_TEXT);
  });
  const [none, identity] = await requestAll(app as any, [{}, { headers: { 'accept-encoding': 'identity' } }]);
  assert.equal(none.headers['content-encoding'], 'gzip');
  assert.equal(none.headers.vary, 'Accept, Accept-Encoding');
  assert.equal(identity.headers['content-encoding'], undefined);
});

test('compress refuses invalid options when created', () => {
  assert.throws(() => compress({ threshold: 'lots' }), TypeError);
  assert.throws(() => compress({ level: 42 }), RangeError);
  assert.throws(() => compress({ enforceEncoding: 'zstd' as any }), TypeError);
  assert.throws(() => compress({ filter: 'yes' as any }), TypeError);
  assert.equal(compress().name, 'compress');
  {
    // The module's default is the module itself, so require and every import form give one object.
    const mod = require('../../src/middleware/compress');
    assert.equal(mod.default, mod);
  }
});
