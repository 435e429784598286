import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import flash from 'connect-flash';
import cookieSession from 'cookie-session';
import session from 'express-session';
import request from 'supertest';

import webapp = require('../../src/index');

function buildApp(sessionMiddleware: any) {
  const app = webapp();
  if (sessionMiddleware) app.use(sessionMiddleware);
  app.use(flash());
  app.post('/items', (req: any, res: any) => {
    req.flash('info', 'Item %s saved', 'lamp');
    req.flash('info', 'Inventory updated');
    req.flash('warning', ['Stock low', 'Reorder soon']);
    res.redirect(303, '/');
  });
  app.get('/', (req: any, res: any) => res.json({ info: req.flash('info'), rest: req.flash() }));
  app.use((err: any, _req: any, res: any, _next: any) => res.status(500).send(err.message));
  return app;
}

describe('connect-flash on webapp', () => {
  for (const [name, middleware] of [
    ['express-session', () => session({ secret: 's', resave: false, saveUninitialized: false })],
    ['cookie-session', () => cookieSession({ keys: ['k'] })],
  ] as const) {
    test(`messages survive one redirect and are gone after being read (${name})`, async () => {
      const agent = request.agent(buildApp(middleware()));
      const post = await agent.post('/items').redirects(0);
      assert.equal(post.status, 303);
      assert.equal(post.headers.location, '/');
      const page = await agent.get('/');
      assert.deepEqual(page.body, {
        info: ['Item lamp saved', 'Inventory updated'],
        rest: { warning: ['Stock low', 'Reorder soon'] },
      });
      const again = await agent.get('/');
      assert.deepEqual(again.body, { info: [], rest: {} });
    });
  }

  test('without a session req.flash() throws into the error handler', async () => {
    const res = await request(buildApp(null)).post('/items');
    assert.equal(res.status, 500);
    assert.equal(res.text, 'req.flash() requires sessions');
  });
});
