import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { rateLimit } from 'express-rate-limit';
import request from 'supertest';

import webapp = require('../../src/index');

/** Collects the library's validation messages instead of printing them. */
function captureLogger() {
  const codes: string[] = [];
  const record = (err: any) => codes.push(err?.code ?? String(err));
  return { codes, logger: { warn: record, error: record } };
}

function buildApp(trustProxy: unknown, options: Parameters<typeof rateLimit>[0] = {}) {
  const log = captureLogger();
  const app = webapp();
  app.set('trust proxy', trustProxy);
  app.use(
    '/api',
    rateLimit({
      windowMs: 60_000,
      limit: 2,
      standardHeaders: 'draft-7',
      legacyHeaders: true,
      ...options,
      logger: log.logger,
    } as any),
  );
  app.get('/api/data', (req: any, res: any) =>
    res.json({ ip: req.ip, rateLimit: req.rateLimit && { ...req.rateLimit, resetTime: undefined } }),
  );
  app.get('/free', (_req: any, res: any) => res.send('not limited'));
  return { app, codes: log.codes };
}

describe('express-rate-limit on webapp', () => {
  test('counts per client, sets draft-7 and legacy headers, answers 429 with Retry-After', async () => {
    const { app, codes } = buildApp(false);
    const first = await request(app).get('/api/data');
    assert.equal(first.status, 200);
    assert.equal(first.headers['ratelimit-policy'], '2;w=60');
    assert.equal(first.headers.ratelimit, 'limit=2, remaining=1, reset=60');
    assert.equal(first.headers['x-ratelimit-limit'], '2');
    assert.equal(first.headers['x-ratelimit-remaining'], '1');
    assert.deepEqual(first.body.rateLimit, { limit: 2, used: 1, remaining: 1, key: '127.0.0.1' });

    await request(app).get('/api/data');
    const limited = await request(app).get('/api/data');
    assert.equal(limited.status, 429);
    assert.equal(limited.text, 'Too many requests, please try again later.');
    assert.equal(limited.headers['retry-after'], '60');
    assert.equal(limited.headers.ratelimit, 'limit=2, remaining=0, reset=60');

    const free = await request(app).get('/free');
    assert.equal(free.status, 200, 'routes outside the mount path are not limited');
    assert.deepEqual(codes, [], 'no configuration warnings');
  });

  test('behind one trusted proxy, X-Forwarded-For clients are counted separately', async () => {
    const { app, codes } = buildApp(1);
    const fromA = (n: number) =>
      Promise.all(
        Array.from({ length: n }, () => request(app).get('/api/data').set('X-Forwarded-For', '203.0.113.1')),
      );
    const a = await fromA(3);
    assert.deepEqual(
      a.map((r) => r.status),
      [200, 200, 429],
    );
    const b = await request(app).get('/api/data').set('X-Forwarded-For', '203.0.113.2');
    assert.equal(b.status, 200);
    assert.equal(b.body.ip, '203.0.113.2');
    assert.equal(b.body.rateLimit.key, '203.0.113.2');
    assert.deepEqual(codes, []);
  });

  test('it sees the raw trust proxy setting: false with X-Forwarded-For, and true, are reported', async () => {
    const untrusted = buildApp(false);
    const res = await request(untrusted.app).get('/api/data').set('X-Forwarded-For', '203.0.113.1');
    assert.equal(res.body.rateLimit.key, '127.0.0.1', 'the header is ignored');
    assert.deepEqual(untrusted.codes, ['ERR_ERL_UNEXPECTED_X_FORWARDED_FOR']);

    const permissive = buildApp(true);
    await request(permissive.app).get('/api/data').set('X-Forwarded-For', '203.0.113.1');
    assert.deepEqual(permissive.codes, ['ERR_ERL_PERMISSIVE_TRUST_PROXY']);
  });

  test('custom message, status code, handler options and skipSuccessfulRequests', async () => {
    const { app } = buildApp(false, {
      limit: 1,
      statusCode: 503,
      message: { error: 'slow down' },
      skipSuccessfulRequests: true,
    });
    app.get('/api/fail', (_req: any, res: any) => res.status(400).json({ error: 'bad' }));
    // Successful responses are refunded after they finish.
    assert.equal((await request(app).get('/api/data')).status, 200);
    assert.equal((await request(app).get('/api/data')).status, 200);
    assert.equal((await request(app).get('/api/fail')).status, 400);
    const limited = await request(app).get('/api/data');
    assert.equal(limited.status, 503);
    assert.deepEqual(limited.body, { error: 'slow down' });

    const custom = buildApp(false, {
      limit: 1,
      handler: (req: any, res: any) => res.status(429).json({ retryAt: typeof req.rateLimit.resetTime }),
    });
    await request(custom.app).get('/api/data');
    const handled = await request(custom.app).get('/api/data');
    assert.deepEqual(handled.body, { retryAt: 'object' });
  });
});

test('express-rate-limit recognises a limiter created inside a request handler (Express 4 stack frame)', async () => {
  const log = captureLogger();
  const app = webapp();
  app.get(
    '/',
    (req: any, res: any, next: any) => rateLimit({ logger: log.logger } as any)(req, res, next),
    (_req: any, res: any) => res.send('ok'),
  );
  await request(app).get('/').expect(200, 'ok');
  assert.ok(log.codes.includes('ERR_ERL_CREATED_IN_REQUEST_HANDLER'), `got: ${log.codes.join(', ')}`);
});
