/**
 * Serverless adapters (serverless-http, @vendia/serverless-express) and in-process injectors build
 * `req.headers` themselves and may put a number or an array where node's parser gives a string. The
 * same app on express@4 and webapp, with the headers rewritten that way before either sees them.
 */
import assert from 'node:assert/strict';
import type http from 'node:http';
import { describe, it } from 'node:test';
import { assertSameAsExpress, type Handler, type RequestOptions, request } from '../support/http';

type Rewrite = (headers: http.IncomingHttpHeaders) => void;

/** `app` behind a step that rewrites the request's headers as an adapter would. */
function behind(rewrite: Rewrite, app: Handler): Handler {
  return (req, res) => {
    rewrite(req.headers);
    app(req, res);
  };
}

const numericLength: Rewrite = (headers) => {
  if (headers['content-length'] !== undefined) {
    (headers as Record<string, unknown>)['content-length'] = Number(headers['content-length']);
  }
};

function parsersApp(lib: any, rewrite: Rewrite): Handler {
  const app = lib();
  app.use(lib.json({ limit: 64 }));
  app.use(lib.urlencoded({ extended: false, limit: 64 }));
  app.use(lib.text({ limit: 64 }));
  app.post('*', (req: any, res: any) => res.json({ body: req.body, is: req.is('json') }));
  app.use((err: any, req: any, res: any, next: any) => res.status(err.status).json({ type: err.type }));
  return behind(rewrite, app);
}

const posts: RequestOptions[] = [
  { method: 'POST', path: '/j', headers: { 'content-type': 'application/json' }, body: '{"a":1}' },
  {
    method: 'POST',
    path: '/u',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'a=1&b=2',
  },
  { method: 'POST', path: '/t', headers: { 'content-type': 'text/plain' }, body: 'hello' },
  {
    method: 'POST',
    path: '/big',
    headers: { 'content-type': 'application/json' },
    body: `{"a":"${'x'.repeat(100)}"}`,
  },
  { method: 'POST', path: '/empty', headers: { 'content-type': 'application/json' }, body: '' },
];

describe('request headers built by other code', () => {
  it('a numeric Content-Length: bodies parsed, over-limit refused with 413, as express@4', async () => {
    await assertSameAsExpress((lib) => parsersApp(lib, numericLength), posts);
  });

  it('a numeric Content-Length is parsed, not read as an empty body', async () => {
    const webapp = require('../../src/index');
    const res = await request(parsersApp(webapp, numericLength), posts[0]);
    assert.deepEqual(JSON.parse(res.body), { body: { a: 1 }, is: 'json' });
    const big = await request(parsersApp(webapp, numericLength), posts[3]);
    assert.equal(big.status, 413);
  });

  it('a Content-Length given as a one-element array, as express@4', async () => {
    const asArray: Rewrite = (headers) => {
      (headers as Record<string, unknown>)['content-length'] = [headers['content-length']];
    };
    await assertSameAsExpress((lib) => parsersApp(lib, asArray), posts.slice(0, 4));
  });

  it('Host, X-Forwarded-* and If-None-Match as arrays or numbers are read, not a crash', async () => {
    const webapp = require('../../src/index');
    const app = webapp();
    app.set('trust proxy', true);
    app.get('/', (req: any, res: any) => {
      res.set('ETag', '"v1"');
      res.json({ hostname: req.hostname, protocol: req.protocol, ip: req.ip, fresh: req.fresh });
    });
    const rewrite: Rewrite = (headers) => {
      const raw = headers as Record<string, unknown>;
      raw['x-forwarded-host'] = ['example.com:8080', 'proxy.local'];
      raw['x-forwarded-proto'] = ['https'];
      raw['x-forwarded-for'] = ['203.0.113.9', '10.0.0.2'];
      raw['if-none-match'] = ['"v0"', '"v1"'];
    };
    const res = await request(behind(rewrite, app), { path: '/' });
    assert.equal(res.status, 304);
    const plain = await request(
      behind((headers) => {
        const raw = headers as Record<string, unknown>;
        raw.host = ['example.org'];
        raw['x-forwarded-for'] = 42;
      }, app),
      { path: '/' },
    );
    assert.equal(plain.status, 200);
    assert.deepEqual(JSON.parse(plain.body), {
      hostname: 'example.org',
      protocol: 'http',
      ip: '42',
      fresh: false,
    });
    const forwarded = await request(
      behind((headers) => {
        const raw = headers as Record<string, unknown>;
        raw['x-forwarded-host'] = ['example.com:8080', 'proxy.local'];
        raw['x-forwarded-proto'] = ['https'];
        raw['x-forwarded-for'] = ['203.0.113.9', '10.0.0.2'];
      }, app),
      { path: '/' },
    );
    assert.deepEqual(JSON.parse(forwarded.body), {
      hostname: 'example.com',
      protocol: 'https',
      ip: '203.0.113.9',
      fresh: false,
    });
  });
});
