import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import zlib from 'node:zlib';
import { json, raw, text, urlencoded } from '../../src/body/index';
import { bodyParser, multipart, UploadedFile } from '../../src/middleware/body-parser';
import { type RequestOptions, request, requestAll, withServer } from '../support/http';

import webapp = require('../../src/index');

const referenceBodyParser = require('body-parser');

type Middleware = (req: any, res: any, next: (err?: unknown) => void) => void;

function echoApp(parser: Middleware) {
  const app = webapp();
  app.use(parser);
  app.all('*', (req: any, res: any) => {
    const files: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(req.files ?? {})) {
      const describe = (f: any) => ({
        name: f.name,
        size: f.size,
        type: f.type,
        hash: f.hash,
        content: fs.readFileSync(f.path, 'utf8'),
        dated: f.lastModifiedDate instanceof Date,
        aliases: [f.length === f.size, f.filename === f.name, f.mime === f.type],
      });
      files[field] = Array.isArray(value) ? value.map(describe) : describe(value);
    }
    res.json({ body: req.body, files: req.files === undefined ? 'none' : files });
  });
  app.use((err: any, _req: any, res: any, _next: any) => {
    res.status(err.status ?? 500).json({ status: err.status, type: err.type, message: err.message });
  });
  return app as any;
}

const JSON_TYPE = { 'content-type': 'application/json' };
const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };

const DIFFERENTIAL: RequestOptions[] = [
  { method: 'POST', headers: JSON_TYPE, body: '{"a":1,"b":[true,null]}' },
  { method: 'POST', headers: JSON_TYPE, body: '[1,2]' },
  { method: 'POST', headers: JSON_TYPE, body: '{"a":' },
  { method: 'POST', headers: JSON_TYPE, body: '"string"' },
  { method: 'POST', headers: JSON_TYPE, body: '' },
  { method: 'POST', headers: { 'content-type': 'application/json; charset=latin1' }, body: '{}' },
  { method: 'POST', headers: { 'content-type': 'application/vnd.api+json' }, body: '{"a":1}' },
  { method: 'POST', headers: JSON_TYPE, body: `{"big":"${'x'.repeat(200 * 1024)}"}` },
  { method: 'POST', headers: FORM_TYPE, body: 'a=1&b[c]=2&d[]=3&d[]=4' },
  { method: 'POST', headers: FORM_TYPE, body: 'a=%E2%9C%93&a=2' },
  { method: 'POST', headers: FORM_TYPE, body: '__proto__[x]=1&hasOwnProperty=2' },
  { method: 'POST', headers: FORM_TYPE, body: Array.from({ length: 1001 }, (_, i) => `k${i}=v`).join('&') },
  { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' },
  { method: 'POST', body: 'no type' },
  { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '--x--' },
  { method: 'GET' },
  {
    method: 'POST',
    headers: { ...JSON_TYPE, 'content-encoding': 'gzip' },
    body: zlib.gzipSync('{"zipped":true}'),
  },
  { method: 'POST', headers: { ...JSON_TYPE, 'content-encoding': 'compress' }, body: '{}' },
];

for (const options of [
  undefined,
  { limit: '1kb' },
  { extended: false },
  { strict: false, parameterLimit: 2 },
]) {
  test(`bodyParser(${JSON.stringify(options)}) parses JSON and forms like body-parser's bodyParser`, async () => {
    const expected = await requestAll(
      echoApp(referenceBodyParser({ extended: true, ...options })),
      DIFFERENTIAL,
    );
    const actual = await requestAll(echoApp(bodyParser(options)), DIFFERENTIAL);
    for (let i = 0; i < DIFFERENTIAL.length; i++) {
      const label = `${DIFFERENTIAL[i].method} ${JSON.stringify(DIFFERENTIAL[i].headers)} ${String(DIFFERENTIAL[i].body).slice(0, 40)}`;
      assert.equal(actual[i].status, expected[i].status, label);
      assert.deepEqual(JSON.parse(actual[i].body), JSON.parse(expected[i].body), label);
    }
  });
}

test('bodyParser keeps the function names and exposes the single parsers', () => {
  assert.equal(bodyParser().name, 'bodyParser');
  assert.equal(bodyParser.json, json);
  assert.equal(bodyParser.urlencoded, urlencoded);
  assert.equal(bodyParser.raw, raw);
  assert.equal(bodyParser.text, text);
  assert.equal(bodyParser.multipart, multipart);
  {
    // The module's default is the module itself, so require and every import form give one object.
    const mod = require('../../src/middleware/body-parser');
    assert.equal(mod.default, mod);
  }
});

test('bodyParser without the multipart option leaves uploads alone and req.files unset', async () => {
  const form = multipartBody([{ name: 'a', value: '1' }]);
  const res = await request(echoApp(bodyParser()), {
    method: 'POST',
    headers: form.headers,
    body: form.body,
  });
  assert.deepEqual(JSON.parse(res.body), { body: {}, files: 'none' });
});

// ---------------------------------------------------------------------------------------------
// multipart

interface Part {
  name: string;
  value?: string | Buffer;
  filename?: string;
  type?: string;
  headers?: string[];
}

function multipartBody(parts: Part[], boundary = '----webapp-boundary-1234') {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.type) head += `Content-Type: ${part.type}\r\n`;
    for (const line of part.headers ?? []) head += `${line}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.value ?? ''), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat(chunks),
  };
}

function tempDir(t: { after: (fn: () => void) => void }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webapp-upload-test-'));
  // Retried: after a refused upload, a file whose open was still pending is created (and then removed)
  // after the response, so the directory can fill again while it is being removed.
  t.after(() => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 25 }));
  return dir;
}

/** Waits (briefly) until the directory is empty: uploads are removed once the response finished. */
async function emptied(dir: string): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const left = fs.readdirSync(dir);
    if (left.length === 0) return left;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return fs.readdirSync(dir);
}

test('multipart: fields to req.body, files to req.files with size, path, name, type', async (t) => {
  const dir = tempDir(t);
  const form = multipartBody([
    { name: 'title', value: 'Holiday ✓' },
    { name: 'tag', value: 'a' },
    { name: 'tag', value: 'b' },
    { name: 'photo', filename: 'beach.txt', type: 'text/plain', value: 'sand and sea' },
    { name: 'docs', filename: 'one.md', type: 'text/markdown', value: '# one' },
    { name: 'docs', filename: 'two.md', type: 'text/markdown', value: '# two' },
    { name: 'empty', filename: '', type: 'application/octet-stream', value: '' },
    { name: 'unicode', filename: 'ünï cödé.txt', type: 'text/plain', value: 'u' },
    { name: 'zero', filename: 'zero.bin', type: 'application/octet-stream', value: '' },
  ]);
  const res = await request(echoApp(bodyParser({ multipart: { uploadDir: dir, hash: 'sha1' } })), {
    method: 'POST',
    headers: form.headers,
    body: form.body,
  });
  assert.equal(res.status, 200);
  const sha1 = (value: string) => createHash('sha1').update(value).digest('hex');
  const file = (name: string, type: string, content: string) => ({
    name,
    size: Buffer.byteLength(content),
    type,
    hash: sha1(content),
    content,
    dated: true,
    aliases: [true, true, true],
  });
  assert.deepEqual(JSON.parse(res.body), {
    body: { title: 'Holiday ✓', tag: ['a', 'b'] },
    files: {
      photo: file('beach.txt', 'text/plain', 'sand and sea'),
      docs: [file('one.md', 'text/markdown', '# one'), file('two.md', 'text/markdown', '# two')],
      unicode: file('ünï cödé.txt', 'text/plain', 'u'),
      zero: file('zero.bin', 'application/octet-stream', ''),
    },
  });
  assert.deepEqual(await emptied(dir), [], 'temporary files are removed after the response');
});

test('multipart: temporary files exist during the request, are private, and go once the response finishes', async (t) => {
  const dir = tempDir(t);
  const app = webapp();
  app.use(bodyParser({ multipart: { uploadDir: dir, keepExtensions: true } }));
  let seen: { path: string; mode: number; exists: boolean } | undefined;
  app.post('/', (req: any, res: any) => {
    const f: UploadedFile = req.files.doc;
    seen = { path: f.path, mode: fs.statSync(f.path).mode & 0o777, exists: fs.existsSync(f.path) };
    assert.ok(f instanceof UploadedFile);
    setTimeout(() => res.send('done'), 20);
  });
  const form = multipartBody([
    { name: 'doc', filename: 'report.final.PDF', type: 'application/pdf', value: 'pdf' },
  ]);
  const res = await request(app as any, { method: 'POST', headers: form.headers, body: form.body });
  assert.equal(res.body, 'done');
  assert.ok(seen?.exists);
  assert.equal(seen?.mode, 0o600);
  assert.equal(path.dirname(seen!.path), dir);
  assert.match(path.basename(seen!.path), /^webapp-upload-[0-9a-f]{32}\.PDF$/);
  assert.deepEqual(await emptied(dir), []);
});

test('multipart: keepExtensions drops extensions that are not plain', async (t) => {
  const dir = tempDir(t);
  const app = webapp();
  app.use(bodyParser({ multipart: { uploadDir: dir, keepExtensions: true } }));
  app.post('/', (req: any, res: any) => res.json(path.basename(req.files.f.path)));
  const form = multipartBody([{ name: 'f', filename: 'x.ph p', value: 'x' }]);
  const res = await request(app as any, { method: 'POST', headers: form.headers, body: form.body });
  assert.match(JSON.parse(res.body), /^webapp-upload-[0-9a-f]{32}$/);
});

test('multipart: file names never choose the path on disk', async (t) => {
  const dir = tempDir(t);
  const app = webapp();
  app.use(bodyParser({ multipart: { uploadDir: dir, keepExtensions: true } }));
  app.post('/', (req: any, res: any) =>
    res.json({ name: req.files.f.name, dir: path.dirname(req.files.f.path) === dir }),
  );
  const form = multipartBody([{ name: 'f', filename: '../../etc/passwd.txt', value: 'x' }]);
  const res = await request(app as any, { method: 'POST', headers: form.headers, body: form.body });
  assert.deepEqual(JSON.parse(res.body), { name: 'passwd.txt', dir: true });
});

/** Sends `parts` to a bodyParser with `limits` and returns the status and error type. */
async function withLimits(dir: string, limits: object, parts: Part[]) {
  const form = multipartBody(parts);
  const res = await request(echoApp(bodyParser({ multipart: { uploadDir: dir, limits } })), {
    method: 'POST',
    headers: form.headers,
    body: form.body,
  });
  const body = JSON.parse(res.body);
  return { status: res.status, type: body.type, message: body.message, left: await emptied(dir) };
}

test('multipart limits: a value of exactly the limit passes, one byte more is a 413', async (t) => {
  const dir = tempDir(t);
  const file = (size: number): Part => ({ name: 'f', filename: 'f.bin', value: Buffer.alloc(size, 1) });
  assert.equal((await withLimits(dir, { fileSize: 100 }, [file(100)])).status, 200);
  assert.deepEqual(await withLimits(dir, { fileSize: 100 }, [file(101)]), {
    status: 413,
    type: 'file.too.large',
    message: 'file too large',
    left: [],
  });
  assert.equal((await withLimits(dir, { fileSize: '1kb' }, [file(1024)])).status, 200);
  assert.equal((await withLimits(dir, { fileSize: '1kb' }, [file(1025)])).status, 413);

  const field = (size: number): Part => ({ name: 'v', value: 'x'.repeat(size) });
  assert.equal((await withLimits(dir, { fieldSize: 10 }, [field(10)])).status, 200);
  assert.deepEqual(await withLimits(dir, { fieldSize: 10 }, [field(11)]), {
    status: 413,
    type: 'field.too.large',
    message: 'field value too long',
    left: [],
  });
});

test('multipart limits: number of files, fields and parts, total field size, name length', async (t) => {
  const dir = tempDir(t);
  const files = (n: number) =>
    Array.from({ length: n }, (_, i): Part => ({ name: `f${i}`, filename: `${i}.txt`, value: 'x' }));
  const fields = (n: number) => Array.from({ length: n }, (_, i): Part => ({ name: `k${i}`, value: 'v' }));
  assert.equal((await withLimits(dir, { files: 2 }, files(2))).status, 200);
  assert.deepEqual(await withLimits(dir, { files: 2 }, files(3)), {
    status: 413,
    type: 'files.too.many',
    message: 'too many files',
    left: [],
  });
  assert.equal((await withLimits(dir, { fields: 3 }, fields(3))).status, 200);
  assert.equal((await withLimits(dir, { fields: 3 }, fields(4))).type, 'fields.too.many');
  assert.equal((await withLimits(dir, { parts: 3 }, [...fields(2), ...files(1)])).status, 200);
  assert.equal((await withLimits(dir, { parts: 3 }, [...fields(2), ...files(2)])).type, 'parts.too.many');
  assert.equal((await withLimits(dir, { totalFieldSize: 10 }, fields(5))).status, 200);
  assert.equal((await withLimits(dir, { totalFieldSize: 10 }, fields(11))).type, 'fields.too.large');
  assert.equal((await withLimits(dir, { fieldNameSize: 5 }, [{ name: 'abcde', value: 'v' }])).status, 200);
  assert.equal(
    (await withLimits(dir, { fieldNameSize: 5 }, [{ name: 'abcdef', value: 'v' }])).type,
    'field.name.too.large',
  );
  assert.equal(
    (await withLimits(dir, { fieldNameSize: 5 }, [{ name: 'abcdef', filename: 'x', value: 'v' }])).type,
    'field.name.too.large',
  );
});

test('multipart: the default limits stop a large upload (10mb files, 10 files)', async (t) => {
  const dir = tempDir(t);
  const big = await withLimits(dir, {}, [
    { name: 'f', filename: 'big.bin', value: Buffer.alloc(10 * 1024 * 1024 + 1) },
  ]);
  assert.equal(big.status, 413);
  assert.deepEqual(big.left, []);
  const many = await withLimits(
    dir,
    {},
    Array.from({ length: 11 }, (_, i) => ({ name: 'f', filename: `${i}`, value: 'x' })),
  );
  assert.equal(many.type, 'files.too.many');
});

test('multipart: a refused upload is answered once its files are gone, even while their opens are slow', async (t) => {
  const dir = tempDir(t);
  const open = fs.open;
  let pending = 0;
  // Every open in the upload directory waits 50 ms, as under a busy thread pool or a slow disk.
  const slowOpen = (file: fs.PathLike, ...rest: unknown[]): void => {
    const call = () => (open as (...args: unknown[]) => void)(file, ...rest);
    if (typeof file !== 'string' || !file.startsWith(dir)) {
      call();
      return;
    }
    pending++;
    setTimeout(() => {
      pending--;
      call();
    }, 50);
  };
  (fs as { open: unknown }).open = slowOpen;
  t.after(() => {
    fs.open = open;
  });
  const form = multipartBody(
    Array.from({ length: 11 }, (_, i) => ({ name: 'f', filename: `${i}`, value: 'x' })),
  );
  const res = await request(echoApp(bodyParser({ multipart: { uploadDir: dir } })), {
    method: 'POST',
    headers: form.headers,
    body: form.body,
  });
  const onArrival = { pending, left: fs.readdirSync(dir) };
  assert.equal(JSON.parse(res.body).type, 'files.too.many');
  assert.deepEqual(onArrival, { pending: 0, left: [] });
});

test('multipart: malformed bodies are 400 errors and leave no files behind', async (t) => {
  const dir = tempDir(t);
  const app = echoApp(bodyParser({ multipart: { uploadDir: dir } }));
  const complete = multipartBody([{ name: 'f', filename: 'a.txt', value: 'data' }]);
  const truncated = complete.body.subarray(0, complete.body.length - 30);
  const responses = await requestAll(app, [
    { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: 'x' },
    { method: 'POST', headers: complete.headers, body: truncated },
    {
      method: 'POST',
      headers: complete.headers,
      body: '------webapp-boundary-1234\r\nbroken header\r\n\r\n',
    },
    {
      method: 'POST',
      headers: { ...complete.headers, 'content-encoding': 'gzip' },
      body: zlib.gzipSync(complete.body),
    },
  ]);
  const summary = responses.map((r) => [r.status, JSON.parse(r.body).type, JSON.parse(r.body).message]);
  assert.deepEqual(summary, [
    [400, 'entity.parse.failed', 'Multipart: Boundary not found'],
    [400, 'entity.parse.failed', 'Unexpected end of form'],
    [400, 'entity.parse.failed', 'Malformed part header'],
    [415, 'encoding.unsupported', 'unsupported content encoding "gzip"'],
  ]);
  assert.deepEqual(await emptied(dir), []);
});

test('multipart: field names cannot reach prototypes', async (t) => {
  const dir = tempDir(t);
  const form = multipartBody([
    { name: '__proto__', value: 'polluted' },
    { name: 'constructor', value: 'c' },
    { name: '__proto__', filename: 'p.txt', value: 'file' },
  ]);
  const app = webapp();
  app.use(bodyParser({ multipart: { uploadDir: dir } }));
  app.post('/', (req: any, res: any) =>
    res.json({
      own: Object.hasOwn(req.body, '__proto__'),
      value: Object.getOwnPropertyDescriptor(req.body, '__proto__')?.value,
      constructor: req.body.constructor,
      fileOwn: Object.hasOwn(req.files, '__proto__'),
      proto: Object.getPrototypeOf(req.body) === Object.prototype,
    }),
  );
  const res = await request(app as any, { method: 'POST', headers: form.headers, body: form.body });
  assert.deepEqual(JSON.parse(res.body), {
    own: true,
    value: 'polluted',
    constructor: 'c',
    fileOwn: true,
    proto: true,
  });
  assert.equal(({} as any).polluted, undefined);
});

test('multipart: a missing upload directory is a 500', async () => {
  const form = multipartBody([{ name: 'f', filename: 'a.txt', value: 'x' }]);
  const missing = path.join(os.tmpdir(), `webapp-missing-${process.pid}-${Date.now()}`);
  const res = await request(echoApp(bodyParser({ multipart: { uploadDir: missing } })), {
    method: 'POST',
    headers: form.headers,
    body: form.body,
  });
  assert.equal(res.status, 500);
});

test('multipart: a client that aborts mid-upload leaves no files and no pending handler', async (t) => {
  const dir = tempDir(t);
  let reachedHandler = false;
  const errors: unknown[] = [];
  const app = webapp();
  app.use(bodyParser({ multipart: { uploadDir: dir } }));
  app.post('/', (_req: any, res: any) => {
    reachedHandler = true;
    res.end();
  });
  app.use((err: any, _req: any, res: any, _next: any) => {
    errors.push(err.type);
    res.status(err.status).end();
  });
  await withServer(app as any, async (port) => {
    await new Promise<void>((resolve) => {
      const boundary = 'abort-boundary';
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': '100000' },
      });
      req.on('error', () => resolve());
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="a.bin"\r\n\r\n`);
      req.write(Buffer.alloc(1000, 1));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 50);
    });
    assert.deepEqual(await emptied(dir), []);
  });
  assert.equal(reachedHandler, false);
  assert.deepEqual(errors, []);
});

test('multipart: streams a large file to disk', async (t) => {
  const dir = tempDir(t);
  const size = 8 * 1024 * 1024;
  const app = webapp();
  app.use(bodyParser({ multipart: { uploadDir: dir, limits: { fileSize: '20mb' }, hash: 'sha256' } }));
  app.post('/', (req: any, res: any) => res.json({ size: req.files.big.size, hash: req.files.big.hash }));
  const content = Buffer.alloc(size, 'webapp');
  const form = multipartBody([{ name: 'big', filename: 'big.bin', value: content }]);
  const res = await request(app as any, { method: 'POST', headers: form.headers, body: form.body });
  assert.deepEqual(JSON.parse(res.body), { size, hash: createHash('sha256').update(content).digest('hex') });
  assert.deepEqual(await emptied(dir), []);
});

test('multipart alone: skips parsed requests and other types, sets req.files to {}', async (t) => {
  const dir = tempDir(t);
  const parser = multipart({ uploadDir: dir });
  const form = multipartBody([{ name: 'a', value: '1' }]);
  const app = webapp();
  app.use((req: any, _res: any, next: any) => {
    if (req.headers['x-parsed']) {
      req._body = true;
      req.body = { pre: true };
    }
    next();
  });
  app.use(parser);
  app.post('/', (req: any, res: any) => res.json({ body: req.body, files: req.files }));
  const [parsed, plain, upload, noBody] = await requestAll(app as any, [
    { method: 'POST', headers: { ...form.headers, 'x-parsed': '1' }, body: form.body },
    { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' },
    { method: 'POST', headers: form.headers, body: form.body },
    { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' } },
  ]);
  assert.deepEqual(JSON.parse(parsed.body), { body: { pre: true }, files: {} });
  assert.deepEqual(JSON.parse(plain.body), { body: {}, files: {} });
  assert.deepEqual(JSON.parse(upload.body), { body: { a: '1' }, files: {} });
  assert.deepEqual(JSON.parse(noBody.body), { body: {}, files: {} });
});

test('multipart refuses invalid options', () => {
  assert.throws(() => multipart({ limits: { fileSize: 'huge' } }), TypeError);
  assert.throws(() => multipart({ limits: { files: -1 } }), TypeError);
  assert.throws(() => multipart({ hash: 'crc32' as any }), TypeError);
  assert.throws(() => multipart({ uploadDir: '' }), TypeError);
  assert.throws(() => bodyParser({ limit: 'nope' }), TypeError);
  assert.equal(multipart().name, 'multipartParser');
});
