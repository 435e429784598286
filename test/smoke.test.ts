import assert from 'node:assert/strict';
import { test } from 'node:test';

import webapp = require('../src/index');

import { request } from './support/http';

test('smoke: routes, params, 404', async () => {
  const app = webapp();
  app.get('/users/:id', (req: any, res: any) => res.end(`user ${req.params.id}`));
  const api = webapp.Router();
  api.get('/x', (req: any, res: any) => res.end(`api ${req.baseUrl} ${req.url} ${req.originalUrl}`));
  app.use('/api', api);
  assert.equal((await request(app, { path: '/users/42' })).body, 'user 42');
  assert.equal((await request(app, { path: '/api/x?y=1' })).body, 'api /api /x?y=1 /api/x?y=1');
  const res = await request(app, { path: '/nope' });
  assert.equal(res.status, 404);
  assert.match(res.body, /Cannot GET \/nope/);
});
