import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../src/index');

import { request } from './support/http';

test('app.del routes DELETE like app.delete, with a one-time deprecation warning', async () => {
  const warnings: Array<{ message: string; code?: string; name: string }> = [];
  const onWarning = (w: Error & { code?: string }) =>
    warnings.push({ message: w.message, code: w.code, name: w.name });
  process.on('warning', onWarning);
  try {
    const app = webapp();
    assert.equal(
      app.del('/item/:id', (req: any, res: any) => res.end(`deleted ${req.params.id}`)),
      app,
    );
    app.del('/other', (_req: any, res: any) => res.end('other'));
    assert.equal((await request(app, { method: 'DELETE', path: '/item/3' })).body, 'deleted 3');
    assert.equal((await request(app, { method: 'GET', path: '/item/3' })).status, 404);
    const mine = warnings.filter((w) => w.code === 'WEBAPP_APP_DEL');
    assert.deepEqual(mine, [
      { message: 'app.del: Use app.delete instead', code: 'WEBAPP_APP_DEL', name: 'DeprecationWarning' },
    ]);
  } finally {
    process.off('warning', onWarning);
  }
});
