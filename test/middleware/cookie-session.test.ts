import assert from 'node:assert/strict';
import crypto, { createHmac } from 'node:crypto';
import { test } from 'node:test';
import { cookieSession } from '../../src/middleware/cookie-session';
import { request, requestAll, type TestResponse } from '../support/http';

import webapp = require('../../src/index');

const referenceSession = require('cookie-session');
const Keygrip = require('keygrip');

type Middleware = (req: any, res: any, next: (err?: unknown) => void) => void;

interface SetCookie {
  value: string;
  attrs: Record<string, string | true>;
}

/** Set-Cookie values of a response by cookie name, attributes lower-cased. */
function setCookies(res: TestResponse): Record<string, SetCookie> {
  const out: Record<string, SetCookie> = {};
  for (const line of res.headers['set-cookie'] ?? []) {
    const [pair, ...attributes] = line.split(/; */);
    const eq = pair.indexOf('=');
    const attrs: Record<string, string | true> = {};
    for (const attribute of attributes) {
      const i = attribute.indexOf('=');
      if (i === -1) attrs[attribute.toLowerCase()] = true;
      else attrs[attribute.slice(0, i).toLowerCase()] = attribute.slice(i + 1);
    }
    out[pair.slice(0, eq)] = { value: pair.slice(eq + 1), attrs };
  }
  return out;
}

/** The Cookie header a browser would send back after `res`. */
function cookieHeader(res: TestResponse): string {
  return Object.entries(setCookies(res))
    .map(([name, { value }]) => `${name}=${value}`)
    .join('; ');
}

const b64 = (data: unknown) => Buffer.from(JSON.stringify(data)).toString('base64');
const keygripSign = (algorithm: string, key: string, data: string) =>
  createHmac(algorithm, key).update(data).digest('base64url');

/** A cookie header holding `data` signed Keygrip-style. */
function signedCookie(name: string, data: unknown, key: string, algorithm = 'sha256'): string {
  const value = b64(data);
  return `${name}=${value}; ${name}.sig=${keygripSign(algorithm, key, `${name}=${value}`)}`;
}

/** An app with routes that read, write and clear the session. */
function sessionApp(middleware: Middleware) {
  const app = webapp();
  app.use(middleware);
  app.get('/read', (req: any, res: any) => res.json({ session: req.session, isNew: req.session.isNew }));
  app.get('/meta', (req: any, res: any) =>
    res.json({
      isNew: req.session.isNew,
      isPopulated: req.session.isPopulated,
      isChanged: req.session.isChanged,
    }),
  );
  app.get('/set', (req: any, res: any) => {
    req.session.user = req.query.user ?? 'tobi';
    res.json(req.session);
  });
  app.get('/same', (req: any, res: any) => {
    req.session.user = 'tobi';
    res.json(req.session);
  });
  app.get('/replace', (req: any, res: any) => {
    req.session = { replaced: true };
    res.json(req.session);
  });
  app.get('/empty-object', (req: any, res: any) => {
    req.session = {};
    res.json(req.session);
  });
  app.get('/clear', (req: any, res: any) => {
    req.session = null;
    res.json({ session: req.session });
  });
  app.get('/untouched', (_req: any, res: any) => res.send('untouched'));
  app.get('/delete', (req: any, res: any) => {
    delete req.session.user;
    res.json(req.session);
  });
  return app;
}

/** Name/value pairs of every Set-Cookie, with the Expires date reduced to "past"/"future". */
function cookieSummary(res: TestResponse) {
  const out: Record<string, { value: string; expired: boolean }> = {};
  for (const [name, c] of Object.entries(setCookies(res))) {
    const expires = typeof c.attrs.expires === 'string' ? Date.parse(c.attrs.expires) : undefined;
    out[name] = { value: c.value, expired: expires !== undefined && expires < Date.now() };
  }
  return out;
}

test('cookieSession behaves like cookie-session@2: when Set-Cookie is sent, what req.session holds', async () => {
  const KEYS = ['k1', 'k2'];
  const ours = () => sessionApp(cookieSession({ name: 'sess', keys: KEYS, algorithm: 'sha1' }));
  const theirs = () => sessionApp(referenceSession({ name: 'sess', keys: KEYS }));
  const stored = signedCookie('sess', { user: 'tobi' }, 'k1', 'sha1');
  const tampered = stored.replace(b64({ user: 'tobi' }), b64({ user: 'admin' }));
  const foreign = signedCookie('sess', { user: 'tobi' }, 'other', 'sha1');
  const requests = [
    { path: '/read' },
    { path: '/untouched' },
    { path: '/meta' },
    { path: '/set' },
    { path: '/set?user=%E2%9C%93%22%3B' },
    { path: '/read', headers: { cookie: stored } },
    { path: '/meta', headers: { cookie: stored } },
    { path: '/same', headers: { cookie: stored } },
    { path: '/set?user=loki', headers: { cookie: stored } },
    { path: '/delete', headers: { cookie: stored } },
    { path: '/replace', headers: { cookie: stored } },
    { path: '/empty-object' },
    { path: '/clear' },
    { path: '/clear', headers: { cookie: stored } },
    { path: '/read', headers: { cookie: tampered } },
    { path: '/read', headers: { cookie: foreign } },
    { path: '/read', headers: { cookie: 'sess=not-base64-json!; sess.sig=x' } },
    { path: '/read', headers: { cookie: `sess=${b64({ user: 'tobi' })}` } },
    { path: '/untouched', headers: { cookie: stored } },
  ];
  const expected = await requestAll(theirs() as any, requests);
  const actual = await requestAll(ours() as any, requests);
  for (let i = 0; i < requests.length; i++) {
    const label = `${requests[i].path} ${JSON.stringify(requests[i].headers ?? {})}`;
    assert.equal(actual[i].status, expected[i].status, label);
    assert.equal(actual[i].body, expected[i].body, label);
    // cookie-session also clears a bad `.sig` cookie; the session cookie itself must agree.
    const mine = cookieSummary(actual[i]);
    const reference = cookieSummary(expected[i]);
    if (reference['sess.sig'] && reference.sess === undefined) delete reference['sess.sig'];
    assert.deepEqual(mine, reference, label);
  }
});

test('cookieSession defaults: name connect.sess, Path=/, HttpOnly, browser-session lifetime', async () => {
  const res = await request(sessionApp(cookieSession({ secret: 'keyboard cat' })) as any, { path: '/set' });
  const cookies = setCookies(res);
  assert.deepEqual(Object.keys(cookies), ['connect.sess', 'connect.sess.sig']);
  assert.equal(cookies['connect.sess'].value, b64({ user: 'tobi' }));
  assert.deepEqual(cookies['connect.sess'].attrs, { path: '/', httponly: true });
  assert.equal(
    cookies['connect.sess.sig'].value,
    keygripSign('sha256', 'keyboard cat', `connect.sess=${b64({ user: 'tobi' })}`),
  );
});

test('cookieSession reads its own cookie back and does not re-send an unchanged session', async () => {
  const app = sessionApp(cookieSession({ keys: ['a'] }));
  const first = await request(app as any, { path: '/set' });
  const [read, same, changed] = await requestAll(app as any, [
    { path: '/read', headers: { cookie: cookieHeader(first) } },
    { path: '/same', headers: { cookie: cookieHeader(first) } },
    { path: '/set?user=loki', headers: { cookie: cookieHeader(first) } },
  ]);
  assert.deepEqual(JSON.parse(read.body), { session: { user: 'tobi' }, isNew: false });
  assert.equal(read.headers['set-cookie'], undefined);
  assert.equal(same.headers['set-cookie'], undefined);
  assert.equal(setCookies(changed)['connect.sess'].value, b64({ user: 'loki' }));
});

test('cookieSession interoperates with cookie-session: sessions survive a migration both ways', async () => {
  // cookie-session (SHA-1 by default) → webapp: accepted, and re-signed with SHA-256.
  const legacy = signedCookie('connect.sess', { user: 'tobi' }, 'k', 'sha1');
  const res = await request(sessionApp(cookieSession({ keys: ['k'] })) as any, {
    path: '/read',
    headers: { cookie: legacy },
  });
  assert.deepEqual(JSON.parse(res.body).session, { user: 'tobi' });
  const resigned = setCookies(res);
  assert.equal(resigned['connect.sess'].value, b64({ user: 'tobi' }));
  assert.equal(
    resigned['connect.sess.sig'].value,
    keygripSign('sha256', 'k', `connect.sess=${b64({ user: 'tobi' })}`),
  );

  // webapp (SHA-256) → cookie-session configured with a SHA-256 Keygrip.
  const mine = await request(sessionApp(cookieSession({ keys: ['k'] })) as any, { path: '/set' });
  const back = await request(
    sessionApp(referenceSession({ name: 'connect.sess', keys: new Keygrip(['k'], 'sha256') })) as any,
    { path: '/read', headers: { cookie: cookieHeader(mine) } },
  );
  assert.deepEqual(JSON.parse(back.body), { session: { user: 'tobi' }, isNew: false });

  // webapp with algorithm sha1 → stock cookie-session.
  const sha1 = await request(sessionApp(cookieSession({ keys: ['k'], algorithm: 'sha1' })) as any, {
    path: '/set',
  });
  const stock = await request(sessionApp(referenceSession({ name: 'connect.sess', keys: ['k'] })) as any, {
    path: '/read',
    headers: { cookie: cookieHeader(sha1) },
  });
  assert.deepEqual(JSON.parse(stock.body).session, { user: 'tobi' });
});

test('cookieSession key rotation: old keys verify, the first key re-signs, removed keys fail', async () => {
  const oldCookie = signedCookie('connect.sess', { user: 'tobi' }, 'old');
  const app = sessionApp(cookieSession({ keys: ['new', 'old'] }));
  const res = await request(app as any, { path: '/read', headers: { cookie: oldCookie } });
  assert.deepEqual(JSON.parse(res.body).session, { user: 'tobi' });
  assert.equal(
    setCookies(res)['connect.sess.sig'].value,
    keygripSign('sha256', 'new', `connect.sess=${b64({ user: 'tobi' })}`),
  );
  // Signed with the current key: nothing to re-send.
  const current = signedCookie('connect.sess', { user: 'tobi' }, 'new');
  const quiet = await request(app as any, { path: '/read', headers: { cookie: current } });
  assert.equal(quiet.headers['set-cookie'], undefined);
  // Once "old" leaves the list its cookies are worthless.
  const dropped = await request(sessionApp(cookieSession({ keys: ['new'] })) as any, {
    path: '/read',
    headers: { cookie: oldCookie },
  });
  assert.deepEqual(JSON.parse(dropped.body), { session: {}, isNew: true });
  assert.equal(dropped.headers['set-cookie'], undefined);
});

test('cookieSession gives an empty session for tampered, truncated, foreign or malformed cookies', async () => {
  const app = sessionApp(cookieSession({ keys: ['k'] }));
  const good = signedCookie('connect.sess', { user: 'tobi' }, 'k');
  const value = b64({ user: 'tobi' });
  const sig = keygripSign('sha256', 'k', `connect.sess=${value}`);
  const flip = (text: string, i: number) =>
    text.slice(0, i) + (text[i] === 'A' ? 'B' : 'A') + text.slice(i + 1);
  const bad = [
    `connect.sess=${value}; connect.sess.sig=${flip(sig, 0)}`,
    `connect.sess=${value}; connect.sess.sig=${flip(sig, sig.length - 1)}`,
    `connect.sess=${value}; connect.sess.sig=${sig.slice(0, -1)}`,
    `connect.sess=${value}; connect.sess.sig=${sig}x`,
    `connect.sess=${value}; connect.sess.sig=`,
    `connect.sess=${value}`,
    `connect.sess=${b64({ user: 'admin' })}; connect.sess.sig=${sig}`,
    signedCookie('connect.sess', { user: 'tobi' }, 'not the key'),
    signedCookie('other', { user: 'tobi' }, 'k').replace(/other/g, 'connect.sess'),
    signedCookie('connect.sess', [1, 2], 'k'),
    signedCookie('connect.sess', 'text', 'k'),
    signedCookie('connect.sess', null, 'k'),
    `connect.sess=%%%; connect.sess.sig=${keygripSign('sha256', 'k', 'connect.sess=%%%')}`,
    'connect.sess',
    ';;;=;',
  ];
  for (const cookie of bad) {
    const res = await request(app as any, { path: '/read', headers: { cookie } });
    assert.equal(res.status, 200, cookie);
    assert.deepEqual(JSON.parse(res.body), { session: {}, isNew: true }, cookie);
  }
  const ok = await request(app as any, { path: '/read', headers: { cookie: good } });
  assert.deepEqual(JSON.parse(ok.body), { session: { user: 'tobi' }, isNew: false });
});

test('cookieSession verifies signatures with a constant-time comparison', async () => {
  const original = crypto.timingSafeEqual;
  let calls = 0;
  (crypto as any).timingSafeEqual = (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
    calls++;
    return original(a, b);
  };
  try {
    const app = sessionApp(cookieSession({ keys: ['k1', 'k2'] }));
    const value = b64({ user: 'tobi' });
    const wrong = `connect.sess=${value}; connect.sess.sig=${'A'.repeat(43)}`;
    await request(app as any, { path: '/read', headers: { cookie: wrong } });
    assert.equal(calls, 2, 'one constant-time comparison per key');
    calls = 0;
    // A signature of no known length is refused before any comparison.
    await request(app as any, { path: '/read', headers: { cookie: `${wrong}AAAA` } });
    assert.equal(calls, 0);
  } finally {
    (crypto as any).timingSafeEqual = original;
  }
});

test('cookieSession never lets cookie data reach prototypes or the metadata getters', async () => {
  const app = sessionApp(cookieSession({ keys: ['k'] }));
  const cookie = signedCookie(
    'connect.sess',
    JSON.parse('{"__proto__":{"polluted":true},"constructor":{"x":1},"isNew":"yes","ok":1}'),
    'k',
  );
  const res = await request(app as any, { path: '/meta', headers: { cookie } });
  assert.deepEqual(JSON.parse(res.body), { isNew: false, isPopulated: true, isChanged: true });
  const read = await request(app as any, { path: '/read', headers: { cookie } });
  assert.deepEqual(JSON.parse(read.body), { session: { ok: 1 }, isNew: false });
  assert.equal(({} as any).polluted, undefined);
});

test('cookieSession: req.session = null clears both cookies; other non-objects throw', async () => {
  const res = await request(sessionApp(cookieSession({ keys: ['k'] })) as any, {
    path: '/clear',
    headers: { cookie: signedCookie('connect.sess', { user: 'tobi' }, 'k') },
  });
  assert.deepEqual(JSON.parse(res.body), { session: null });
  const cookies = cookieSummary(res);
  assert.deepEqual(cookies['connect.sess'], { value: '', expired: true });
  assert.equal(cookies['connect.sess.sig'].expired, true);

  const app = webapp();
  app.use(cookieSession({ keys: ['k'] }));
  app.get('/', (req: any, res: any) => {
    for (const value of [5, 'x', true]) {
      assert.throws(() => {
        req.session = value;
      }, /req\.session can only be set as null or an object/);
    }
    req.session = undefined;
    res.json({ session: req.session });
  });
  const cleared = await request(app as any);
  assert.equal(cleared.body, '{"session":null}');
});

test('cookieSession does not touch the response of a request that never reads the session', async () => {
  const app = webapp();
  const mw = cookieSession({ keys: ['k'] });
  app.use((req: any, res: any, next: any) => {
    req.originalWrite = res.write;
    next();
  });
  app.use(mw);
  app.get('/', (req: any, res: any) => res.json({ same: res.write === req.originalWrite }));
  const res = await request(app as any, { headers: { cookie: signedCookie('connect.sess', { a: 1 }, 'k') } });
  assert.equal(res.body, '{"same":true}');
  assert.equal(res.headers['set-cookie'], undefined);
});

test('cookieSession attributes: cookie {…} and top-level options, maxAge, per-request sessionOptions', async () => {
  const app = webapp();
  app.use(
    cookieSession({
      key: 'sid',
      secret: 's',
      cookie: { path: '/app', maxAge: 60_000, httpOnly: false, sameSite: 'lax' },
      domain: 'example.com',
    }),
  );
  app.get('/', (req: any, res: any) => {
    req.session.a = 1;
    res.end('ok');
  });
  app.get('/long', (req: any, res: any) => {
    req.sessionOptions.maxAge = 3_600_000;
    req.session.a = 2;
    res.end('ok');
  });
  const before = Date.now();
  const [short, long] = await requestAll(app as any, [{ path: '/' }, { path: '/long' }]);
  const c = setCookies(short).sid;
  assert.equal(c.attrs.path, '/app');
  assert.equal(c.attrs.domain, 'example.com');
  assert.equal(c.attrs.samesite, 'Lax');
  assert.equal(c.attrs['max-age'], '60');
  assert.equal(c.attrs.httponly, undefined);
  const expires = Date.parse(c.attrs.expires as string);
  assert.ok(expires >= before + 59_000 && expires <= Date.now() + 61_000);
  assert.equal(setCookies(long).sid.attrs['max-age'], '3600');
  assert.ok(setCookies(short)['sid.sig'], 'signature cookie');
});

test('cookieSession secure cookies: sent with Secure behind a trusted proxy, never over plain HTTP', async () => {
  const build = (options: object) => {
    const app = webapp();
    app.use(cookieSession({ keys: ['k'], ...options }));
    app.get('/', (req: any, res: any) => {
      req.session.a = 1;
      res.end('ok');
    });
    return app as any;
  };
  const plain = await request(build({ secure: true }));
  assert.equal(plain.headers['set-cookie'], undefined);
  const proxied = await request(build({ secure: true, proxy: true }), {
    headers: { 'x-forwarded-proto': 'https, http' },
  });
  assert.equal(setCookies(proxied)['connect.sess'].attrs.secure, true);
  // Without `proxy: true` the header is not trusted.
  const untrusted = await request(build({ secure: true, proxy: false }), {
    headers: { 'x-forwarded-proto': 'https' },
  });
  assert.equal(untrusted.headers['set-cookie'], undefined);
  // Default: follow req.protocol, i.e. the app's trust proxy setting.
  const app = build({});
  app.set('trust proxy', true);
  const auto = await request(app, { headers: { 'x-forwarded-proto': 'https' } });
  assert.equal(setCookies(auto)['connect.sess'].attrs.secure, true);
  const insecure = await request(build({}));
  assert.equal(setCookies(insecure)['connect.sess'].attrs.secure, undefined);
});

test('cookieSession keeps other Set-Cookie values, including those given to writeHead', async () => {
  const app = webapp();
  app.use(cookieSession({ keys: ['k'] }));
  app.get('/res-cookie', (req: any, res: any) => {
    res.cookie('other', '1');
    res.cookie('connect.sess', 'stale');
    req.session.a = 1;
    res.send('ok');
  });
  app.get('/write-head', (req: any, res: any) => {
    req.session.a = 1;
    res.writeHead(201, 'Made', { 'Set-Cookie': ['x=1', 'y=2'], 'X-Test': 'yes' });
    res.end('ok');
  });
  app.get('/keep', (req: any, res: any) => {
    req.sessionOptions.overwrite = false;
    res.cookie('connect.sess', 'stale');
    req.session.a = 1;
    res.send('ok');
  });
  const [resCookie, writeHead, keep] = await requestAll(app as any, [
    { path: '/res-cookie' },
    { path: '/write-head' },
    { path: '/keep' },
  ]);
  assert.deepEqual(Object.keys(setCookies(resCookie)), ['other', 'connect.sess', 'connect.sess.sig']);
  assert.equal(setCookies(resCookie)['connect.sess'].value, b64({ a: 1 }));
  assert.equal(writeHead.status, 201);
  assert.equal(writeHead.statusMessage, 'Made');
  assert.equal(writeHead.headers['x-test'], 'yes');
  assert.deepEqual(Object.keys(setCookies(writeHead)), ['x', 'y', 'connect.sess', 'connect.sess.sig']);
  assert.equal(keep.headers['set-cookie']?.filter((v) => v.startsWith('connect.sess=')).length, 2);
});

/** An app whose session grows past the cookie limit, with an error handler that reports the error. */
function oversizeApp(handler: (req: any, res: any) => void) {
  const app = webapp();
  app.use(cookieSession({ keys: ['k'] }));
  app.get('/', (req: any, res: any) => {
    req.session.blob = 'x'.repeat(4000);
    handler(req, res);
  });
  app.use((err: any, _req: any, res: any, _next: any) => {
    res.status(err.status).json({ code: err.code, size: err.size, message: err.message });
  });
  return app as any;
}

test('cookieSession: a session cookie over 4096 bytes is an error passed to next(err)', async () => {
  for (const [label, handler] of [
    ['res.send', (_req: any, res: any) => res.send('fine')],
    [
      'res.writeHead',
      (_req: any, res: any) => {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end('fine');
      },
    ],
    [
      'res.write',
      (_req: any, res: any) => {
        res.write('a');
        res.write('b');
        res.end('c');
      },
    ],
    [
      'async res.end',
      (_req: any, res: any) => {
        setImmediate(() => res.end('later'));
      },
    ],
  ] as const) {
    const res = await request(oversizeApp(handler));
    assert.equal(res.status, 500, label);
    const body = JSON.parse(res.body);
    assert.equal(body.code, 'ESESSIONTOOLARGE', label);
    assert.ok(body.size > 4096, label);
    assert.match(body.message, /connect\.sess.*4096/, label);
    assert.equal(res.headers['set-cookie'], undefined, label);
  }
});

test('cookieSession sends a session cookie of just under the limit', async () => {
  const app = webapp();
  app.use(cookieSession({ keys: ['k'] }));
  app.get('/', (req: any, res: any) => {
    req.session.blob = 'x'.repeat(3000);
    res.send('ok');
  });
  const res = await request(app as any);
  assert.equal(res.status, 200);
  assert.ok(setCookies(res)['connect.sess'].value.length > 4000);
});

test('cookieSession without signing needs no keys; the factory refuses bad options', () => {
  assert.doesNotThrow(() => cookieSession({ signed: false }));
  assert.throws(() => cookieSession(), /requires `keys`/);
  assert.throws(() => cookieSession({ keys: [] }), /requires `keys`/);
  assert.throws(() => cookieSession({ keys: [''] }), TypeError);
  assert.throws(() => cookieSession({ keys: 'k' as any }), TypeError);
  assert.throws(() => cookieSession({ keys: ['k'], algorithm: 'md5' as any }), TypeError);
  assert.throws(() => cookieSession({ keys: ['k'], name: 'bad name;' }), TypeError);
  assert.throws(() => cookieSession({ keys: ['k'], path: '/a\r\nX: y' }), TypeError);
  assert.throws(() => cookieSession({ keys: ['k'], maxAge: 'long' as any }), TypeError);
});

test('cookieSession({ signed: false }) stores a plain cookie and trusts no .sig', async () => {
  const app = sessionApp(cookieSession({ signed: false }));
  const res = await request(app as any, { path: '/set' });
  assert.deepEqual(Object.keys(setCookies(res)), ['connect.sess']);
  const back = await request(app as any, { path: '/read', headers: { cookie: cookieHeader(res) } });
  assert.deepEqual(JSON.parse(back.body).session, { user: 'tobi' });
});

test('cookieSession accepts a Keygrip-like key list', async () => {
  const keys = new Keygrip(['a', 'b'], 'sha512');
  const app = sessionApp(cookieSession({ keys }));
  const res = await request(app as any, { path: '/set' });
  const back = await request(app as any, { path: '/read', headers: { cookie: cookieHeader(res) } });
  assert.deepEqual(JSON.parse(back.body).session, { user: 'tobi' });
});

test('cookieSession is exported by name and as default', () => {
  const mod = require('../../src/middleware/cookie-session');
  assert.equal(mod.default, mod);
  assert.equal(typeof mod.cookieSession, 'function');
  assert.equal(cookieSession({ keys: ['k'] }).name, 'cookieSession');
});

test('cookieSession works under compress, including the oversize error', async () => {
  const { compress } = require('../../src/middleware/compress');
  const zlib = require('node:zlib');
  for (const order of ['compress first', 'session first']) {
    const app = webapp();
    const session = cookieSession({ keys: ['k'] });
    if (order === 'compress first') app.use(compress(), session);
    else app.use(session, compress());
    app.get('/', (req: any, res: any) => {
      req.session.user = 'tobi';
      res.type('text').send('x'.repeat(5000));
    });
    app.get('/big', (req: any, res: any) => {
      req.session.blob = 'y'.repeat(5000);
      res.type('text').send('x'.repeat(5000));
    });
    app.use((err: any, _req: any, res: any, _next: any) =>
      res
        .status(500)
        .type('text')
        .send(`${err.code}${'!'.repeat(2000)}`),
    );
    const [ok, big] = await requestAll(app as any, [
      { headers: { 'accept-encoding': 'gzip' } },
      { path: '/big', headers: { 'accept-encoding': 'gzip' } },
    ]);
    assert.equal(ok.headers['content-encoding'], 'gzip', order);
    assert.equal(zlib.gunzipSync(ok.raw).toString(), 'x'.repeat(5000), order);
    assert.equal(setCookies(ok)['connect.sess'].value, b64({ user: 'tobi' }), order);
    assert.equal(big.status, 500, order);
    assert.equal(big.headers['set-cookie'], undefined, order);
    assert.equal(zlib.gunzipSync(big.raw).toString(), `ESESSIONTOOLARGE${'!'.repeat(2000)}`, order);
  }
});
