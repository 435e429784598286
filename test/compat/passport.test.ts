import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import session from 'express-session';
import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import request from 'supertest';

import webapp = require('../../src/index');

interface User {
  id: number;
  username: string;
  password: string;
}

const USERS: User[] = [{ id: 1, username: 'tobi', password: 'ferret' }];

function buildApp() {
  const passport = new Passport();
  passport.use(
    new LocalStrategy((username, password, cb) => {
      const user = USERS.find((u) => u.username === username);
      if (!user || user.password !== password)
        return cb(null, false, { message: 'Incorrect username or password.' });
      cb(null, user);
    }),
  );
  passport.serializeUser((user: any, cb) => cb(null, user.id));
  passport.deserializeUser((id: number, cb) => cb(null, USERS.find((u) => u.id === id) ?? false));

  const store = new session.MemoryStore();
  const app = webapp();
  app.use(webapp.urlencoded({ extended: false }));
  app.use(webapp.json());
  app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false, store }));
  app.use(passport.initialize());
  app.use(passport.session());

  app.post(
    '/login/password',
    passport.authenticate('local', { successRedirect: '/', failureRedirect: '/login', failureMessage: true }),
  );
  app.get('/login', (req: any, res: any) => res.json({ messages: req.session.messages ?? [] }));
  app.get('/', (req: any, res: any) =>
    res.json({ authenticated: req.isAuthenticated(), user: req.user ? req.user.username : null }),
  );
  app.get('/private', (req: any, res: any) => {
    if (!req.isAuthenticated()) return res.status(401).json({ error: 'login required' });
    res.json({ secret: `for ${req.user.username}` });
  });
  app.post('/logout', (req: any, res: any, next: any) => {
    req.logout((err: any) => (err ? next(err) : res.redirect('/')));
  });
  // The custom-callback form, answering JSON instead of redirecting.
  app.post('/api/login', (req: any, res: any, next: any) => {
    passport.authenticate('local', (err: any, user: any, info: any) => {
      if (err) return next(err);
      if (!user) return res.status(401).json({ error: info.message });
      req.logIn(user, (err2: any) => (err2 ? next(err2) : res.json({ id: user.id })));
    })(req, res, next);
  });
  // Stateless: session: false, failures answered by passport itself.
  app.post('/token', passport.authenticate('local', { session: false }), (req: any, res: any) =>
    res.json({ token: `t-${req.user.id}`, sessionUser: req.session.passport ?? null }),
  );
  return { app, store };
}

function storeAll(store: session.MemoryStore): Promise<Record<string, any>> {
  return new Promise((resolve, reject) =>
    store.all!((err, all) => (err ? reject(err) : resolve(all as any))),
  );
}

describe('passport + passport-local on webapp', () => {
  test('login redirects, the user is restored from the session, logout ends it', async () => {
    const { app, store } = buildApp();
    const agent = request.agent(app);
    assert.deepEqual((await agent.get('/')).body, { authenticated: false, user: null });

    const login = await agent
      .post('/login/password')
      .type('form')
      .send({ username: 'tobi', password: 'ferret' })
      .redirects(0);
    assert.equal(login.status, 302);
    assert.equal(login.headers.location, '/');
    assert.match(String(login.headers['set-cookie']), /^connect\.sid=s%3A/);
    const sessions = Object.values(await storeAll(store));
    assert.deepEqual(
      sessions.map((s) => s.passport),
      [{ user: 1 }],
    );

    assert.deepEqual((await agent.get('/')).body, { authenticated: true, user: 'tobi' });
    assert.deepEqual((await agent.get('/private')).body, { secret: 'for tobi' });

    const logout = await agent.post('/logout').redirects(0);
    assert.equal(logout.status, 302);
    assert.deepEqual((await agent.get('/')).body, { authenticated: false, user: null });
    assert.equal((await agent.get('/private')).status, 401);
  });

  test('login regenerates the session id (fixation protection)', async () => {
    const { app } = buildApp();
    app.get('/touch', (req: any, res: any) => {
      req.session.visited = true;
      res.send(req.sessionID);
    });
    const agent = request.agent(app);
    const before = (await agent.get('/touch')).text;
    await agent
      .post('/login/password')
      .type('form')
      .send({ username: 'tobi', password: 'ferret' })
      .redirects(0);
    const after = (await agent.get('/touch')).text;
    assert.notEqual(after, before);
  });

  test('a failed login redirects to failureRedirect with the message stored in the session', async () => {
    const agent = request.agent(buildApp().app);
    const res = await agent
      .post('/login/password')
      .type('form')
      .send({ username: 'tobi', password: 'wrong' })
      .redirects(0);
    assert.equal(res.status, 302);
    assert.equal(res.headers.location, '/login');
    assert.deepEqual((await agent.get('/login')).body, { messages: ['Incorrect username or password.'] });
    assert.deepEqual((await agent.get('/')).body, { authenticated: false, user: null });
  });

  test('custom callback and req.logIn with a JSON body', async () => {
    const agent = request.agent(buildApp().app);
    const bad = await agent.post('/api/login').send({ username: 'nobody', password: 'x' });
    assert.equal(bad.status, 401);
    assert.deepEqual(bad.body, { error: 'Incorrect username or password.' });
    const ok = await agent.post('/api/login').send({ username: 'tobi', password: 'ferret' });
    assert.deepEqual(ok.body, { id: 1 });
    assert.deepEqual((await agent.get('/')).body, { authenticated: true, user: 'tobi' });
  });

  test('session: false authenticates one request; a missing credential is a 400, a wrong one a 401', async () => {
    const { app } = buildApp();
    const ok = await request(app).post('/token').send({ username: 'tobi', password: 'ferret' });
    assert.deepEqual(ok.body, { token: 't-1', sessionUser: null });
    assert.equal(ok.headers['set-cookie'], undefined);
    const missing = await request(app).post('/token').send({ username: 'tobi' });
    assert.equal(missing.status, 400);
    assert.equal(missing.text, 'Bad Request');
    const wrong = await request(app).post('/token').send({ username: 'tobi', password: 'nope' });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.text, 'Unauthorized');
  });
});
