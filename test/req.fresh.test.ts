import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertSameAsExpress, request } from './support/http';
import { fakeRequest, freshApp, freshRequests } from './support/request-echo';

import webapp = require('../src/index');

import { cpuClock } from './support/cpu-time';

describe('req.fresh', () => {
  it('answers like Express 4 for a table of conditions, validators, methods and statuses', async () => {
    await assertSameAsExpress(freshApp('fresh'), freshRequests());
  });

  it('compares against the response headers set so far', async () => {
    const app = webapp();
    app.get('/', (req: any, res: any) => {
      const before = req.fresh;
      res.setHeader('ETag', '"v1"');
      res.end(JSON.stringify([before, req.fresh]));
    });
    assert.equal((await request(app, { headers: { 'if-none-match': '"v1"' } })).body, '[false,true]');
  });

  it('is never fresh with Cache-Control: no-cache', () => {
    const res = { statusCode: 200, getHeader: (name: string) => (name === 'ETag' ? '"a"' : undefined) };
    const req = fakeRequest({ headers: { 'if-none-match': '"a"', 'cache-control': 'no-cache' }, res });
    assert.equal(req.fresh, false);
    req.headers['cache-control'] = 'max-age=0';
    assert.equal(req.fresh, true);
  });

  it('is false for methods other than GET and HEAD and for non-2xx/304 statuses', () => {
    const res = { statusCode: 200, getHeader: () => '"a"' };
    assert.equal(fakeRequest({ method: 'POST', headers: { 'if-none-match': '"a"' }, res }).fresh, false);
    assert.equal(fakeRequest({ method: 'HEAD', headers: { 'if-none-match': '"a"' }, res }).fresh, true);
    res.statusCode = 404;
    assert.equal(fakeRequest({ headers: { 'if-none-match': '"a"' }, res }).fresh, false);
    res.statusCode = 304;
    assert.equal(fakeRequest({ headers: { 'if-none-match': '"a"' }, res }).fresh, true);
  });

  it('answers quickly for a near-limit If-None-Match list', async () => {
    const list = Array.from({ length: 1200 }, (_, i) => `"e${i}"`).join(', ');
    const app = webapp();
    app.get('/', (req: any, res: any) => {
      res.setHeader('ETag', '"e1199"');
      const start = cpuClock();
      const fresh = req.fresh;
      res.end(JSON.stringify([fresh, start() < 50]));
    });
    assert.equal((await request(app, { headers: { 'if-none-match': list } })).body, '[true,true]');
  });
});
