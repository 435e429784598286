import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import cors from 'cors';
import request from 'supertest';

import webapp = require('../../src/index');

import { assertSameAsExpress } from '../support/http';

describe('cors on webapp', () => {
  test('cors() on every route: wildcard origin on simple requests, 204 preflight', async () => {
    const app = webapp();
    app.use(cors());
    app.get('/products/:id', (req: any, res: any) => res.json({ id: req.params.id }));

    const simple = await request(app).get('/products/7').set('Origin', 'http://example.com');
    assert.equal(simple.status, 200);
    assert.equal(simple.headers['access-control-allow-origin'], '*');
    assert.deepEqual(simple.body, { id: '7' });

    const preflight = await request(app)
      .options('/products/7')
      .set('Origin', 'http://example.com')
      .set('Access-Control-Request-Method', 'PUT')
      .set('Access-Control-Request-Headers', 'X-Token, Content-Type');
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], '*');
    assert.equal(preflight.headers['access-control-allow-methods'], 'GET,HEAD,PUT,PATCH,POST,DELETE');
    // Reflected from the request when allowedHeaders is not configured.
    assert.equal(preflight.headers['access-control-allow-headers'], 'X-Token, Content-Type');
    assert.equal(preflight.headers['content-length'], '0');
    assert.match(String(preflight.headers.vary), /Access-Control-Request-Headers/);
  });

  test('an origin whitelist echoes allowed origins, sets Vary: Origin and omits the header otherwise', async () => {
    const app = webapp();
    app.use(
      cors({
        origin: ['https://app.example.com', /\.trusted\.test$/],
        credentials: true,
        exposedHeaders: ['X-Total-Count'],
        maxAge: 600,
      }),
    );
    app.get('/list', (_req: any, res: any) => res.set('X-Total-Count', '3').json([1, 2, 3]));

    const allowed = await request(app).get('/list').set('Origin', 'https://app.example.com');
    assert.equal(allowed.headers['access-control-allow-origin'], 'https://app.example.com');
    assert.equal(allowed.headers['access-control-allow-credentials'], 'true');
    assert.equal(allowed.headers['access-control-expose-headers'], 'X-Total-Count');
    assert.equal(allowed.headers.vary, 'Origin');
    assert.equal(allowed.headers['x-total-count'], '3');

    const regex = await request(app).get('/list').set('Origin', 'https://api.trusted.test');
    assert.equal(regex.headers['access-control-allow-origin'], 'https://api.trusted.test');

    const denied = await request(app).get('/list').set('Origin', 'https://evil.test');
    assert.equal(denied.status, 200);
    assert.equal(denied.headers['access-control-allow-origin'], undefined);
    assert.equal(denied.headers.vary, 'Origin');

    const preflight = await request(app)
      .options('/list')
      .set('Origin', 'https://app.example.com')
      .set('Access-Control-Request-Method', 'DELETE');
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers['access-control-max-age'], '600');
  });

  test('per-route cors and app.options pre-flight, with an async origin callback', async () => {
    const app = webapp();
    const lookups: string[] = [];
    const options = {
      origin(origin: string | undefined, cb: (err: Error | null, allow?: boolean) => void) {
        lookups.push(String(origin));
        setImmediate(() => cb(null, origin === 'https://partner.test'));
      },
      methods: ['GET', 'DELETE'],
    };
    app.options('/items/:id', cors(options));
    app.delete('/items/:id', cors(options), (req: any, res: any) => res.json({ deleted: req.params.id }));
    app.get('/open', (_req: any, res: any) => res.send('no cors here'));

    const pre = await request(app)
      .options('/items/4')
      .set('Origin', 'https://partner.test')
      .set('Access-Control-Request-Method', 'DELETE');
    assert.equal(pre.status, 204);
    assert.equal(pre.headers['access-control-allow-methods'], 'GET,DELETE');
    assert.equal(pre.headers['access-control-allow-origin'], 'https://partner.test');

    const del = await request(app).delete('/items/4').set('Origin', 'https://partner.test');
    assert.deepEqual(del.body, { deleted: '4' });
    assert.equal(del.headers['access-control-allow-origin'], 'https://partner.test');

    const open = await request(app).get('/open').set('Origin', 'https://partner.test');
    assert.equal(open.headers['access-control-allow-origin'], undefined);
    assert.deepEqual(lookups, ['https://partner.test', 'https://partner.test']);
  });

  test('preflightContinue hands OPTIONS to the next handler', async () => {
    const app = webapp();
    app.use(cors({ preflightContinue: true, optionsSuccessStatus: 200 }));
    app.options('/x', (_req: any, res: any) => res.status(200).send('custom options'));
    const res = await request(app)
      .options('/x')
      .set('Origin', 'http://a.test')
      .set('Access-Control-Request-Method', 'POST');
    assert.equal(res.status, 200);
    assert.equal(res.text, 'custom options');
    assert.equal(res.headers['access-control-allow-origin'], '*');
  });

  test('same responses as on express@4', async () => {
    await assertSameAsExpress(
      (lib) => {
        const app = lib();
        app.use(cors({ origin: 'https://one.test', allowedHeaders: ['Content-Type'], maxAge: 60 }));
        app.get('/', (_req: any, res: any) => res.send('ok'));
        return app;
      },
      [
        { path: '/', headers: { origin: 'https://one.test' } },
        { path: '/', headers: { origin: 'https://two.test' } },
        {
          method: 'OPTIONS',
          path: '/',
          headers: { origin: 'https://one.test', 'access-control-request-method': 'PUT' },
        },
        { method: 'OPTIONS', path: '/missing' },
      ],
    );
  });
});
