import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import cookieParser from 'cookie-parser';
import request from 'supertest';

import webapp = require('../../src/index');

import { assertSameAsExpress } from '../support/http';

function buildApp(lib: any = webapp) {
  const app = lib();
  app.use(cookieParser('keyboard cat'));
  app.get('/set', (_req: any, res: any) => {
    res.cookie('plain', 'hello world', { path: '/' });
    res.cookie('user', 'tobi', { signed: true, httpOnly: true });
    res.cookie('prefs', { theme: 'dark', size: 2 });
    res.send('set');
  });
  app.get('/read', (req: any, res: any) => {
    res.json({ cookies: req.cookies, signed: req.signedCookies, secret: req.secret });
  });
  app.get('/clear', (_req: any, res: any) => res.clearCookie('plain', { path: '/' }).send('cleared'));
  return app;
}

describe('cookie-parser on webapp', () => {
  test('res.cookie({ signed }) uses req.secret and the cookies round-trip', async () => {
    const agent = request.agent(buildApp());
    const set = await agent.get('/set');
    assert.equal(set.status, 200);
    const cookies = set.headers['set-cookie'] as unknown as string[];
    assert.equal(cookies.length, 3);
    assert.equal(cookies[0], 'plain=hello%20world; Path=/');
    assert.match(cookies[1], /^user=s%3Atobi\.[A-Za-z0-9%]+; Path=\/; HttpOnly$/);
    assert.equal(cookies[2], 'prefs=j%3A%7B%22theme%22%3A%22dark%22%2C%22size%22%3A2%7D; Path=/');

    const read = await agent.get('/read');
    assert.deepEqual(read.body, {
      cookies: { plain: 'hello world', prefs: { theme: 'dark', size: 2 } },
      signed: { user: 'tobi' },
      secret: 'keyboard cat',
    });

    const clear = await agent.get('/clear');
    assert.match(
      String(clear.headers['set-cookie']),
      /^plain=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT$/,
    );
  });

  test('a tampered signature lands as false in req.signedCookies', async () => {
    const res = await request(buildApp())
      .get('/read')
      .set('Cookie', 'user=s%3Atobi.invalidsignature; other=1');
    assert.deepEqual(res.body.signed, { user: false });
    assert.deepEqual(res.body.cookies, { other: '1' });
  });

  test('res.cookie({ signed }) without a secret is an error, as in Express', async () => {
    const app = webapp();
    app.use(cookieParser());
    app.get('/', (_req: any, res: any) => res.cookie('a', 'b', { signed: true }).send('no'));
    app.use((err: any, _req: any, res: any, _next: any) => res.status(500).send(err.message));
    const res = await request(app).get('/');
    assert.equal(res.status, 500);
    assert.equal(res.text, 'cookieParser("secret") required for signed cookies');
  });

  test('secret rotation: a list of secrets signs with the first and verifies with all', async () => {
    const old = await request(buildApp()).get('/set');
    const signed = (old.headers['set-cookie'] as unknown as string[])[1].split(';')[0];
    const app = webapp();
    app.use(cookieParser(['new secret', 'keyboard cat']));
    app.get('/', (req: any, res: any) => res.json(req.signedCookies));
    const res = await request(app).get('/').set('Cookie', signed);
    assert.deepEqual(res.body, { user: 'tobi' });
  });

  test('same responses as on express@4', async () => {
    await assertSameAsExpress(buildApp, [
      { path: '/set' },
      { path: '/read', headers: { cookie: 'plain=a%20b; user=s%3Atobi.bad; prefs=j%3A%5B1%5D' } },
      { path: '/clear' },
    ]);
  });
});
