import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import helmet from 'helmet';
import request from 'supertest';

import webapp = require('../../src/index');

import { assertSameAsExpress } from '../support/http';

describe('helmet on webapp', () => {
  test('helmet() sets the default security headers and removes X-Powered-By', async () => {
    const app = webapp();
    app.use(helmet());
    app.get('/', (_req: any, res: any) => res.send('<p>safe</p>'));
    const res = await request(app).get('/');
    assert.equal(res.status, 200);
    assert.equal(res.text, '<p>safe</p>');
    assert.equal(res.headers['x-powered-by'], undefined);
    assert.match(res.headers['content-security-policy'], /^default-src 'self';/);
    assert.match(res.headers['content-security-policy'], /upgrade-insecure-requests/);
    assert.equal(res.headers['cross-origin-opener-policy'], 'same-origin');
    assert.equal(res.headers['cross-origin-resource-policy'], 'same-origin');
    assert.equal(res.headers['origin-agent-cluster'], '?1');
    assert.equal(res.headers['referrer-policy'], 'no-referrer');
    assert.equal(res.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['x-dns-prefetch-control'], 'off');
    assert.equal(res.headers['x-download-options'], 'noopen');
    assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN');
    assert.equal(res.headers['x-permitted-cross-domain-policies'], 'none');
    assert.equal(res.headers['x-xss-protection'], '0');
  });

  test('headers are present on error responses from the final handler too', async () => {
    const app = webapp();
    app.use(helmet());
    const res = await request(app).get('/nowhere');
    assert.equal(res.status, 404);
    assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN');
    assert.equal(res.headers['x-powered-by'], undefined);
  });

  test('a per-request CSP nonce read from res.locals', async () => {
    const app = webapp();
    app.use((_req: any, res: any, next: any) => {
      res.locals.cspNonce = randomBytes(16).toString('hex');
      next();
    });
    app.use(
      helmet({
        contentSecurityPolicy: {
          directives: { scriptSrc: ["'self'", (_req: any, res: any) => `'nonce-${res.locals.cspNonce}'`] },
        },
      }),
    );
    app.get('/', (_req: any, res: any) => res.send(`<script nonce="${res.locals.cspNonce}">1</script>`));
    const res = await request(app).get('/');
    const nonce = /nonce="([0-9a-f]{32})"/.exec(res.text)?.[1];
    assert.ok(nonce, 'the page carries a nonce');
    assert.match(res.headers['content-security-policy'], new RegExp(`script-src 'self' 'nonce-${nonce}'`));
  });

  test('individual middlewares configured on routers and sub-apps', async () => {
    const app = webapp();
    const admin = webapp();
    admin.use(helmet.frameguard({ action: 'deny' }));
    admin.get('/', (_req: any, res: any) => res.send('admin'));
    const api = webapp.Router();
    api.use(helmet.hsts({ maxAge: 86400, preload: true }), helmet.noSniff());
    api.get('/ping', (_req: any, res: any) => res.json({ pong: true }));
    app.use('/admin', admin);
    app.use('/api', api);

    const a = await request(app).get('/admin');
    assert.equal(a.headers['x-frame-options'], 'DENY');
    assert.equal(a.headers['strict-transport-security'], undefined);
    const b = await request(app).get('/api/ping');
    assert.equal(b.headers['strict-transport-security'], 'max-age=86400; includeSubDomains; preload');
    assert.equal(b.headers['x-content-type-options'], 'nosniff');
    assert.equal(b.headers['x-frame-options'], undefined);
  });

  test('same responses as on express@4', async () => {
    await assertSameAsExpress(
      (lib) => {
        const app = lib();
        app.use(helmet({ crossOriginEmbedderPolicy: true, referrerPolicy: { policy: 'same-origin' } }));
        app.get('/', (_req: any, res: any) => res.json({ ok: true }));
        return app;
      },
      [{ path: '/' }, { path: '/missing' }, { method: 'HEAD', path: '/' }],
      { normalizeBody: (body) => body.replace(/<pre>[\s\S]*<\/pre>/, '<pre/>') },
    );
  });
});
