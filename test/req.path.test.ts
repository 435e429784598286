import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertSameAsExpress, request } from './support/http';
import { echoApp } from './support/request-echo';

import webapp = require('../src/index');

const PATHS = [
  '/',
  '/a/b',
  '/a/b?x=1',
  '/a%20b',
  '/a?b#c',
  '/a#frag',
  '//double//slash',
  '/a/?',
  '/a;b?c',
  '/%E2%82%AC',
];

describe('req.path', () => {
  it('answers like Express 4 for a table of URLs', async () => {
    await assertSameAsExpress(
      echoApp((req) => req.path),
      PATHS.map((path) => ({ path })),
    );
  });

  it('excludes the mount path inside a mounted app, like Express 4', async () => {
    await assertSameAsExpress(
      (lib: any) => {
        const app = lib();
        const sub = lib();
        sub.get('*', (req: any, res: any) => res.end(JSON.stringify([req.path, req.url, req.originalUrl])));
        app.use('/mount', sub);
        return app;
      },
      [{ path: '/mount/x/y?q=1' }, { path: '/mount' }, { path: '/mount/' }],
    );
  });

  it('follows rewrites of req.url', async () => {
    const app = webapp();
    app.use((req: any, _res: any, next: any) => {
      req.url = '/rewritten?x=1';
      next();
    });
    app.get('/rewritten', (req: any, res: any) => res.end(req.path));
    assert.equal((await request(app, { path: '/original' })).body, '/rewritten');
  });
});
