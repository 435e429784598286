import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { test } from 'node:test';
import { assertSameAsExpress, type RequestOptions, request, requestAll, withServer } from './support/http';
import { echoError, FIXTURES, markNext, tempDir } from './support/static-fixtures';

import webapp = require('../src/index');

/** GET /?f=<file> answers res.sendFile(f, options) (options read per request by `options`). */
function sendApp(options?: (req: any) => any, callback?: boolean) {
  return (lib: any) => {
    const app = lib();
    app.get('/', (req: any, res: any) => {
      const file = req.query.f;
      const opts = options?.(req);
      if (callback) {
        res.sendFile(file, opts ?? {}, (err: any) => {
          if (err) echoError(err, req, res, undefined);
        });
      } else if (opts === undefined) {
        res.sendFile(file);
      } else {
        res.sendFile(file, opts);
      }
    });
    app.use(markNext);
    app.use(echoError);
    return app;
  };
}

const q = (file: string) => ({ path: `/?f=${encodeURIComponent(file)}` });
const abs = (file: string) => q(path.join(FIXTURES, file));

test('absolute paths: the same response as express', async () => {
  const files = [
    'hello.txt',
    '4k.txt',
    'index.html',
    'app.js',
    'data.json',
    'README',
    'empty.txt',
    'with space.txt',
    'unicodé ☃.txt',
    'percent%20name.txt',
    'nested/deep/index.html',
    'missing.txt',
    'nested',
    'nested/',
    'noindex/',
    '.secret',
    '.well-known/security.txt',
    'nested/../hello.txt',
    'hello.txt/',
  ];
  await assertSameAsExpress(sendApp(), [
    ...files.map(abs),
    ...files.map((f) => ({ ...abs(f), method: 'HEAD' })),
  ]);
  const [hello] = await requestAll(sendApp()(webapp), [abs('hello.txt')]);
  assert.equal(hello.status, 200);
  assert.equal(hello.body, 'hello world\n');
  assert.equal(hello.headers['content-type'], 'text/plain; charset=UTF-8');
  assert.equal(hello.headers['cache-control'], 'public, max-age=0');
  assert.match(String(hello.headers.etag), /^W\/"c-[0-9a-f]+"$/);
});

test('errors: missing file → next(err) 404 ENOENT; directory → next(); ".." without root → 403', async () => {
  const requests = [
    abs('missing.txt'),
    abs('nested'),
    q(`${FIXTURES}/nested/../../package.json`),
    abs('a\0b'),
  ];
  await assertSameAsExpress(sendApp(), requests);
  const [missing, directory, up, nul] = await requestAll(sendApp()(webapp), requests);
  const err = JSON.parse(missing.body);
  assert.equal(err.status, 404);
  assert.equal(err.statusCode, 404);
  assert.equal(err.code, 'ENOENT');
  assert.equal(err.expose, false);
  assert.equal(directory.body, 'next() called');
  assert.equal(JSON.parse(up.body).status, 403);
  assert.equal(JSON.parse(nul.body).status, 400);
});

test('argument errors are thrown synchronously', async () => {
  const build = (lib: any) => {
    const app = lib();
    app.get('/none', (_req: any, res: any) => res.sendFile());
    app.get('/number', (_req: any, res: any) => res.sendFile(42));
    app.get('/relative', (_req: any, res: any) => res.sendFile('hello.txt'));
    app.get('/windows', (_req: any, res: any) => res.sendFile('C:\\x\\hello.txt'));
    app.get('/unc', (_req: any, res: any) => res.sendFile('\\\\host\\share\\x'));
    app.use(echoError);
    return app;
  };
  const requests = ['/none', '/number', '/relative', '/windows', '/unc'].map((p) => ({ path: p }));
  await assertSameAsExpress(build, requests);
  const [none, number, relative] = await requestAll(build(webapp), requests);
  assert.equal(JSON.parse(none.body).message, 'path argument is required to res.sendFile');
  assert.equal(JSON.parse(number.body).message, 'path must be a string to res.sendFile');
  assert.equal(JSON.parse(relative.body).message, 'path must be absolute or specify root to res.sendFile');
});

test('option root: relative paths resolved inside it, escapes refused', async () => {
  const files = [
    'hello.txt',
    'nested/page.html',
    'nested/../hello.txt',
    '../package.json',
    'nested/../../package.json',
    '/hello.txt',
    '/etc/passwd',
    '..\\package.json',
    'nested\\..\\..\\package.json',
    '%2e%2e/package.json',
    'missing',
    '.secret',
  ];
  const options = () => ({ root: FIXTURES });
  await assertSameAsExpress(sendApp(options), files.map(q));
  const [hello, , , up] = await requestAll(sendApp(options)(webapp), files.map(q));
  assert.equal(hello.body, 'hello world\n');
  assert.equal(JSON.parse(up.body).status, 403);
  const rooted = await requestAll(sendApp(() => ({ root: path.join(FIXTURES, 'nested') }))(webapp), [
    q('../hello.txt'),
    q('/../hello.txt'),
  ]);
  for (const res of rooted) assert.ok(!res.body.includes('hello world'), res.body);
});

test('option dotfiles (default: only a final dot segment is hidden)', async () => {
  const files = ['.secret', '.well-known/security.txt', '.hidden-dir/file.txt', '.hidden-dir/'];
  for (const dotfiles of [undefined, 'allow', 'deny', 'ignore']) {
    await assertSameAsExpress(
      sendApp(() => ({ root: FIXTURES, dotfiles })),
      files.map(q),
    );
  }
  const [secret, wellKnown] = await requestAll(sendApp(() => ({ root: FIXTURES }))(webapp), files.map(q));
  assert.equal(JSON.parse(secret.body).status, 404);
  assert.equal(wellKnown.status, 200);
  const [denied] = await requestAll(
    sendApp(() => ({ root: FIXTURES, dotfiles: 'deny' }))(webapp),
    files.map(q),
  );
  assert.equal(JSON.parse(denied.body).status, 403);
  const [allowed] = await requestAll(
    sendApp(() => ({ root: FIXTURES, dotfiles: 'allow' }))(webapp),
    files.map(q),
  );
  assert.equal(allowed.body, 'secret=1\n');
  await assertSameAsExpress(
    sendApp(() => ({ dotfiles: 'sometimes' })),
    [abs('hello.txt')],
  );
});

test('options maxAge, immutable, cacheControl, lastModified, acceptRanges, etag, headers', async () => {
  const variants = [
    { maxAge: 60_000 },
    { maxAge: '1h' },
    { maxAge: '1d', immutable: true },
    { cacheControl: false },
    { lastModified: false },
    { acceptRanges: false },
    { etag: false },
    { headers: { 'X-Custom': 'yes', 'Cache-Control': 'private', 'Content-Type': 'text/x-mine' } },
    { headers: { 'X-List': ['a', 'b'] } },
  ];
  const requests = [abs('4k.txt'), { ...abs('4k.txt'), headers: { range: 'bytes=0-9' } }];
  for (const options of variants)
    await assertSameAsExpress(
      sendApp(() => options),
      requests,
    );
  const [custom] = await requestAll(sendApp(() => variants[7])(webapp), [abs('hello.txt')]);
  assert.equal(custom.headers['x-custom'], 'yes');
  assert.equal(custom.headers['cache-control'], 'private');
  assert.equal(custom.headers['content-type'], 'text/x-mine');
  const [immutable] = await requestAll(sendApp(() => variants[2])(webapp), [abs('hello.txt')]);
  assert.equal(immutable.headers['cache-control'], 'public, max-age=86400, immutable');
});

test('conditional requests, ranges and HEAD', async () => {
  const stat = fs.statSync(path.join(FIXTURES, '4k.txt'));
  const etag = `W/"1000-${stat.mtime.getTime().toString(16)}"`;
  const requests: RequestOptions[] = [
    { ...abs('4k.txt'), headers: { 'if-none-match': etag } },
    { ...abs('4k.txt'), headers: { 'if-modified-since': stat.mtime.toUTCString() } },
    { ...abs('4k.txt'), headers: { 'if-match': '"nope"' } },
    { ...abs('4k.txt'), headers: { range: 'bytes=10-19' } },
    { ...abs('4k.txt'), headers: { range: 'bytes=9000-' } },
    { ...abs('4k.txt'), method: 'HEAD', headers: { range: 'bytes=10-19' } },
  ];
  await assertSameAsExpress(sendApp(), requests);
  const [notModified, , failed, partial] = await requestAll(sendApp()(webapp), requests);
  assert.equal(notModified.status, 304);
  assert.equal(JSON.parse(failed.body).status, 412);
  assert.equal(partial.status, 206);
  assert.equal(partial.headers['content-range'], 'bytes 10-19/4096');
});

test('a status and Content-Type set before are kept', async () => {
  const build = (lib: any) => {
    const app = lib();
    app.get('/', (_req: any, res: any) => {
      res.status(201).type('html').sendFile(path.join(FIXTURES, 'hello.txt'));
    });
    return app;
  };
  await assertSameAsExpress(build, [{ path: '/' }]);
  const res = await request(build(webapp), { path: '/' });
  assert.equal(res.status, 201);
  assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
});

test('callback: called once without error after a successful transfer', async () => {
  const results: unknown[] = [];
  const app = webapp();
  app.get('/', (_req: any, res: any) => {
    res.sendFile(path.join(FIXTURES, 'hello.txt'), (err: unknown) => results.push(err));
  });
  app.get('/head', (_req: any, res: any) => {
    res.sendFile(path.join(FIXTURES, 'hello.txt'), {}, (err: unknown) => results.push(err));
  });
  const [res, head] = await requestAll(app, [{ path: '/' }, { path: '/head', method: 'HEAD' }]);
  assert.equal(res.body, 'hello world\n');
  assert.equal(head.body, '');
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(results, [undefined, undefined]);
});

test('callback: gets the error and must answer itself', async () => {
  const build = (lib: any) => {
    const app = lib();
    app.get('/:name', (req: any, res: any) => {
      res.sendFile(req.params.name, { root: FIXTURES }, (err: any) => {
        res.status(err.status ?? 500).json({ code: err.code, status: err.status, message: err.message });
      });
    });
    app.get('/dir/nested', (_req: any, res: any) => {
      res.sendFile('nested', { root: FIXTURES }, (err: any) =>
        res.json({ code: err.code, message: err.message }),
      );
    });
    return app;
  };
  const requests = [{ path: '/missing.txt' }, { path: '/.secret' }, { path: '/nested' }];
  await assertSameAsExpress(build, requests);
  const [missing, , directory] = await requestAll(build(webapp), requests);
  assert.equal(missing.status, 404);
  assert.equal(JSON.parse(missing.body).code, 'ENOENT');
  assert.deepEqual(JSON.parse(directory.body), { code: 'EISDIR', message: 'EISDIR, read' });
});

test('callback: an aborted request reports ECONNABORTED', async (t) => {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  fs.writeFileSync(path.join(dir, 'huge.bin'), Buffer.alloc(16 * 1024 * 1024));
  let settle!: (err: any) => void;
  const outcome = new Promise<any>((resolve) => {
    settle = resolve;
  });
  const app = webapp();
  app.get('/', (_req: any, res: any) => res.sendFile('huge.bin', { root: dir }, settle));
  await withServer(app, async (port) => {
    await new Promise<void>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => {});
    });
    const err = await outcome;
    assert.equal(err?.code, 'ECONNABORTED');
    assert.equal(err?.message, 'Request aborted');
  });
});

test('callback: a request already gone before sendFile reports ECONNABORTED', async () => {
  let settle!: (err: any) => void;
  const outcome = new Promise<any>((resolve) => {
    settle = resolve;
  });
  const app = webapp();
  app.get('/', (req: any, res: any) => {
    req.socket.destroy();
    setImmediate(() => res.sendFile(path.join(FIXTURES, 'hello.txt'), settle));
  });
  await withServer(app, async (port) => {
    await new Promise<void>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/', agent: false });
      req.on('error', () => resolve());
    });
    assert.equal((await outcome)?.code, 'ECONNABORTED');
  });
});

test('without callback an aborted request is not an error', async (t) => {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  fs.writeFileSync(path.join(dir, 'huge.bin'), Buffer.alloc(16 * 1024 * 1024));
  const errors: unknown[] = [];
  let closed!: () => void;
  const done = new Promise<void>((resolve) => {
    closed = resolve;
  });
  const app = webapp();
  app.get('/', (_req: any, res: any) => {
    res.on('close', () => setImmediate(closed));
    res.sendFile('huge.bin', { root: dir });
  });
  app.use((err: unknown, _req: any, _res: any, _next: any) => errors.push(err));
  await withServer(app, async (port) => {
    await new Promise<void>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => {});
    });
    await done;
    assert.deepEqual(errors, []);
  });
});

test('after headers were sent, the callback gets a 500 error', async () => {
  const build = (lib: any) => {
    const app = lib();
    app.get('/', (_req: any, res: any) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.sendFile(path.join(FIXTURES, 'hello.txt'), (err: any) => {
        res.end(`${err.status} ${err.message}`);
      });
    });
    return app;
  };
  await assertSameAsExpress(build, [{ path: '/' }]);
  const res = await request(build(webapp), { path: '/' });
  assert.equal(res.body, "500 Can't set headers after they are sent.");
});

test('a throwing callback or an invalid header goes to next(err) instead of crashing', async () => {
  const app = webapp();
  app.get('/throw', (_req: any, res: any) => {
    res.sendFile(path.join(FIXTURES, 'missing'), () => {
      throw new Error('callback failed');
    });
  });
  app.get('/header', (_req: any, res: any) => {
    res.sendFile(path.join(FIXTURES, 'hello.txt'), { headers: { 'X-Bad': 'a\r\nInjected: 1' } });
  });
  app.use(echoError);
  const [thrown, header] = await requestAll(app, [{ path: '/throw' }, { path: '/header' }]);
  assert.equal(JSON.parse(thrown.body).message, 'callback failed');
  assert.equal(header.status, 299);
  assert.equal(header.headers.injected, undefined);
  assert.equal(JSON.parse(header.body).status, 500);
});

test('files changed between requests are sent fresh', async (t) => {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  const file = path.join(dir, 'live.txt');
  fs.writeFileSync(file, 'before');
  const app = webapp();
  app.get('/', (_req: any, res: any) => res.sendFile(file));
  const first = await request(app, { path: '/' });
  fs.writeFileSync(file, 'after!!');
  const second = await request(app, { path: '/' });
  assert.equal(first.body, 'before');
  assert.equal(second.body, 'after!!');
});
