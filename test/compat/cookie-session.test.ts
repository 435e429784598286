import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import cookieSession from 'cookie-session';
import request from 'supertest';

import webapp = require('../../src/index');

function setCookies(res: request.Response): string[] {
  return (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
}

function buildApp(options: NonNullable<Parameters<typeof cookieSession>[0]> = {}) {
  const app = webapp();
  app.use(cookieSession({ name: 'session', keys: ['key1', 'key2'], ...options }));
  app.get('/', (req: any, res: any) => {
    req.session.views = (req.session.views || 0) + 1;
    res.end(`${req.session.views} views`);
  });
  app.get('/read', (req: any, res: any) => res.json({ isNew: req.session.isNew, data: { ...req.session } }));
  app.post('/logout', (req: any, res: any) => {
    req.session = null;
    res.redirect('/read');
  });
  return app;
}

describe('cookie-session on webapp', () => {
  test('the session lives in a signed cookie and counts views', async () => {
    const agent = request.agent(buildApp());
    const first = await agent.get('/');
    assert.equal(first.text, '1 views');
    const cookies = setCookies(first);
    assert.equal(cookies.length, 2);
    assert.match(cookies[0], /^session=[A-Za-z0-9=_-]+; path=\/; httponly$/);
    assert.match(cookies[1], /^session\.sig=[A-Za-z0-9_-]+; path=\/; httponly$/);
    const payload = JSON.parse(Buffer.from(cookies[0].split(/[=;]/)[1], 'base64').toString());
    assert.deepEqual(payload, { views: 1 });

    assert.equal((await agent.get('/')).text, '2 views');
    const read = await agent.get('/read');
    assert.deepEqual(read.body, { isNew: false, data: { views: 2 } });
    assert.equal(setCookies(read).length, 0, 'an unchanged session is not re-sent');
  });

  test('a forged cookie is ignored; req.session = null clears both cookies', async () => {
    const forged = Buffer.from(JSON.stringify({ admin: true })).toString('base64');
    const bad = await request(buildApp()).get('/read').set('Cookie', `session=${forged}; session.sig=nope`);
    assert.deepEqual(bad.body, { isNew: true, data: {} });

    const agent = request.agent(buildApp());
    await agent.get('/');
    const out = await agent.post('/logout').redirects(0);
    assert.equal(out.status, 302);
    const cleared = setCookies(out);
    assert.equal(cleared.length, 2);
    assert.match(cleared[0], /^session=; path=\/; expires=Thu, 01 Jan 1970 00:00:00 GMT; httponly$/);
    assert.match(
      cleared[1],
      /^session\.sig=[\w-]+; path=\/; expires=Thu, 01 Jan 1970 00:00:00 GMT; httponly$/,
    );
    const after = await agent.get('/read');
    assert.equal(after.body.isNew, true);
  });

  test('maxAge and secure cookies behind a trusted proxy', async () => {
    const app = buildApp({ maxAge: 3_600_000, secure: true });
    app.set('trust proxy', true);
    const res = await request(app).get('/').set('X-Forwarded-Proto', 'https');
    const cookies = setCookies(res);
    assert.equal(cookies.length, 2);
    assert.match(cookies[0], /; path=\/; expires=[^;]+; secure; httponly$/);
    const expires = Date.parse(/expires=([^;]+)/.exec(cookies[0])![1]);
    assert.ok(Math.abs(expires - (Date.now() + 3_600_000)) < 5000);

    // Over plain http the cookies module refuses a secure cookie; cookie-session swallows that
    // error, so the response goes out without the session (as on Express).
    const refused = await request(buildApp({ secure: true })).get('/');
    assert.equal(refused.status, 200);
    assert.equal(refused.text, '1 views');
    assert.equal(setCookies(refused).length, 0);
  });
});
