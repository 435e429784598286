import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { resetDeprecations } from '../src/utils/deprecate';
import { assertSameAsExpress, request, requestAll } from './support/http';
import { withoutLocation } from './support/response-harness';
import { echoError, FIXTURES, markNext } from './support/static-fixtures';

import webapp = require('../src/index');

function sendfileApp(lib: any) {
  const app = lib();
  app.get('/abs', (req: any, res: any) => res.sendfile(path.join(FIXTURES, req.query.f)));
  app.get('/root', (req: any, res: any) => res.sendfile(req.query.f, { root: FIXTURES, maxAge: 2000 }));
  app.get('/relative', (_req: any, res: any) =>
    res.sendfile(path.relative(process.cwd(), path.join(FIXTURES, 'hello.txt'))),
  );
  app.get('/fn', (req: any, res: any) =>
    res.sendfile(path.join(FIXTURES, req.query.f), (err: any) => {
      if (err) res.status(299).json({ code: err.code, status: err.status });
    }),
  );
  app.use(markNext);
  app.use(echoError);
  return app;
}

const q = (route: string, file: string) => ({ path: `${route}?f=${encodeURIComponent(file)}` });

test('res.sendfile (3.x) behaves as in express', async () => {
  await assertSameAsExpress(sendfileApp, [
    q('/abs', 'hello.txt'),
    q('/abs', 'with%20space.txt'),
    q('/abs', 'percent%2520name.txt'),
    q('/abs', 'missing'),
    q('/abs', 'nested'),
    q('/abs', '%zz'),
    q('/root', 'nested/page.html'),
    q('/root', '../package.json'),
    q('/root', '.secret'),
    q('/fn', 'hello.txt'),
    q('/fn', 'missing'),
    q('/fn', 'nested'),
    { path: '/relative' },
  ]);
});

test('paths are URL-decoded and may be relative to the working directory', async () => {
  const [decoded, relative, rooted] = await requestAll(sendfileApp(webapp), [
    q('/abs', 'with%20space.txt'),
    { path: '/relative' },
    q('/root', 'nested/page.html'),
  ]);
  assert.equal(decoded.body, 'spaces\n');
  assert.equal(relative.body, 'hello world\n');
  assert.equal(rooted.body, '<p>page</p>\n');
  assert.equal(rooted.headers['cache-control'], 'public, max-age=2');
});

test('errors reach the callback or next(err)', async () => {
  const [missing, missingFn, up] = await requestAll(sendfileApp(webapp), [
    q('/abs', 'missing'),
    q('/fn', 'missing'),
    q('/root', '../package.json'),
  ]);
  assert.equal(JSON.parse(missing.body).code, 'ENOENT');
  assert.deepEqual(JSON.parse(missingFn.body), { code: 'ENOENT', status: 404 });
  assert.equal(JSON.parse(up.body).status, 403);
});

test('warns once that res.sendFile should be used', async () => {
  resetDeprecations();
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  process.on('warning', onWarning);
  try {
    const app = sendfileApp(webapp);
    await request(app, q('/abs', 'hello.txt'));
    await request(app, q('/abs', 'hello.txt'));
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', onWarning);
  }
  const ours = warnings.filter((w) => (w as NodeJS.ErrnoException).code === 'WEBAPP_RES_SENDFILE');
  assert.equal(ours.length, 1);
  assert.equal(ours[0].name, 'DeprecationWarning');
  assert.equal(withoutLocation(ours[0].message), 'res.sendfile: Use res.sendFile instead');
});
