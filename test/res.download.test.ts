import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { assertSameAsExpress, request, requestAll } from './support/http';
import { echoError, FIXTURES, markNext } from './support/static-fixtures';

import webapp = require('../src/index');

const HELLO = path.join(FIXTURES, 'hello.txt');

/** Routes calling res.download with each supported argument shape. */
function downloadApp(lib: any) {
  const app = lib();
  const report = (res: any) => (err: any) => {
    if (err) res.status(299).json({ code: err.code, status: err.status });
  };
  app.get('/path', (_req: any, res: any) => res.download(HELLO));
  app.get('/name', (_req: any, res: any) => res.download(HELLO, 'report.pdf'));
  app.get('/unicode', (_req: any, res: any) => res.download(HELLO, 'Résumé €.txt'));
  app.get('/quotes', (_req: any, res: any) => res.download(HELLO, 'a "quoted" \\ name.txt'));
  app.get('/percent', (_req: any, res: any) => res.download(HELLO, '100%25.txt'));
  app.get('/dir-name', (_req: any, res: any) => res.download(HELLO, '../../etc/name.txt'));
  app.get('/fn', (_req: any, res: any) => res.download(HELLO, report(res)));
  app.get('/name-fn', (_req: any, res: any) => res.download(HELLO, 'n.txt', report(res)));
  app.get('/name-options', (_req: any, res: any) => res.download(HELLO, 'n.txt', { maxAge: '1h' }));
  app.get('/name-options-fn', (_req: any, res: any) =>
    res.download(HELLO, 'n.txt', { headers: { 'X-A': '1' } }, report(res)),
  );
  app.get('/options', (_req: any, res: any) => res.download(HELLO, { maxAge: 60_000, immutable: true }));
  app.get('/options-fn', (_req: any, res: any) => res.download(HELLO, { lastModified: false }, report(res)));
  app.get('/null-options', (_req: any, res: any) => res.download(HELLO, null, { cacheControl: false }));
  app.get('/headers', (_req: any, res: any) =>
    res.download(HELLO, 'h.txt', {
      headers: { 'content-disposition': 'inline', 'Content-Disposition': 'inline', 'X-Extra': 'yes' },
    }),
  );
  app.get('/root', (_req: any, res: any) => res.download('nested/page.html', { root: FIXTURES }));
  app.get('/root-up', (_req: any, res: any) => res.download('../package.json', 'p.json', { root: FIXTURES }));
  app.get('/relative', (_req: any, res: any) => res.download(path.relative(process.cwd(), HELLO)));
  app.get('/missing', (_req: any, res: any) => res.download(path.join(FIXTURES, 'missing.txt')));
  app.get('/missing-fn', (_req: any, res: any) =>
    res.download(path.join(FIXTURES, 'missing.txt'), report(res)),
  );
  app.get('/dotfile', (_req: any, res: any) => res.download('.secret', { root: FIXTURES }));
  app.get('/dotfile-allow', (_req: any, res: any) =>
    res.download('.secret', { root: FIXTURES, dotfiles: 'allow' }),
  );
  app.get('/dotfile-deny', (_req: any, res: any) =>
    res.download('.well-known/security.txt', { root: FIXTURES, dotfiles: 'deny' }),
  );
  app.get('/bad-name', (_req: any, res: any) => res.download(HELLO, 42));
  app.get('/range', (_req: any, res: any) =>
    res.download(path.join(FIXTURES, '4k.txt'), { acceptRanges: false }),
  );
  app.use(markNext);
  app.use(echoError);
  return app;
}

const ROUTES = [
  '/path',
  '/name',
  '/unicode',
  '/quotes',
  '/percent',
  '/dir-name',
  '/fn',
  '/name-fn',
  '/name-options',
  '/name-options-fn',
  '/options',
  '/options-fn',
  '/null-options',
  '/headers',
  '/root',
  '/root-up',
  '/relative',
  '/missing',
  '/missing-fn',
  '/dotfile',
  '/dotfile-allow',
  '/dotfile-deny',
  '/bad-name',
];

test('every argument shape behaves as in express', async () => {
  await assertSameAsExpress(downloadApp, [
    ...ROUTES.map((p) => ({ path: p })),
    { path: '/path', method: 'HEAD' },
    { path: '/path', headers: { range: 'bytes=0-4' } },
    { path: '/range', headers: { range: 'bytes=0-4' } },
  ]);
});

test('Content-Disposition names the file, or the given name (RFC 6266 with filename* for non-Latin-1)', async () => {
  const [byPath, named, unicode, quoted, withDir] = await requestAll(downloadApp(webapp), [
    { path: '/path' },
    { path: '/name' },
    { path: '/unicode' },
    { path: '/quotes' },
    { path: '/dir-name' },
  ]);
  assert.equal(byPath.headers['content-disposition'], 'attachment; filename="hello.txt"');
  assert.equal(byPath.body, 'hello world\n');
  assert.equal(named.headers['content-disposition'], 'attachment; filename="report.pdf"');
  // The type comes from the file sent, not from the name offered.
  assert.equal(named.headers['content-type'], 'text/plain; charset=UTF-8');
  assert.equal(
    unicode.headers['content-disposition'],
    'attachment; filename="Résumé ?.txt"; filename*=UTF-8\'\'R%C3%A9sum%C3%A9%20%E2%82%AC.txt',
  );
  assert.equal(quoted.headers['content-disposition'], 'attachment; filename="a \\"quoted\\" \\\\ name.txt"');
  assert.equal(withDir.headers['content-disposition'], 'attachment; filename="name.txt"');
});

test('options apply, and headers may not override Content-Disposition', async () => {
  const [options, headers, root] = await requestAll(downloadApp(webapp), [
    { path: '/options' },
    { path: '/headers' },
    { path: '/root' },
  ]);
  assert.equal(options.headers['cache-control'], 'public, max-age=60, immutable');
  assert.equal(headers.headers['content-disposition'], 'attachment; filename="h.txt"');
  assert.equal(headers.headers['x-extra'], 'yes');
  assert.equal(root.body, '<p>page</p>\n');
  assert.equal(root.headers['content-disposition'], 'attachment; filename="page.html"');
});

test('errors go to the callback, or to next(err)', async () => {
  const [missing, missingFn, up, dotfile] = await requestAll(downloadApp(webapp), [
    { path: '/missing' },
    { path: '/missing-fn' },
    { path: '/root-up' },
    { path: '/dotfile' },
  ]);
  assert.equal(JSON.parse(missing.body).status, 404);
  assert.equal(JSON.parse(missing.body).code, 'ENOENT');
  assert.deepEqual(JSON.parse(missingFn.body), { code: 'ENOENT', status: 404 });
  assert.equal(JSON.parse(up.body).status, 403);
  assert.equal(JSON.parse(dotfile.body).status, 404);
});

test('the caller options object is not modified', async () => {
  const options = { maxAge: 1000, headers: { 'X-A': '1' } };
  const app = webapp();
  app.get('/', (_req: any, res: any) => res.download(HELLO, 'x.txt', options));
  const res = await request(app, { path: '/' });
  assert.equal(res.headers['x-a'], '1');
  assert.deepEqual(options, { maxAge: 1000, headers: { 'X-A': '1' } });
});
