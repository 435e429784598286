import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

import webapp = require('../../src/index');

import { withoutCoverage } from '../support/child-env';
import { CONNECTION_HEADERS, requestAll2, type ServerKind, send2, withHttp2Server } from '../support/http2';

const KINDS: ServerKind[] = ['webapp', 'node'];
const FILE = path.resolve(__dirname, '../../../package.json');

function noConnectionHeaders(headers: Record<string, unknown>): void {
  for (const name of CONNECTION_HEADERS) assert.equal(headers[name], undefined, `${name} sent over HTTP/2`);
}

describe('req members over HTTP/2', () => {
  it('hostname, host, get("host"), subdomains come from :authority; protocol and secure from TLS', async () => {
    const app = webapp() as any;
    app.get('/', (req: any, res: any) =>
      res.json([req.hostname, req.get('host'), req.headers.host, req.subdomains, req.protocol, req.secure]),
    );
    for (const secure of [false, true]) {
      const [res] = await requestAll2(app, [{ path: '/', headers: { host: 'tobi.example.com:8443' } }], {
        secure,
      });
      assert.deepEqual(JSON.parse(res.body), [
        'tobi.example.com',
        'tobi.example.com:8443',
        'tobi.example.com:8443',
        ['tobi'],
        secure ? 'https' : 'http',
        secure,
      ]);
    }
  });

  it('ip, ips, protocol and hostname follow trust proxy', async () => {
    const app = webapp() as any;
    app.set('trust proxy', 'loopback');
    app.get('/', (req: any, res: any) => res.json([req.ip, req.ips, req.protocol, req.hostname]));
    const headers = {
      'x-forwarded-for': '203.0.113.9, 127.0.0.1',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'public.example',
    };
    for (const kind of KINDS) {
      const [res] = await requestAll2(app, [{ path: '/', headers }], { kind });
      assert.deepEqual(JSON.parse(res.body), [
        '203.0.113.9',
        ['203.0.113.9', '127.0.0.1'],
        'https',
        'public.example',
      ]);
    }
    const untrusted = webapp() as any;
    untrusted.get('/', (req: any, res: any) =>
      res.json([req.ip.replace('::ffff:', ''), req.ips, req.protocol]),
    );
    const [plain] = await requestAll2(untrusted, [{ path: '/', headers }]);
    assert.deepEqual(JSON.parse(plain.body), ['127.0.0.1', [], 'http']);
  });

  it('fresh answers conditional GETs with 304 and no body', async () => {
    const app = webapp() as any;
    app.get('/', (req: any, res: any) => res.send('hello'));
    await withHttp2Server(app, async ({ session }) => {
      const first = await send2(session, { path: '/' });
      assert.equal(first.status, 200);
      assert.equal(first.headers['content-length'], '5');
      const etag = first.headers.etag as string;
      const second = await send2(session, { path: '/', headers: { 'if-none-match': etag } });
      assert.equal(second.status, 304);
      assert.equal(second.body, '');
    });
  });
});

describe('res members over HTTP/2', () => {
  it('send, json, jsonp, sendStatus, redirect, location, links, vary, set, append, cookies, format, attachment', async () => {
    const app = webapp() as any;
    app.set('jsonp callback name', 'cb');
    app.get('/send', (_req: any, res: any) => res.send({ a: 1 }));
    app.get('/json', (_req: any, res: any) => res.status(201).json([1]));
    app.get('/jsonp', (_req: any, res: any) => res.jsonp({ b: 2 }));
    app.get('/status', (_req: any, res: any) => res.sendStatus(418));
    app.get('/redirect', (_req: any, res: any) => res.redirect(301, '/there'));
    app.get('/back', (_req: any, res: any) => res.location('back').end());
    app.get('/headers', (_req: any, res: any) => {
      res.links({ next: '/p2' });
      res.vary('Accept').vary('Origin');
      res.set({ 'X-One': '1' }).append('X-Two', ['a', 'b']);
      res.cookie('c', 'v', { httpOnly: true }).clearCookie('old');
      res.attachment('report.pdf');
      res.end();
    });
    app.get('/format', (_req: any, res: any) =>
      res.format({ text: () => res.send('t'), json: () => res.send({}) }),
    );
    const [send, json, jsonp, status, redirect, back, headers, format] = await requestAll2(app, [
      { path: '/send' },
      { path: '/json' },
      { path: '/jsonp?cb=fn' },
      { path: '/status' },
      { path: '/redirect', headers: { accept: 'text/html' } },
      { path: '/back', headers: { referer: '/from' } },
      { path: '/headers' },
      { path: '/format', headers: { accept: 'text/plain' } },
    ]);
    assert.deepEqual(
      [send.body, send.headers['content-length'], send.headers['content-type']],
      ['{"a":1}', '7', 'application/json; charset=utf-8'],
    );
    assert.deepEqual([json.status, json.body], [201, '[1]']);
    assert.match(jsonp.body, /typeof fn === 'function' && fn\(\{"b":2\}\);/);
    assert.deepEqual([status.status, status.body], [418, "I'm a Teapot"]);
    assert.deepEqual([redirect.status, redirect.headers.location], [301, '/there']);
    assert.match(redirect.body, /Moved Permanently/);
    assert.equal(back.headers.location, '/from');
    assert.equal(headers.headers.link, '</p2>; rel="next"');
    assert.equal(headers.headers.vary, 'Accept, Origin');
    assert.equal(headers.headers['x-one'], '1');
    assert.equal(headers.headers['x-two'], 'a, b');
    assert.deepEqual(headers.headers['set-cookie'], [
      'c=v; Path=/; HttpOnly',
      'old=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ]);
    assert.equal(headers.headers['content-disposition'], 'attachment; filename="report.pdf"');
    assert.deepEqual([format.body, format.headers.vary], ['t', 'Accept']);
    for (const res of [send, json, jsonp, status, redirect, back, headers, format])
      noConnectionHeaders(res.headers);
  });

  it('sendFile, download and render', async () => {
    const app = webapp() as any;
    app.set('views', path.resolve(__dirname, '../../../test/fixtures/views/ejs'));
    app.set('view engine', 'ejs');
    app.get('/file', (_req: any, res: any) => res.sendFile(FILE));
    app.get('/download', (_req: any, res: any) => res.download(FILE, 'pkg.json'));
    app.get('/missing', (_req: any, res: any, next: any) =>
      res.sendFile(path.join(__dirname, 'nope.txt'), (err: any) =>
        res.status(err.status).send(`cb ${err.code}`),
      ),
    );
    app.get('/render', (_req: any, res: any) =>
      res.render('user', { user: { name: 'h2' } }, (err: any, html: string) =>
        res.send(err ? `error ${err.message}` : html),
      ),
    );
    const [file, download, missing, render] = await requestAll2(app, [
      { path: '/file' },
      { path: '/download' },
      { path: '/missing' },
      { path: '/render' },
    ]);
    const bytes = fs.readFileSync(FILE);
    assert.equal(file.raw.equals(bytes), true);
    assert.equal(file.headers['content-length'], String(bytes.length));
    assert.equal(download.headers['content-disposition'], 'attachment; filename="pkg.json"');
    assert.deepEqual([missing.status, missing.body], [404, 'cb ENOENT']);
    assert.equal(render.status, 200);
    assert.match(render.body, /h2/);
    assert.doesNotMatch(render.body, /^error/);
  });

  it('drops HTTP/1-only headers set by any route, in setHeader, appendHeader and writeHead', async () => {
    const app = webapp() as any;
    app.get('/set', (_req: any, res: any) => {
      res.setHeader('Connection', 'close');
      res.setHeader('Keep-Alive', 'timeout=5');
      res.set('Transfer-Encoding', 'chunked');
      res.append('Upgrade', 'h2c');
      res.setHeader('Proxy-Connection', 'keep-alive');
      res.send('ok');
    });
    app.get('/head', (_req: any, res: any) => {
      res.writeHead(200, { Connection: 'keep-alive', 'Keep-Alive': 'timeout=5', 'X-Kept': 'yes' });
      res.end('ok');
    });
    app.get('/chain', (_req: any, res: any) => res.setHeader('X-Chain', '  padded ').send('chained'));
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      for (const kind of KINDS) {
        const [set, head, chain] = await requestAll2(
          app,
          [{ path: '/set' }, { path: '/head' }, { path: '/chain' }],
          {
            kind,
          },
        );
        assert.deepEqual([set.status, set.body, head.status, head.body], [200, 'ok', 200, 'ok']);
        noConnectionHeaders(set.headers);
        noConnectionHeaders(head.headers);
        assert.equal(head.headers['x-kept'], 'yes');
        assert.deepEqual([chain.body, chain.headers['x-chain']], ['chained', 'padded']);
      }
    } finally {
      process.off('warning', onWarning);
    }
    assert.deepEqual(warnings, []);
  });

  it('rejects CR/LF in header values as http.ServerResponse does, through the error handler', async () => {
    const app = webapp() as any;
    app.get('/', (_req: any, res: any) => res.set('X-A', 'a\r\nSet-Cookie: x=1').send('no'));
    app.use((err: any, _req: any, res: any, _next: any) => res.status(500).send(err.code));
    const [res] = await requestAll2(app, [{ path: '/' }]);
    assert.deepEqual([res.status, res.body, res.headers['set-cookie']], [500, 'ERR_INVALID_CHAR', undefined]);
  });

  it('a status above 599 (valid in HTTP/1.1) reaches the error handler as a RangeError', async () => {
    const app = webapp() as any;
    app.get('/', (_req: any, res: any) => res.sendStatus(799));
    app.use((err: any, _req: any, res: any, _next: any) => res.status(500).send(err.name));
    const [res] = await requestAll2(app, [{ path: '/' }]);
    assert.deepEqual([res.status, res.body], [500, 'RangeError']);
  });

  it('the final handler answers 404 and errors with no status text', async () => {
    const app = webapp() as any;
    app.set('env', 'production');
    app.get('/boom', () => {
      throw Object.assign(new Error('nope'), { status: 503 });
    });
    const [missing, boom] = await requestAll2(app, [{ path: '/missing' }, { path: '/boom' }]);
    assert.equal(missing.status, 404);
    assert.match(missing.body, /Cannot GET \/missing/);
    assert.equal(boom.status, 503);
    assert.match(boom.body, /Service Unavailable/);
  });
});

describe('middleware over HTTP/2', () => {
  it('json, urlencoded, text and raw parsers read bodies with and without Content-Length', async () => {
    const app = webapp() as any;
    app.post('/json', webapp.json(), (req: any, res: any) => res.json(req.body));
    app.post('/form', webapp.urlencoded({ extended: false }), (req: any, res: any) => res.json(req.body));
    app.post('/text', webapp.text(), (req: any, res: any) => res.send(req.body));
    app.post('/raw', webapp.raw(), (req: any, res: any) => res.send(String(req.body.length)));
    app.post('/limit', webapp.json({ limit: 10 }), (req: any, res: any) => res.json(req.body));
    app.use((err: any, _req: any, res: any, _next: any) => res.status(err.status).send(err.type));
    const body = '{"a":[1,2]}';
    const [json, sized, form, text, raw, limit] = await requestAll2(app, [
      { method: 'POST', path: '/json', headers: { 'content-type': 'application/json' }, body },
      {
        method: 'POST',
        path: '/json',
        headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
        body,
      },
      {
        method: 'POST',
        path: '/form',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'x=1',
      },
      { method: 'POST', path: '/text', headers: { 'content-type': 'text/plain' }, body: 'plain' },
      {
        method: 'POST',
        path: '/raw',
        headers: { 'content-type': 'application/octet-stream' },
        body: Buffer.alloc(300),
      },
      {
        method: 'POST',
        path: '/limit',
        headers: { 'content-type': 'application/json' },
        body: '"0123456789abcdef"',
      },
    ]);
    assert.equal(json.body, body);
    assert.equal(sized.body, body);
    assert.equal(form.body, '{"x":"1"}');
    assert.equal(text.body, 'plain');
    assert.equal(raw.body, '300');
    assert.deepEqual([limit.status, limit.body], [413, 'entity.too.large']);
  });

  it('a body without Content-Length counts as a body (req.is, type-is); a request without one does not', async () => {
    const app = webapp() as any;
    app.all('/', (req: any, res: any) =>
      res.json([req.is('json'), req.headers['transfer-encoding'] ?? null]),
    );
    const [get, post, sized] = await requestAll2(app, [
      { path: '/', headers: { 'content-type': 'application/json' } },
      { method: 'POST', path: '/', headers: { 'content-type': 'application/json' }, body: '{}' },
      {
        method: 'POST',
        path: '/',
        headers: { 'content-type': 'application/json', 'content-length': '2' },
        body: '{}',
      },
    ]);
    assert.deepEqual(JSON.parse(get.body), [null, null]);
    assert.deepEqual(JSON.parse(post.body), ['json', 'chunked']);
    assert.deepEqual(JSON.parse(sized.body), ['json', null]);
  });

  it('static: ranges, conditional GET, HEAD, 404 fall-through', async () => {
    const app = webapp() as any;
    const root = path.dirname(FILE);
    app.use(webapp.static(root));
    const bytes = fs.readFileSync(FILE);
    await withHttp2Server(app, async ({ session }) => {
      const full = await send2(session, { path: '/package.json' });
      assert.equal(full.raw.equals(bytes), true);
      const range = await send2(session, { path: '/package.json', headers: { range: 'bytes=2-9' } });
      assert.deepEqual(
        [range.status, range.body, range.headers['content-range']],
        [206, bytes.subarray(2, 10).toString(), `bytes 2-9/${bytes.length}`],
      );
      const bad = await send2(session, {
        path: '/package.json',
        headers: { range: `bytes=${bytes.length + 5}-` },
      });
      assert.equal(bad.status, 416);
      const cached = await send2(session, {
        path: '/package.json',
        headers: { 'if-none-match': full.headers.etag as string },
      });
      assert.deepEqual([cached.status, cached.body], [304, '']);
      const head = await send2(session, { path: '/package.json', method: 'HEAD' });
      assert.deepEqual(
        [head.status, head.body, head.headers['content-length']],
        [200, '', String(bytes.length)],
      );
      assert.equal((await send2(session, { path: '/no-such-file' })).status, 404);
      noConnectionHeaders(range.headers);
    });
  });

  it('compress, cookie-session, csrf and cookie-parser', async () => {
    const app = webapp() as any;
    app.use(webapp.cookieParser('secret'));
    app.use(webapp.cookieSession({ keys: ['k1'] }));
    app.use(webapp.compress({ threshold: 0 }));
    app.use(webapp.urlencoded({ extended: false }));
    app.use(webapp.csrf());
    app.get('/', (req: any, res: any) => {
      req.session.views = (req.session.views ?? 0) + 1;
      res.send(`${req.csrfToken()} ${'x'.repeat(2000)}`);
    });
    app.post('/', (req: any, res: any) => res.send(`posted ${req.session.views}`));
    app.use((err: any, _req: any, res: any, _next: any) =>
      res.status(err.status ?? 500).send(err.code ?? 'error'),
    );
    await withHttp2Server(app, async ({ session }) => {
      const first = await send2(session, { path: '/', headers: { 'accept-encoding': 'gzip' } });
      assert.equal(first.headers['content-encoding'], 'gzip');
      noConnectionHeaders(first.headers);
      const text = zlib.gunzipSync(first.raw).toString();
      const token = text.split(' ')[0];
      const cookies = (first.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');
      const ok = await send2(session, {
        method: 'POST',
        path: '/',
        headers: { cookie: cookies, 'content-type': 'application/x-www-form-urlencoded' },
        body: `_csrf=${encodeURIComponent(token)}`,
      });
      assert.deepEqual([ok.status, ok.body], [200, 'posted 1']);
      const forged = await send2(session, {
        method: 'POST',
        path: '/',
        headers: { cookie: cookies, 'content-type': 'application/x-www-form-urlencoded' },
        body: '_csrf=forged',
      });
      assert.deepEqual([forged.status, forged.body], [403, 'EBADCSRFTOKEN']);
    });
  });

  it('the 3.x bodyParser, basicAuth and directory listings', async () => {
    const app = webapp() as any;
    app.use('/files', webapp.directory(path.dirname(FILE)));
    app.use('/secret', webapp.basicAuth('user', 'pass'), (_req: any, res: any) => res.send('in'));
    app.post('/both', webapp.bodyParser(), (req: any, res: any) => res.json(req.body));
    const [listing, denied, allowed, both] = await requestAll2(app, [
      { path: '/files/', headers: { accept: 'text/html' } },
      { path: '/secret' },
      { path: '/secret', headers: { authorization: `Basic ${Buffer.from('user:pass').toString('base64')}` } },
      { method: 'POST', path: '/both', headers: { 'content-type': 'application/json' }, body: '{"z":1}' },
    ]);
    assert.equal(listing.status, 200);
    assert.match(listing.body, /package\.json/);
    assert.equal(denied.status, 401);
    assert.equal(allowed.body, 'in');
    assert.equal(both.body, '{"z":1}');
  });

  it('third-party Express middleware: multer, morgan, express-session, cors, helmet', async () => {
    const multer = require('multer');
    const morgan = require('morgan');
    const session = require('express-session');
    const cors = require('cors');
    const helmet = require('helmet');
    const lines: string[] = [];
    const app = webapp() as any;
    app.use(
      morgan(':method :url :status :res[content-length]', {
        stream: { write: (line: string) => lines.push(line.trim()) },
      }),
    );
    app.use(helmet());
    app.use(cors({ origin: 'https://a.example' }));
    app.use(session({ secret: 's', resave: false, saveUninitialized: true }));
    app.post('/upload', multer({ storage: multer.memoryStorage() }).single('file'), (req: any, res: any) => {
      req.session.uploads = (req.session.uploads ?? 0) + 1;
      res.json({
        name: req.file.originalname,
        size: req.file.size,
        field: req.body.note,
        uploads: req.session.uploads,
      });
    });
    const boundary = 'XyZ';
    const body = [
      `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n`,
      'x'.repeat(1000),
      `\r\n--${boundary}--\r\n`,
    ].join('');
    const headers = {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      origin: 'https://a.example',
    };
    await withHttp2Server(app, async ({ session: client }) => {
      const first = await send2(client, { method: 'POST', path: '/upload', headers, body });
      assert.equal(first.status, 200);
      assert.deepEqual(JSON.parse(first.body), { name: 'a.txt', size: 1000, field: 'hi', uploads: 1 });
      assert.equal(first.headers['access-control-allow-origin'], 'https://a.example');
      assert.equal(first.headers['x-content-type-options'], 'nosniff');
      const cookie = (first.headers['set-cookie'] as string[])[0].split(';')[0];
      const second = await send2(client, {
        method: 'POST',
        path: '/upload',
        headers: { ...headers, cookie },
        body,
      });
      assert.equal(JSON.parse(second.body).uploads, 2);
      noConnectionHeaders(second.headers);
    });
    assert.equal(lines.length, 2);
    for (const line of lines) assert.match(line, /^POST \/upload 200 \d+$/);
  });
});

describe("webapp's own members over HTTP/2", () => {
  it("stay visible when node's HTTP/1 request class has a member of the same name (req.signal, node 24+)", async () => {
    // node 20 and 22 have no IncomingMessage.prototype.signal: the child gives them one before webapp loads.
    const build = (file: string) => JSON.stringify(path.resolve(__dirname, '../../src', file));
    const script = `
const http = require('node:http');
if (!Object.hasOwn(http.IncomingMessage.prototype, 'signal')) {
  Object.defineProperty(http.IncomingMessage.prototype, 'signal', { configurable: true, get() { return 'node'; } });
}
const http2 = require('node:http2');
const webapp = require(${build('index.js')});
const { createServer } = require(${build('middleware/http2.js')});
const app = webapp();
app.get('/', (req, res) => res.json({ signal: req.signal instanceof AbortSignal, aborted: req.signal.aborted }));
const server = createServer(app).listen(0, '127.0.0.1', () => {
  const session = http2.connect('http://127.0.0.1:' + server.address().port);
  const stream = session.request({ ':path': '/' });
  let body = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => { body += chunk; });
  stream.on('end', () => { console.log(body); session.close(); server.close(); });
  stream.end();
});`;
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], {
      timeout: 20_000,
      env: withoutCoverage(),
    });
    assert.deepEqual(JSON.parse(stdout), { signal: true, aborted: false });
  });
});
