import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { test } from 'node:test';
import { serveStatic } from '../../src/static/serve-static';
import { assertSameAsExpress, requestAll, withServer } from '../support/http';
import { echoError, FIXTURES, markNext, staticApp, staticOf, tempDir } from '../support/static-fixtures';

import webapp = require('../../src/index');

/** Serves test/fixtures/static/nested, so the fixture root itself is "outside". */
const ROOT = path.join(FIXTURES, 'nested');

const app = (options?: any) => staticApp(ROOT, options);

// Each tries to reach test/fixtures/static/hello.txt (one level above ROOT) or files further up.
const TRAVERSALS = [
  '/../hello.txt',
  '/..%2fhello.txt',
  '/%2e%2e/hello.txt',
  '/%2e%2e%2fhello.txt',
  '/%2E%2E%2Fhello.txt',
  '/.%2e/hello.txt',
  '/%2e./hello.txt',
  '/deep/../../hello.txt',
  '/deep/%2e%2e/%2e%2e/hello.txt',
  '/deep/..%2f..%2fhello.txt',
  '/..%5chello.txt',
  '/%2e%2e%5chello.txt',
  '/..\\hello.txt',
  '/deep\\..\\..\\hello.txt',
  '/%252e%252e/hello.txt',
  '/%c0%ae%c0%ae/hello.txt',
  '/..%c0%afhello.txt',
  '/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '/../../../../../../../../etc/passwd',
  '/%2fetc%2fpasswd',
  '//etc/passwd',
  '/%5cetc%5cpasswd',
  '/..',
  '/%2e%2e',
  '/deep/%2e%2e%2f%2e%2e',
  '/hello.txt%00.html',
  '/%00',
  '/page.html%00',
  '/%',
  '/%zz',
  '/%e0%a4%a',
  '/%c0%ae',
];

test('traversal attempts never leave the root, like express.static', async () => {
  const requests = TRAVERSALS.map((p) => ({ path: p }));
  await assertSameAsExpress(app({ fallthrough: false }), requests);
  await assertSameAsExpress(app(), requests);
  await assertSameAsExpress(app({ dotfiles: 'allow', fallthrough: false }), requests);
  const secret = fs.readFileSync(path.join(FIXTURES, 'hello.txt'), 'utf8');
  for (const res of await requestAll(app({ fallthrough: false, dotfiles: 'allow' })(webapp), requests)) {
    assert.ok(!res.body.includes(secret), 'served a file outside the root');
    assert.ok(!res.body.includes('root:'), 'served /etc/passwd');
    assert.ok(res.status === 299 || res.status === 301, `status ${res.status}`);
    if (res.status === 299) assert.ok([400, 403, 404].includes(JSON.parse(res.body).status), res.body);
  }
});

test('the status of each kind of bad path', async () => {
  const [nul, badEscape, up, encodedUp, backslashUp, outsideAbsolute] = await requestAll(
    app({ fallthrough: false })(webapp),
    [
      { path: '/page.html%00' },
      { path: '/%zz' },
      { path: '/../hello.txt' },
      { path: '/%2e%2e/hello.txt' },
      { path: '/..%5chello.txt' },
      { path: '/%2fetc%2fpasswd' },
    ],
  );
  assert.equal(JSON.parse(nul.body).status, 400);
  assert.equal(JSON.parse(badEscape.body).status, 400);
  assert.equal(JSON.parse(up.body).status, 403);
  assert.equal(JSON.parse(encodedUp.body).status, 403);
  assert.equal(JSON.parse(backslashUp.body).status, 403);
  // An absolute path is taken relative to the root: root/etc/passwd does not exist.
  assert.equal(JSON.parse(outsideAbsolute.body).status, 404);
});

test('raw dot segments sent on the wire are refused', async () => {
  const application = webapp();
  application.use(serveStatic(ROOT, { fallthrough: false }));
  application.use(echoError);
  await withServer(application, async (port) => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end('GET /../hello.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      });
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => {
        data += chunk;
      });
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    assert.match(raw, /^HTTP\/1\.1 299 /);
    assert.match(raw, /"status":403/);
    assert.ok(!raw.includes('hello world'));
  });
});

test('encoded slashes inside the root are plain path separators', async () => {
  await assertSameAsExpress(app(), [{ path: '/deep%2findex.html' }, { path: '/deep%2F' }]);
});

test('an overlong path is a miss, not a server error', async () => {
  const requests = [{ path: `/${'a'.repeat(5000)}` }, { path: `/${'a/'.repeat(3000)}x` }];
  await assertSameAsExpress(app({ fallthrough: false }), requests);
  for (const res of await requestAll(app({ fallthrough: false })(webapp), requests)) {
    assert.equal(JSON.parse(res.body).status, 404);
  }
});

test('redirects never point at another host', async () => {
  const application = app()(webapp);
  const paths = [
    '/\\evil.example/%2e%2e',
    '/\\\\evil.example/%2e%2e',
    '//evil.example/%2e%2e',
    '///evil.example/%2e%2e',
    '/%5Cevil.example/%2e%2e',
    '/%2F%2Fevil.example/%2e%2e',
    '/\\/evil.example/%2e%2e',
    '/deep/..\\..',
  ];
  const responses = await requestAll(
    application,
    paths.map((p) => ({ path: p })),
  );
  for (let i = 0; i < paths.length; i++) {
    const res = responses[i];
    if (res.status !== 301) continue;
    const location = String(res.headers.location);
    assert.ok(location.startsWith('/'), location);
    // A browser treats "//x" and "/\x" as a host; neither may start the Location.
    assert.ok(!location.startsWith('//') && !location.includes('\\'), `${paths[i]} -> ${location}`);
    assert.ok(!res.body.includes('\\'), res.body);
  }
  assert.equal(responses[0].status, 301);
  assert.equal(responses[0].headers.location, '/%5Cevil.example/%2e%2e/');
  assert.equal(responses[2].headers.location, '/evil.example/%2e%2e/');
});

test('dotfiles default: dotfiles hidden, dot-directories served', async () => {
  const fixturesApp = (options?: any) => (lib: any) => {
    const application = lib();
    application.use(staticOf(lib)(FIXTURES, options));
    application.use(markNext);
    application.use(echoError);
    return application;
  };
  const requests = [
    { path: '/.secret' },
    { path: '/.well-known/security.txt' },
    { path: '/.well-known' },
    { path: '/.well-known/' },
    { path: '/.hidden-dir/' },
    { path: '/.hidden-dir/file.txt' },
    { path: '/%2esecret' },
    { path: '/nested/../.secret' },
    { path: '/.well-known/../.secret' },
    { path: '/./.secret' },
    { path: '/.' },
    { path: '/./hello.txt' },
  ];
  for (const options of [
    undefined,
    { dotfiles: 'allow' },
    { dotfiles: 'deny' },
    { dotfiles: 'ignore' },
    { dotfiles: 'deny', fallthrough: false },
    { dotfiles: 'ignore', fallthrough: false },
    { fallthrough: false },
    { hidden: true },
  ]) {
    await assertSameAsExpress(fixturesApp(options), requests);
  }
  const byDefault = await requestAll(fixturesApp()(webapp), requests.slice(0, 2));
  assert.equal(byDefault[0].body, 'next() called');
  assert.equal(byDefault[1].body, 'Contact: mailto:security@example.com\n');
  const denied = await requestAll(
    fixturesApp({ dotfiles: 'deny', fallthrough: false })(webapp),
    requests.slice(0, 2),
  );
  assert.deepEqual(
    denied.map((r) => JSON.parse(r.body).status),
    [403, 403],
  );
  const ignored = await requestAll(
    fixturesApp({ dotfiles: 'ignore', fallthrough: false })(webapp),
    requests.slice(0, 2),
  );
  assert.deepEqual(
    ignored.map((r) => JSON.parse(r.body).status),
    [404, 404],
  );
  const allowed = await requestAll(fixturesApp({ dotfiles: 'allow' })(webapp), requests.slice(0, 2));
  assert.equal(allowed[0].body, 'secret=1\n');
});

test('a root inside a dot-directory is not itself a dotfile', async (t) => {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  const root = path.join(dir, '.config', 'site');
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(path.join(root, 'a.txt'), 'inside');
  const application = webapp();
  application.use(serveStatic(root, { dotfiles: 'ignore' }));
  const [res] = await requestAll(application, [{ path: '/a.txt' }]);
  assert.equal(res.body, 'inside');
});

test('a file name with a backslash is an ordinary name on POSIX', async (t) => {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  fs.writeFileSync(path.join(dir, 'a\\b.txt'), 'backslash');
  const build = (lib: any) => {
    const application = lib();
    application.use(staticOf(lib)(dir));
    application.use(markNext);
    return application;
  };
  await assertSameAsExpress(build, [{ path: '/a%5Cb.txt' }, { path: '/a\\b.txt' }]);
});
