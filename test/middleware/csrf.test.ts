import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { test } from 'node:test';
import { cookieParser } from '../../src/middleware/cookie-parser';
import { cookieSession } from '../../src/middleware/cookie-session';
import { createToken, csrf, verifyToken } from '../../src/middleware/csrf';
import { type RequestOptions, send, type TestResponse, withServer } from '../support/http';

import webapp = require('../../src/index');

const csurf = require('csurf');

type Middleware = (req: any, res: any, next: (err?: unknown) => void) => void;

/** A minimal browser: remembers cookies between requests. */
class Browser {
  cookies = new Map<string, string>();
  constructor(private port: number) {}
  async fetch(options: RequestOptions): Promise<TestResponse> {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    if (this.cookies.size > 0 && headers.cookie === undefined) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const res = await send(this.port, { ...options, headers });
    for (const line of res.headers['set-cookie'] ?? []) {
      const pair = line.split(';')[0];
      const eq = pair.indexOf('=');
      const expired = /expires=Thu, 01 Jan 1970/i.test(line);
      if (expired) this.cookies.delete(pair.slice(0, eq));
      else this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  }
}

/** An app protected by `protection`, with a session (or cookie parser) in front. */
function buildApp(protection: Middleware, store: 'session' | 'cookie' | 'signed-cookie' | 'none') {
  const app = webapp();
  if (store === 'session') app.use(cookieSession({ keys: ['session key'] }));
  if (store === 'cookie') app.use(cookieParser());
  if (store === 'signed-cookie') app.use(cookieParser('parser secret'));
  app.use(webapp.urlencoded({ extended: false }));
  app.use(webapp.json());
  app.use(protection);
  app.get('/token', (req: any, res: any) => res.send(req.csrfToken()));
  app.get('/token-twice', (req: any, res: any) => {
    const first = req.csrfToken();
    res.json(first === req.csrfToken());
  });
  app.all('/submit', (_req: any, res: any) => res.send('accepted'));
  app.use((err: any, _req: any, res: any, _next: any) => {
    res.status(err.status ?? 500).send(`${err.status ?? 500} ${err.code ?? '-'} ${err.message}`);
  });
  return app as any;
}

/** Runs a scripted visit and returns status and body of every step. */
async function visit(app: any): Promise<string[]> {
  return withServer(app, async (port) => {
    const browser = new Browser(port);
    const out: string[] = [];
    const record = (label: string, res: TestResponse, body = res.body) =>
      out.push(`${label}: ${res.status} ${body}`);
    const tokenRes = await browser.fetch({ path: '/token' });
    record('get token', tokenRes, tokenRes.status === 200 ? '<token>' : tokenRes.body);
    const token = tokenRes.body;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const steps: Array<[string, RequestOptions]> = [
      ['post nothing', { method: 'POST', path: '/submit' }],
      [
        'post body',
        { method: 'POST', path: '/submit', headers: form, body: `_csrf=${encodeURIComponent(token)}` },
      ],
      [
        'post json body',
        {
          method: 'POST',
          path: '/submit',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ _csrf: token }),
        },
      ],
      ['post query', { method: 'POST', path: `/submit?_csrf=${encodeURIComponent(token)}` }],
      ['post csrf-token', { method: 'POST', path: '/submit', headers: { 'csrf-token': token } }],
      ['post xsrf-token', { method: 'POST', path: '/submit', headers: { 'xsrf-token': token } }],
      ['post x-csrf-token', { method: 'POST', path: '/submit', headers: { 'x-csrf-token': token } }],
      ['post x-xsrf-token', { method: 'POST', path: '/submit', headers: { 'x-xsrf-token': token } }],
      ['put header', { method: 'PUT', path: '/submit', headers: { 'x-csrf-token': token } }],
      ['delete none', { method: 'DELETE', path: '/submit' }],
      ['patch none', { method: 'PATCH', path: '/submit' }],
      ['get none', { path: '/submit' }],
      ['head none', { method: 'HEAD', path: '/submit' }],
      ['options none', { method: 'OPTIONS', path: '/submit' }],
      ['post wrong', { method: 'POST', path: '/submit', headers: { 'x-csrf-token': 'abc-def' } }],
      ['post no dash', { method: 'POST', path: '/submit', headers: { 'x-csrf-token': 'abcdef' } }],
      ['post altered', { method: 'POST', path: '/submit', headers: { 'x-csrf-token': `${token}x` } }],
      [
        'post array',
        {
          method: 'POST',
          path: '/submit',
          headers: form,
          body: `_csrf=${encodeURIComponent(token)}&_csrf=x`,
        },
      ],
      ['post empty', { method: 'POST', path: '/submit', headers: form, body: '_csrf=' }],
      ['token twice', { path: '/token-twice' }],
    ];
    for (const [label, options] of steps) record(label, await browser.fetch(options));
    // Another visitor's token is worthless here.
    const other = new Browser(port);
    const otherToken = (await other.fetch({ path: '/token' })).body;
    record(
      'post foreign token',
      await browser.fetch({ method: 'POST', path: '/submit', headers: { 'x-csrf-token': otherToken } }),
    );
    // A fresh token of the same visitor works as well as the first.
    const second = (await browser.fetch({ path: '/token' })).body;
    record(
      'post second token',
      await browser.fetch({ method: 'POST', path: '/submit', headers: { 'x-csrf-token': second } }),
    );
    // Without the session or secret cookie, the token means nothing.
    record(
      'post without cookies',
      await send(port, { method: 'POST', path: '/submit', headers: { 'x-csrf-token': token } }),
    );
    return out;
  });
}

for (const [store, options] of [
  ['session', undefined],
  ['cookie', { cookie: true }],
  ['signed-cookie', { cookie: { signed: true, key: 'xsrf', httpOnly: true } }],
  ['session', { ignoreMethods: ['get', 'POST'] }],
  ['session', { value: (req: any) => req.headers['x-my-token'] }],
  ['none', undefined],
  ['cookie', { cookie: { signed: true } }],
] as const) {
  test(`csrf(${JSON.stringify(options)}) with ${store} behaves like csurf`, async () => {
    const expected = await visit(buildApp(csurf(options), store));
    const actual = await visit(buildApp(csrf(options as any), store));
    assert.deepEqual(actual, expected);
  });
}

test('csrf accepts its tokens and refuses everything else with 403 EBADCSRFTOKEN', async () => {
  const out = await visit(buildApp(csrf(), 'session'));
  const refused = '403 403 EBADCSRFTOKEN invalid csrf token';
  assert.deepEqual(out, [
    'get token: 200 <token>',
    `post nothing: ${refused}`,
    'post body: 200 accepted',
    'post json body: 200 accepted',
    'post query: 200 accepted',
    'post csrf-token: 200 accepted',
    'post xsrf-token: 200 accepted',
    'post x-csrf-token: 200 accepted',
    'post x-xsrf-token: 200 accepted',
    'put header: 200 accepted',
    `delete none: ${refused}`,
    `patch none: ${refused}`,
    'get none: 200 accepted',
    'head none: 200 ',
    'options none: 200 accepted',
    `post wrong: ${refused}`,
    `post no dash: ${refused}`,
    `post altered: ${refused}`,
    `post array: ${refused}`,
    `post empty: ${refused}`,
    'token twice: 200 true',
    `post foreign token: ${refused}`,
    'post second token: 200 accepted',
    `post without cookies: ${refused}`,
  ]);
});

test('csrf without a session or parsed cookies is a configuration error (500)', async () => {
  const out = await visit(buildApp(csrf(), 'none'));
  assert.equal(out[0], 'get token: 500 500 - misconfigured csrf');
  const signed = await visit(buildApp(csrf({ cookie: { signed: true } }), 'cookie'));
  assert.equal(signed[0], 'get token: 500 500 - misconfigured csrf', 'signed cookies need a parser secret');
});

test('csrf keeps the secret where csurf does: req.session.csrfSecret or the _csrf cookie', async () => {
  const app = webapp();
  const session: Record<string, any> = {};
  app.use((req: any, _res: any, next: any) => {
    req.session = session;
    next();
  });
  app.use(csrf());
  app.get('/', (req: any, res: any) => res.send(req.csrfToken()));
  const token = await withServer(app as any, (port) => send(port));
  assert.equal(typeof session.csrfSecret, 'string');
  assert.equal(session.csrfSecret.length, 24, '18 random bytes in base64url');
  assert.ok(verifyToken(session.csrfSecret, token.body));

  // A secret csurf stored keeps working: tokens are made from it.
  const cookieApp = webapp();
  cookieApp.use(cookieParser());
  cookieApp.use(csrf({ cookie: { key: 'sec', maxAge: 3600, sameSite: 'strict', secure: true } }));
  cookieApp.get('/', (req: any, res: any) => res.send(req.csrfToken()));
  await withServer(cookieApp as any, async (port) => {
    const first = await send(port);
    const setCookie = first.headers['set-cookie']![0];
    assert.match(setCookie, /^sec=[\w-]{24}; Max-Age=3600; Path=\/; Secure; SameSite=Strict$/);
    const secret = setCookie.slice(4, 28);
    assert.ok(verifyToken(secret, first.body));
    const again = await send(port, { headers: { cookie: `sec=${secret}` } });
    assert.equal(again.headers['set-cookie'], undefined, 'an existing secret is not re-sent');
    assert.ok(verifyToken(secret, again.body));
  });
});

test('csrfToken() follows a session replaced during the request', async () => {
  const app = webapp();
  app.use(cookieSession({ keys: ['k'] }));
  app.use(csrf());
  app.get('/', (req: any, res: any) => {
    const before = req.csrfToken();
    const oldSecret = req.session.csrfSecret;
    req.session = {};
    const after = req.csrfToken();
    res.json({
      changed: before !== after,
      newSecret: req.session.csrfSecret !== oldSecret,
      valid: verifyToken(req.session.csrfSecret, after),
      stale: verifyToken(req.session.csrfSecret, before),
    });
  });
  const res = await withServer(app as any, (port) => send(port));
  assert.deepEqual(JSON.parse(res.body), { changed: true, newSecret: true, valid: true, stale: false });
});

test('csrf tokens: fresh salt each time, HMAC bound to the secret, bounded input', () => {
  const secret = 'a secret';
  const a = createToken(secret);
  const b = createToken(secret);
  assert.notEqual(a, b);
  assert.match(a, /^[A-Za-z0-9]{8}-[\w-]{43}$/);
  assert.match(createToken(secret, 20), /^[A-Za-z0-9]{20}-/);
  assert.ok(verifyToken(secret, a));
  assert.ok(verifyToken(secret, b));
  assert.equal(verifyToken('another secret', a), false);
  const [salt, digest] = [a.slice(0, 8), a.slice(9)];
  assert.equal(verifyToken(secret, `${salt}X-${digest}`), false, 'salt changed');
  // A different last character ('A' and 'E' differ in the bits a 43-character digest's last one carries).
  const flipped = `${digest.slice(0, -1)}${digest.endsWith('A') ? 'E' : 'A'}`;
  assert.equal(verifyToken(secret, `${salt}-${flipped}`), false, 'digest changed');
  assert.equal(verifyToken(secret, `-${digest}`), false);
  assert.equal(verifyToken(secret, `${'s'.repeat(300)}-${digest}`), false);
  assert.equal(verifyToken(secret, ''), false);
  assert.equal(verifyToken(secret, undefined), false);
  assert.equal(verifyToken(secret, ['x']), false);
  assert.equal(verifyToken('', a), false);
  assert.equal(verifyToken(undefined, a), false);
  assert.throws(() => createToken(''), TypeError);
});

test('csrf compares tokens in constant time', () => {
  const original = crypto.timingSafeEqual;
  let calls = 0;
  (crypto as any).timingSafeEqual = (x: NodeJS.ArrayBufferView, y: NodeJS.ArrayBufferView) => {
    calls++;
    return original(x, y);
  };
  try {
    const token = createToken('s');
    assert.equal(verifyToken('s', token), true);
    assert.equal(verifyToken('s', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`), false);
    assert.equal(calls, 2);
    // A digest of the wrong length is refused before any comparison.
    assert.equal(verifyToken('s', `${token}A`), false);
    assert.equal(calls, 2);
  } finally {
    (crypto as any).timingSafeEqual = original;
  }
});

test('csrf regenerates a secret that is not a string (e.g. a j: JSON cookie)', async () => {
  const app = buildApp(csrf({ cookie: true }), 'cookie');
  await withServer(app, async (port) => {
    const res = await send(port, {
      path: '/token',
      headers: { cookie: `_csrf=${encodeURIComponent('j:{"a":1}')}` },
    });
    assert.equal(res.status, 200);
    const secret = res.headers['set-cookie']![0].split(';')[0].slice('_csrf='.length);
    assert.ok(verifyToken(secret, res.body));
  });
});

test('csrf refuses invalid options', () => {
  assert.throws(() => csrf({ ignoreMethods: 'GET' as any }), /option ignoreMethods must be an array/);
  assert.throws(() => csrf({ saltLength: 0 }), TypeError);
  assert.throws(() => csrf({ saltLength: Number.POSITIVE_INFINITY }), TypeError);
  assert.throws(() => csrf({ secretLength: 'x' as any }), TypeError);
  assert.throws(() => csrf({ value: 'x' as any }), TypeError);
  assert.throws(() => csrf({ cookie: { key: 'bad key' } }), TypeError);
  assert.equal(csrf().name, 'csrf');
  {
    // The module's default is the module itself, so require and every import form give one object.
    const mod = require('../../src/middleware/csrf');
    assert.equal(mod.default, mod);
  }
});
