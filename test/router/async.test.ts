/**
 * Beyond Express 4 (deliberately, as Express 5 does): a handler, middleware, error handler or param
 * callback that returns a rejected promise passes the reason to next(err); a falsy reason becomes an
 * Error. Express 4 ignores the returned promise (the request hangs and the rejection is unhandled),
 * so these tests run on webapp only.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../../src/index');

import { request } from '../support/http';

const report = (err: any, req: any, res: any, _next: any) => {
  res.statusCode = err.status ?? 500;
  res.end(`caught ${err instanceof Error ? 'Error' : typeof err}: ${err.message} ${req.log ?? ''}`);
};

test('an async route handler that rejects reaches the error handler (not in Express 4)', async () => {
  const app = webapp();
  app.get('/', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    throw Object.assign(new Error('async failure'), { status: 503 });
  });
  app.use(report);
  const res = await request(app);
  assert.equal(res.status, 503);
  assert.equal(res.body, 'caught Error: async failure ');
});

test('async middleware that rejects reaches the error handler (not in Express 4)', async () => {
  const app = webapp();
  app.use(async (req: any) => {
    req.log = 'mw';
    return Promise.reject(new Error('mw rejected'));
  });
  app.get('/', (_req: any, res: any) => res.end('never'));
  app.use(report);
  assert.equal((await request(app)).body, 'caught Error: mw rejected mw');
});

test('a falsy rejection reason becomes an Error (not in Express 4)', async () => {
  for (const reason of [undefined, null, 0, '', false]) {
    const app = webapp();
    app.get('/', () => Promise.reject(reason));
    app.use(report);
    const res = await request(app);
    assert.equal(res.status, 500);
    assert.match(res.body, /^caught Error: /, String(reason));
  }
});

test('a rejected promise from an async error handler passes the new reason on (not in Express 4)', async () => {
  const app = webapp();
  app.get('/', () => {
    throw new Error('first');
  });
  app.use(async (err: Error, _req: any, _res: any, _next: any) => {
    throw new Error(`second after ${err.message}`);
  });
  app.use(report);
  assert.equal((await request(app)).body, 'caught Error: second after first ');
});

test('async param callbacks that reject reach next(err) (not in Express 4)', async () => {
  const app = webapp();
  app.param('id', async (req: any, _res: any, next: any, id: string) => {
    if (id === 'ok') {
      req.log = 'loaded';
      return next();
    }
    throw Object.assign(new Error(`no item ${id}`), { status: 404 });
  });
  app.get('/item/:id', (req: any, res: any) => res.end(`item ${req.log}`));
  app.use(report);
  assert.equal((await request(app, { path: '/item/ok' })).body, 'item loaded');
  const missing = await request(app, { path: '/item/9' });
  assert.equal(missing.status, 404);
  assert.equal(missing.body, 'caught Error: no item 9 ');
});

test('a resolved promise does nothing more; thenables that reject are honoured', async () => {
  const app = webapp();
  app.get('/resolved', async (_req: any, res: any) => {
    res.end('resolved');
    return 'ignored value';
  });
  app.get('/thenable', () => ({
    // biome-ignore lint/suspicious/noThenProperty: a minimal thenable is the point of this test
    then(_resolve: unknown, reject: (reason: unknown) => void) {
      reject(new Error('thenable rejected'));
    },
  }));
  app.use(report);
  assert.equal((await request(app, { path: '/resolved' })).body, 'resolved');
  assert.equal((await request(app, { path: '/thenable' })).body, 'caught Error: thenable rejected ');
});

test('a handler that already called next(err) and then rejects does not break the app', async () => {
  const app = webapp();
  app.get('/', async (_req: any, res: any) => {
    res.end('answered');
    throw new Error('after answering');
  });
  app.use((_err: any, _req: any, _res: any, next: any) => next());
  assert.equal((await request(app)).body, 'answered');
});

test('async handlers inside mounted routers and routes (not in Express 4)', async () => {
  const app = webapp();
  const router = webapp.Router();
  router.route('/r').get(async () => {
    throw new Error('route rejected');
  });
  app.use('/api', router);
  app.use(report);
  assert.equal((await request(app, { path: '/api/r' })).body, 'caught Error: route rejected ');
});
