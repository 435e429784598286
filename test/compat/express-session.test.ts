import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import session from 'express-session';
import request from 'supertest';

import webapp = require('../../src/index');

import { tmpTree } from './support';

const files = tmpTree({ 'report.txt': 'quarterly numbers\n' });
after(() => files.cleanup());

function sessionApp(options: Partial<session.SessionOptions> = {}) {
  const store = new session.MemoryStore();
  const app = webapp();
  app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false, store, ...options }));
  app.get('/views', (req: any, res: any) => {
    req.session.views = (req.session.views ?? 0) + 1;
    res.json({ views: req.session.views, id: req.sessionID });
  });
  app.get('/peek', (req: any, res: any) => res.json({ views: req.session.views ?? null, id: req.sessionID }));
  return { app, store };
}

function storeLength(store: session.MemoryStore): Promise<number> {
  return new Promise((resolve, reject) => store.length((err, n) => (err ? reject(err) : resolve(n ?? 0))));
}

function setCookies(res: request.Response): string[] {
  return (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
}

describe('express-session (MemoryStore) on webapp', () => {
  test('an unmodified session sets no cookie; a modified one is saved and read back', async () => {
    const { app, store } = sessionApp();
    const agent = request.agent(app);
    const peek = await agent.get('/peek');
    assert.equal(setCookies(peek).length, 0, 'saveUninitialized: false');
    assert.equal(await storeLength(store), 0);

    const first = await agent.get('/views');
    assert.equal(first.body.views, 1);
    const cookie = setCookies(first)[0];
    assert.match(cookie, /^connect\.sid=s%3A[\w-]+\.[\w%]+; Path=\/; HttpOnly$/);
    assert.equal(await storeLength(store), 1);

    const second = await agent.get('/views');
    assert.equal(second.body.views, 2);
    assert.equal(second.body.id, first.body.id);
    assert.equal(setCookies(second).length, 0, 'an existing cookie is not re-sent without rolling');
    const stored = await new Promise<any>((resolve) => store.get(first.body.id, (_e, s) => resolve(s)));
    assert.equal(stored.views, 2);
  });

  test('regenerate gives a new id without the old data; destroy removes it from the store', async () => {
    const { app, store } = sessionApp();
    app.post('/login', (req: any, res: any, next: any) => {
      const before = req.sessionID;
      req.session.regenerate((err: any) => {
        if (err) return next(err);
        req.session.user = 'tobi';
        req.session.save((err2: any) => {
          if (err2) return next(err2);
          res.json({ before, after: req.sessionID, views: req.session.views ?? null });
        });
      });
    });
    app.post('/logout', (req: any, res: any, next: any) => {
      req.session.destroy((err: any) => (err ? next(err) : res.redirect(303, '/peek')));
    });
    const agent = request.agent(app);
    const visit = await agent.get('/views');
    const login = await agent.post('/login');
    assert.equal(login.body.before, visit.body.id);
    assert.notEqual(login.body.after, visit.body.id);
    assert.equal(login.body.views, null);
    assert.equal(await storeLength(store), 1, 'the old session was removed');
    assert.match(setCookies(login)[0], new RegExp(`^connect\\.sid=s%3A${login.body.after}\\.`));

    const logout = await agent.post('/logout');
    assert.equal(logout.status, 303);
    assert.equal(logout.headers.location, '/peek');
    assert.equal(await storeLength(store), 0);
    const after = await agent.get('/peek');
    assert.equal(after.body.views, null);
  });

  test('rolling sends a fresh cookie with a new Expires on every response', async () => {
    const { app } = sessionApp({ rolling: true, cookie: { maxAge: 60_000 } });
    const agent = request.agent(app);
    const first = await agent.get('/views');
    const second = await agent.get('/peek');
    const [a, b] = [setCookies(first)[0], setCookies(second)[0]];
    assert.ok(a && b, 'both responses carry Set-Cookie');
    assert.match(b, /; Path=\/; Expires=[^;]+; HttpOnly$/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(b)![1]);
    assert.ok(Math.abs(expires - (Date.now() + 60_000)) < 5000);
    assert.equal(a.split(';')[0], b.split(';')[0], 'same session id');
  });

  test('cookie.secure follows req.secure, which follows trust proxy and X-Forwarded-Proto', async () => {
    const { app } = sessionApp({ cookie: { secure: true } });
    app.set('trust proxy', 1);
    const plain = await request(app).get('/views');
    assert.equal(plain.status, 200);
    assert.equal(setCookies(plain).length, 0, 'not sent over plain http');
    const proxied = await request(app).get('/views').set('X-Forwarded-Proto', 'https');
    assert.match(setCookies(proxied)[0], /; Path=\/; HttpOnly; Secure$/);

    const { app: untrusting } = sessionApp({ cookie: { secure: true } });
    const spoofed = await request(untrusting).get('/views').set('X-Forwarded-Proto', 'https');
    assert.equal(setCookies(spoofed).length, 0, 'without trust proxy the header is ignored');
  });

  test('cookie.path is checked against the original URL in mounted routers', async () => {
    const store = new session.MemoryStore();
    const app = webapp();
    const admin = webapp.Router();
    admin.use(
      session({ secret: 's', store, resave: false, saveUninitialized: true, cookie: { path: '/admin' } }),
    );
    admin.get('/', (req: any, res: any) => res.json({ id: req.sessionID ?? null }));
    app.use('/admin', admin);
    app.use('/public', admin);
    const inside = await request(app).get('/admin/');
    assert.ok(inside.body.id);
    assert.match(setCookies(inside)[0], /; Path=\/admin; HttpOnly$/);
    const outside = await request(app).get('/public/');
    assert.equal(outside.body.id, null, 'no session outside the cookie path');
  });

  test('the session is saved before every kind of response: json, redirect, send, sendFile, streams', async () => {
    const { app } = sessionApp();
    app.get('/r/json', (req: any, res: any) => {
      req.session.last = 'json';
      res.json({ ok: true });
    });
    app.get('/r/redirect', (req: any, res: any) => {
      req.session.last = 'redirect';
      res.redirect('/peek');
    });
    app.get('/r/status', (req: any, res: any) => {
      req.session.last = 'status';
      res.sendStatus(202);
    });
    app.get('/r/file', (req: any, res: any, next: any) => {
      req.session.last = 'file';
      res.sendFile('report.txt', { root: files.dir }, (err: any) => err && next(err));
    });
    app.get('/r/stream', (req: any, res: any) => {
      req.session.last = 'stream';
      res.type('text');
      res.write('part 1,');
      setTimeout(() => res.end('part 2'), 10);
    });
    app.get('/last', (req: any, res: any) => res.send(String(req.session.last)));
    const agent = request.agent(app);
    const expected: Record<string, [number, string]> = {
      json: [200, '{"ok":true}'],
      redirect: [302, 'Found. Redirecting to /peek'],
      status: [202, 'Accepted'],
      file: [200, 'quarterly numbers\n'],
      stream: [200, 'part 1,part 2'],
    };
    for (const [kind, [status, body]] of Object.entries(expected)) {
      const res = await agent.get(`/r/${kind}`).redirects(0);
      assert.equal(res.status, status, kind);
      assert.equal(res.text, body, kind);
      assert.equal((await agent.get('/last')).text, kind);
    }
  });

  test('name, genid, resave and touch', async () => {
    let n = 0;
    const { app, store } = sessionApp({ name: 'sid', genid: () => `custom-${++n}`, saveUninitialized: true });
    const agent = request.agent(app);
    const first = await agent.get('/peek');
    assert.equal(first.body.id, 'custom-1');
    assert.match(setCookies(first)[0], /^sid=s%3Acustom-1\./);
    const second = await agent.get('/views');
    assert.equal(second.body.id, 'custom-1');
    const stored = await new Promise<any>((resolve) => store.get('custom-1', (_e, s) => resolve(s)));
    assert.equal(stored.views, 1);
    assert.equal(stored.cookie.httpOnly, true);
  });

  test('an error from the store reaches the error handler', async () => {
    const store = new session.MemoryStore();
    store.get = (_sid: string, cb: (err: any) => void) => cb(new Error('store down'));
    const app = webapp();
    app.use(session({ secret: 's', store, resave: false, saveUninitialized: false }));
    app.get('/', (_req: any, res: any) => res.send('unreachable'));
    app.use((err: any, _req: any, res: any, _next: any) => res.status(503).json({ error: err.message }));
    const withCookie = await request(app).get('/').set('Cookie', 'connect.sid=s%3Aabc.def');
    // An invalid signature means no lookup at all, so sign one properly first.
    assert.equal(withCookie.status, 200);
    const signature = require('cookie-signature').sign('abc', 's');
    const res = await request(app)
      .get('/')
      .set('Cookie', `connect.sid=${encodeURIComponent(`s:${signature}`)}`);
    assert.equal(res.status, 503);
    assert.deepEqual(res.body, { error: 'store down' });
  });
});
