import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../../src/index');

import { query } from '../../src/middleware/query';
import { assertSameAsExpress, request } from '../support/http';

test('webapp.query parses the query string with qs like express.query', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.use(lib.query());
      app.get('/', (req: any, res: any) => res.end(JSON.stringify(req.query)));
      return app;
    },
    [{ path: '/?a=1&b[c]=2&d=x&d=y' }, { path: '/' }, { path: '/?__proto__[x]=1' }],
  );
});

test('webapp.query accepts qs options and a custom parse function', async () => {
  const app = webapp();
  app.use('/depth', query({ depth: 0 }));
  app.use(
    '/fn',
    query((str) => ({ raw: str })),
  );
  app.get('*', (req: any, res: any) => res.end(JSON.stringify(req.query)));
  assert.deepEqual(JSON.parse((await request(app, { path: '/depth?a[b]=1' })).body), { 'a[b]': '1' });
  assert.deepEqual(JSON.parse((await request(app, { path: '/fn?x=1&y' })).body), { raw: 'x=1&y' });
});

test('webapp.query leaves a query that middleware already assigned', async () => {
  const app = webapp();
  app.use((req: any, _res: any, next: any) => {
    req.query = { set: 'earlier' };
    next();
  });
  app.use(query());
  app.get('/', (req: any, res: any) => res.end(JSON.stringify(req.query)));
  assert.deepEqual(JSON.parse((await request(app, { path: '/?a=1' })).body), { set: 'earlier' });
});
