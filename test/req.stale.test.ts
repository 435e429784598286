import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertSameAsExpress, request } from './support/http';
import { freshApp, freshRequests } from './support/request-echo';

import webapp = require('../src/index');

describe('req.stale', () => {
  it('answers like Express 4 for a table of conditions, validators, methods and statuses', async () => {
    await assertSameAsExpress(freshApp('stale'), freshRequests());
  });

  it('is the opposite of req.fresh', async () => {
    const app = webapp();
    app.get('/', (req: any, res: any) => {
      res.setHeader('ETag', '"v1"');
      res.end(JSON.stringify([req.fresh, req.stale]));
    });
    assert.equal((await request(app, { headers: { 'if-none-match': '"v1"' } })).body, '[true,false]');
    assert.equal((await request(app, { headers: { 'if-none-match': '"v2"' } })).body, '[false,true]');
    assert.equal((await request(app)).body, '[false,true]');
  });
});
