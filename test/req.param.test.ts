import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resetDeprecations } from '../src/utils/deprecate';
import { assertSameAsExpress, request } from './support/http';
import { withoutLocation } from './support/response-harness';

import webapp = require('../src/index');

function build(lib: any) {
  const app = lib();
  app.use((req: any, _res: any, next: any) => {
    if (req.headers['x-body']) req.body = JSON.parse(req.headers['x-body']);
    next();
  });
  app.get('/user/:id', (req: any, res: any) => {
    const names = ['id', 'name', 'sort', 'missing', '0'];
    const answer = names.map((name) => [req.param(name) ?? null, req.param(name, 'fallback') ?? null]);
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(answer));
  });
  return app;
}

describe('req.param', () => {
  it('looks in params, then body, then query, then the default, like Express 4', async () => {
    await assertSameAsExpress(build, [
      { path: '/user/42' },
      { path: '/user/42?id=q&name=fromquery&sort=asc' },
      { path: '/user/42?name=fromquery', headers: { 'x-body': '{"name":"frombody","id":"b"}' } },
      { path: '/user/7?sort=', headers: { 'x-body': '{"sort":null,"missing":0}' } },
    ]);
  });

  it('ignores inherited members of body and query', async () => {
    const app = webapp();
    app.get('/', (req: any, res: any) => {
      req.body = {};
      res.end(
        JSON.stringify([
          req.param('constructor', 'd'),
          req.param('toString', 'd'),
          req.param('__proto__', 'd'),
        ]),
      );
    });
    assert.equal((await request(app)).body, '["d","d","d"]');
  });

  it("warns once per call site with Express's deprecation message", async () => {
    resetDeprecations();
    const warnings: Error[] = [];
    const listener = (warning: Error) => warnings.push(warning);
    process.on('warning', listener);
    try {
      const app = webapp();
      app.get('/', (req: any, res: any) => res.end(`${req.param('a', 1)}${req.param('b')}`));
      await request(app);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listener);
    }
    const ours = warnings.filter((w) => (w as any).code === 'WEBAPP_REQ_PARAM');
    // Two call sites, two warnings (as Express 4 warns per call site), each naming its form.
    assert.equal(ours.length, 2);
    assert.equal(ours[0].name, 'DeprecationWarning');
    assert.deepEqual(
      ours.map((w) => withoutLocation(w.message)),
      [
        'req.param(name, default): Use req.params, req.body, or req.query instead',
        'req.param(name): Use req.params, req.body, or req.query instead',
      ],
    );
  });
});
