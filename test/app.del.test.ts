import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../src/index');

import { request } from './support/http';

test('app.del routes DELETE like app.delete, with a deprecation warning per call site', async () => {
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
    // Once per call site, as Express 4 (depd) warns: two calls of app.del on two lines, two warnings,
    // each naming the line that called it.
    assert.equal(mine.length, 2);
    for (const w of mine) {
      assert.equal(w.name, 'DeprecationWarning');
      assert.match(w.message, /^app\.del: Use app\.delete instead at \S*app\.del\.test\.js:\d+:\d+$/);
    }
    assert.notEqual(mine[0].message, mine[1].message);
  } finally {
    process.off('warning', onWarning);
  }
});
