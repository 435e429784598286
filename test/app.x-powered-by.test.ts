import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress, request } from './support/http';

test('X-Powered-By: webapp is sent by default', async () => {
  const app = webapp();
  app.get('/', (_req: any, res: any) => res.end('x'));
  const res = await request(app);
  assert.equal(res.headers['x-powered-by'], 'webapp');
});

test('X-Powered-By is absent when disabled, also on 404 and error pages', async () => {
  const app = webapp();
  app.disable('x-powered-by');
  app.get('/', (_req: any, res: any) => res.end('x'));
  app.get('/err', () => {
    throw new Error('e');
  });
  for (const path of ['/', '/missing', '/err']) {
    const res = await request(app, { path });
    assert.equal(res.headers['x-powered-by'], undefined, path);
  }
});

test('X-Powered-By presence matches Express across sub-apps with their own setting', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const quiet = lib();
      quiet.disable('x-powered-by');
      quiet.get('/', (_req: any, res: any) => res.end('quiet sub'));
      const loud = lib();
      loud.get('/', (_req: any, res: any) => res.end('loud sub'));
      const quietParent = lib();
      quietParent.disable('x-powered-by');
      quietParent.use('/loud', loud);
      quietParent.get('/', (_req: any, res: any) => res.end('quiet parent'));
      app.use('/quiet', quiet);
      app.use('/qp', quietParent);
      return app;
    },
    [{ path: '/quiet' }, { path: '/qp' }, { path: '/qp/loud' }],
  );
});
