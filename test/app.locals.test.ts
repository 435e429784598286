import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../src/index');

import type { AddressInfo } from 'node:net';

import { request, send } from './support/http';

test('app.locals is a prototype-less object holding settings', () => {
  const app = webapp();
  assert.equal(Object.getPrototypeOf(app.locals), null);
  assert.equal(app.locals.settings, app.settings);
  app.locals.title = 'My App';
  assert.equal(app.locals.title, 'My App');
  assert.deepEqual(Object.keys(app.locals), ['settings', 'title']);
});

test('app.locals persist across requests', async () => {
  const app = webapp();
  app.locals.count = 0;
  app.get('/', (req: any, res: any) => {
    req.app.locals.count++;
    res.end(String(req.app.locals.count));
  });
  const server = app.listen(0, '127.0.0.1');
  try {
    await new Promise((resolve) => server.once('listening', resolve));
    assert.equal((await send((server.address() as AddressInfo).port)).body, '1');
  } finally {
    server.close();
  }
  assert.equal((await request(app)).body, '2');
});

test('res.locals is a fresh prototype-less object per request, writable and replaceable', async () => {
  const app = webapp();
  const seen: object[] = [];
  app.use((_req: any, res: any, next: any) => {
    res.locals.user = 'tobi';
    seen.push(res.locals);
    next();
  });
  app.get('/', (_req: any, res: any) => {
    const proto = Object.getPrototypeOf(res.locals);
    res.end(`${res.locals.user} ${proto === null} ${Object.keys(res.locals)}`);
  });
  app.get('/replace', (_req: any, res: any) => {
    res.locals = { replaced: true };
    res.end(`${res.locals.replaced} ${Object.hasOwn(res, 'locals')}`);
  });
  assert.equal((await request(app)).body, 'tobi true user');
  assert.equal((await request(app)).body, 'tobi true user');
  assert.notEqual(seen[0], seen[1]);
  assert.equal((await request(app, { path: '/replace' })).body, 'true true');
});

test('res.locals is never shared through the response prototype', async () => {
  const app = webapp();
  app.get('/', (_req: any, res: any) => {
    res.locals.x = 1;
    res.end();
  });
  await request(app);
  assert.equal(Object.hasOwn(app.response, 'locals'), false);
  // The shared prototype only holds the lazy accessor, never a value.
  const descriptor = Object.getOwnPropertyDescriptor(webapp.response, 'locals');
  assert.equal(descriptor?.value, undefined);
  assert.equal(typeof descriptor?.get, 'function');
});
