import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { directory } from '../../src/middleware/directory';
import {
  encodePathSegments,
  entryHref,
  iconClass,
  renderTemplate,
} from '../../src/middleware/directory/render';
import { type RequestOptions, request, requestAll, type TestResponse } from '../support/http';

import webapp = require('../../src/index');

const serveIndex = require('serve-index');

const FIXTURES = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'directory');
const ROOT = path.join(FIXTURES, 'root');

type Middleware = (req: any, res: any, next: (err?: unknown) => void) => void;

function appWith(middleware: Middleware, mount = '/') {
  const app = webapp();
  app.use(mount, middleware);
  app.use((err: any, _req: any, res: any, _next: any) => {
    res.status(err.status ?? 500).send(`error ${err.status ?? 500} ${err.code ?? ''}`);
  });
  return app as any;
}

/** `href` → title of every entry link of an HTML listing. */
function links(html: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const pattern = /<li><a href="([^"]*)"[^>]*title="([^"]*)"/g;
  for (let match = pattern.exec(html); match !== null; match = pattern.exec(html))
    out.push([match[1], match[2]]);
  return out;
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const ACCEPTS = {
  json: { accept: 'application/json' },
  text: { accept: 'text/plain' },
  html: { accept: 'text/html' },
};

const DIFFERENTIAL: RequestOptions[] = [];
for (const headers of [ACCEPTS.json, ACCEPTS.text]) {
  for (const p of [
    '/',
    '/sub',
    '/sub/',
    '/sub/deeper/',
    '/sub/deeper/../',
    '/empty-dir-holder?x=1',
    '/with%20space.txt',
  ]) {
    DIFFERENTIAL.push({ path: p, headers });
  }
}
for (const p of [
  '/missing/',
  '/a.txt',
  '/../',
  '/%2e%2e/',
  '/sub/..%2f..%2f',
  '/sub/%2e%2e/%2e%2e/etc',
  '/%00',
  '/sub%00/',
  '/%E0%A4%A',
  '/%',
]) {
  DIFFERENTIAL.push({ path: p, headers: ACCEPTS.json });
}
DIFFERENTIAL.push({ path: '/', headers: { accept: 'image/png' } });
DIFFERENTIAL.push({ path: '/', headers: { accept: 'application/json;q=0.5, text/plain' } });
DIFFERENTIAL.push({ path: '/', method: 'POST', headers: ACCEPTS.json });
DIFFERENTIAL.push({ path: '/', method: 'DELETE' });
DIFFERENTIAL.push({ path: '/', method: 'OPTIONS' });
DIFFERENTIAL.push({ path: '/', method: 'HEAD', headers: ACCEPTS.json });

for (const options of [
  undefined,
  { hidden: true },
  { filter: (name: string) => !name.endsWith('.txt') },
  { hidden: true, filter: (_name: string, index: number) => index % 2 === 0 },
]) {
  test(`directory(${options ? Object.keys(options).join('+') : 'defaults'}) answers like serve-index for JSON, text and errors`, async () => {
    const expected = await requestAll(appWith(serveIndex(ROOT, options)), DIFFERENTIAL);
    const actual = await requestAll(appWith(directory(ROOT, options)), DIFFERENTIAL);
    for (let i = 0; i < DIFFERENTIAL.length; i++) {
      const label = `${DIFFERENTIAL[i].method ?? 'GET'} ${DIFFERENTIAL[i].path} ${JSON.stringify(DIFFERENTIAL[i].headers)}`;
      assert.equal(actual[i].status, expected[i].status, label);
      assert.equal(actual[i].body, expected[i].body, label);
      for (const name of ['content-type', 'content-length', 'x-content-type-options', 'allow']) {
        assert.equal(actual[i].headers[name], expected[i].headers[name], `${label} ${name}`);
      }
    }
  });
}

test('directory HTML lists the same entries, in the same order and to the same places, as serve-index', async () => {
  for (const [mount, p] of [
    ['/', '/'],
    ['/', '/sub/'],
    ['/', '/sub'],
    ['/files', '/files/sub/deeper/'],
  ]) {
    const [theirs] = await requestAll(appWith(serveIndex(ROOT), mount), [{ path: p }]);
    const [ours] = await requestAll(appWith(directory(ROOT), mount), [{ path: p }]);
    assert.equal(ours.status, 200);
    assert.equal(ours.headers['content-type'], 'text/html; charset=utf-8');
    // serve-index links directories without the trailing slash we add (saving a redirect).
    const normalise = (list: Array<[string, string]>) =>
      list.map(([href, title]) => [href.replace(/(.)\/$/, '$1'), title]);
    assert.deepEqual(normalise(links(ours.body)), normalise(links(theirs.body)), p);
  }
});

test('directory HTML: page structure, breadcrumb, details view, icons', async () => {
  const res = await request(appWith(directory(ROOT, { view: 'details', icons: true }), '/files'), {
    path: '/files/sub/',
  });
  assert.equal(res.status, 200);
  assert.equal(res.headers['x-content-type-options'], 'nosniff');
  assert.equal(res.headers['content-length'], String(Buffer.byteLength(res.body)));
  assert.match(res.body, /^<!DOCTYPE html>/);
  assert.match(res.body, /<title>Index of \/files\/sub\/<\/title>/);
  assert.match(
    res.body,
    /<a href="\/">\/<\/a> <a href="\/files\/">files<\/a> \/ <a href="\/files\/sub\/">sub<\/a> \//,
  );
  assert.match(res.body, /<ul id="files" class="view-details">/);
  assert.match(res.body, /<li class="header">/);
  assert.deepEqual(links(res.body), [
    ['/files/', '..'],
    ['/files/sub/deeper/', 'deeper'],
    ['/files/sub/nested.txt', 'nested.txt'],
  ]);
  assert.match(res.body, /class="icon icon-up"/);
  assert.match(res.body, /class="icon icon-directory"/);
  assert.match(
    res.body,
    /class="icon icon-text" title="nested.txt"><span class="name">nested.txt<\/span><span class="size">7<\/span><span class="date">\d{4}-\d\d-\d\d \d\d:\d\d<\/span>/,
  );
  // No ".." at the root of the listing, even when mounted.
  const top = await request(appWith(directory(ROOT), '/files'), { path: '/files' });
  assert.equal(
    links(top.body).some(([, title]) => title === '..'),
    false,
  );
});

test('directory hides dot-files unless hidden: true', async () => {
  const [hiddenOff, hiddenOn, dotDir] = await Promise.all([
    request(appWith(directory(ROOT)), { headers: ACCEPTS.json }),
    request(appWith(directory(ROOT, { hidden: true })), { headers: ACCEPTS.json }),
    request(appWith(directory(ROOT, { hidden: true })), { path: '/.secret-dir/', headers: ACCEPTS.json }),
  ]);
  assert.equal(
    JSON.parse(hiddenOff.body).some((name: string) => name.startsWith('.')),
    false,
  );
  assert.deepEqual(
    JSON.parse(hiddenOn.body).filter((name: string) => name.startsWith('.')),
    ['.secret-dir', '.hidden'],
  );
  assert.deepEqual(JSON.parse(dotDir.body), ['key.txt']);
});

test('directory filter receives (name, index, list, path)', async () => {
  const seen: unknown[] = [];
  await request(
    appWith(
      directory(ROOT, {
        filter: (name, index, list, dir) => {
          seen.push([name, index, list.length, dir]);
          return true;
        },
      }),
    ),
    { path: '/sub/', headers: ACCEPTS.json },
  );
  // The directory as serve-index gives it: the normalised join of root and URL path.
  const sub = `${path.join(ROOT, 'sub')}/`;
  assert.deepEqual(seen, [
    ['deeper', 0, 2, sub],
    ['nested.txt', 1, 2, sub],
  ]);
});

let oddRoot = '';
const ODD_NAMES = [
  '<b>bold<b>.txt',
  '"quoted" & \'single\'.txt',
  '#hash.txt',
  'question?.txt',
  '%41 percent.txt',
  '$& dollar.txt',
  '{files}.txt',
  'back\\slash.txt',
  'new\nline.txt',
  'emoji 😀.txt',
  ' leading space.txt',
];

before(() => {
  oddRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'webapp-directory-'));
  for (const name of ODD_NAMES) fs.writeFileSync(path.join(oddRoot, name), name);
  fs.mkdirSync(path.join(oddRoot, 'dir #?%'));
  fs.writeFileSync(path.join(oddRoot, 'dir #?%', 'inner.txt'), 'inner');
});

after(() => {
  if (oddRoot) fs.rmSync(oddRoot, { recursive: true, force: true });
});

test('directory escapes odd names in HTML and builds links that lead back to them', async () => {
  const app = appWith(directory(oddRoot));
  const res = await request(app, { headers: ACCEPTS.html });
  assert.equal(res.status, 200);
  assert.equal(res.body.includes('<b>bold'), false, 'names are escaped');
  assert.equal(res.body.includes('{files}.txt'), true, 'placeholders inside names are not expanded');
  assert.equal(
    res.body.includes('$&amp; dollar.txt'),
    true,
    'replacement patterns inside names stay literal',
  );
  const found = links(res.body);
  assert.equal(found.length, ODD_NAMES.length + 1);
  for (const [href, title] of found) {
    const name = unescapeHtml(title);
    assert.ok(/^[\x21-\x7e]+$/.test(href), `href is plain ASCII without spaces: ${href}`);
    const segments = unescapeHtml(href).split('/').filter(Boolean);
    assert.equal(decodeURIComponent(segments[segments.length - 1]), name, href);
  }
  // Following the directory link lists that directory.
  const dirHref = found.find(([, title]) => title === 'dir #?%')![0];
  const inner = await request(app, { path: unescapeHtml(dirHref), headers: ACCEPTS.json });
  assert.deepEqual(JSON.parse(inner.body), ['inner.txt']);
  // JSON and text carry the raw names.
  const json = await request(app, { headers: ACCEPTS.json });
  assert.deepEqual(new Set(JSON.parse(json.body)), new Set([...ODD_NAMES, 'dir #?%']));
});

test('directory never lists above its root', async () => {
  const app = appWith(directory(path.join(ROOT, 'sub')));
  const cases: Array<[string, number]> = [
    ['/../', 403],
    ['/..', 403],
    ['/%2e%2e/', 403],
    ['/%2E%2E', 403],
    ['/deeper/../../', 403],
    ['/deeper/%2e%2e%2f%2e%2e%2f', 403],
    ['/..%2fa.txt', 403],
    ['/..%2fsub', 200],
    ['/%2e%2e%5c', 200],
    ['/%00', 400],
    ['/deeper%00/', 400],
    ['/%ZZ', 400],
    ['/%C0%AE%C0%AE/', 400],
    ['/deeper/..', 200],
  ];
  const responses = await requestAll(
    app,
    cases.map(([p]) => ({ path: p, headers: ACCEPTS.json })),
  );
  for (let i = 0; i < cases.length; i++) {
    const [p, status] = cases[i];
    if (status === 200) {
      // `..\` is an ordinary (missing) name on POSIX, and `deeper/..` is the root itself.
      assert.ok(responses[i].status === 404 || responses[i].status === 200, p);
      if (responses[i].status === 200)
        assert.deepEqual(JSON.parse(responses[i].body), ['deeper', 'nested.txt']);
    } else {
      assert.equal(responses[i].status, status, p);
    }
  }
});

test('directory refuses a symbolic link that leads out of the root unless followSymlinks', async (t) => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'webapp-directory-link-'));
  t.after(() => fs.rmSync(base, { recursive: true, force: true }));
  const root = path.join(base, 'root');
  const outside = path.join(base, 'outside');
  fs.mkdirSync(root);
  fs.mkdirSync(outside);
  fs.mkdirSync(path.join(root, 'real'));
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
  fs.symlinkSync(outside, path.join(root, 'escape'));
  fs.symlinkSync(path.join(root, 'real'), path.join(root, 'alias'));
  const [escaped, alias] = await requestAll(appWith(directory(root)), [
    { path: '/escape/', headers: ACCEPTS.json },
    { path: '/alias/', headers: ACCEPTS.json },
  ]);
  assert.equal(escaped.status, 403);
  assert.equal(alias.status, 200, 'links that stay inside the root are fine');
  const followed = await request(appWith(directory(root, { followSymlinks: true })), {
    path: '/escape/',
    headers: ACCEPTS.json,
  });
  assert.deepEqual(JSON.parse(followed.body), ['secret.txt']);
  // A root that is itself reached through a link works.
  fs.symlinkSync(root, path.join(base, 'root-link'));
  const viaLink = await request(appWith(directory(path.join(base, 'root-link'))), { headers: ACCEPTS.json });
  assert.deepEqual(JSON.parse(viaLink.body), ['alias', 'escape', 'real']);
});

test('directory statuses: 405 with Allow, 200 for OPTIONS, 406, 404 for files and missing paths, 414', async () => {
  const app = appWith(directory(ROOT));
  const [post, options, none, file, missing, notDir, long] = await requestAll(app, [
    { method: 'POST' },
    { method: 'OPTIONS' },
    { headers: { accept: 'image/*' } },
    { path: '/a.txt' },
    { path: '/nope/' },
    { path: '/a.txt/inside/' },
    { path: `/${'x'.repeat(300)}/`, headers: ACCEPTS.json },
  ]);
  assert.equal(post.status, 405);
  assert.equal(post.headers.allow, 'GET, HEAD, OPTIONS');
  assert.equal(post.body, '');
  assert.equal(options.status, 200);
  assert.equal(options.headers.allow, 'GET, HEAD, OPTIONS');
  assert.equal(none.status, 406);
  assert.equal(file.status, 404);
  assert.equal(missing.status, 404);
  assert.equal(notDir.status, 404);
  assert.equal(long.status, 414);
});

test('directory works beside static: listings for directories, files from static', async () => {
  const app = webapp();
  app.use(webapp.static(ROOT));
  app.use(directory(ROOT));
  const [file, list] = await requestAll(app as any, [
    { path: '/a.txt' },
    { path: '/sub/', headers: ACCEPTS.text },
  ]);
  assert.equal(file.body, 'a\n');
  assert.equal(list.body, 'deeper\nnested.txt\n');
});

test('directory template and stylesheet options', async () => {
  const fromFile = await request(
    appWith(
      directory(ROOT, {
        template: path.join(FIXTURES, 'template.html'),
        stylesheet: path.join(FIXTURES, 'custom.css'),
      }),
    ),
    { path: '/sub/' },
  );
  assert.match(fromFile.body, /^<!DOCTYPE html><title>\/sub\/<\/title><nav><a href="\/">/);
  assert.match(fromFile.body, /<style>#files li \{\s*color: green;\s*\}\s*<\/style>/);
  assert.equal(links(fromFile.body).length, 3);

  const fn = await request(
    appWith(
      directory(ROOT, {
        template: (locals, callback) =>
          callback(
            null,
            `${locals.directory}|${locals.fileList.map((f) => f.name).join(',')}|${locals.viewName}`,
          ),
      }),
    ),
    { path: '/sub/' },
  );
  assert.equal(fn.body, '/sub/|..,deeper,nested.txt|tiles');

  const failing = await request(
    appWith(directory(ROOT, { template: (_l, callback) => callback(new Error('template broke')) })),
  );
  assert.equal(failing.status, 500);
  const throwing = await request(
    appWith(
      directory(ROOT, {
        template: () => {
          throw new Error('thrown');
        },
      }),
    ),
  );
  assert.equal(throwing.status, 500);
  const missingTemplate = await request(
    appWith(directory(ROOT, { template: path.join(FIXTURES, 'nope.html') })),
  );
  assert.equal(missingTemplate.status, 500);
  const missingStyle = await request(
    appWith(directory(ROOT, { stylesheet: path.join(FIXTURES, 'nope.css') })),
  );
  assert.equal(missingStyle.status, 500);
});

test('directory render helpers', () => {
  const file = { name: 'a b.txt', stat: { isDirectory: () => false } as fs.Stats };
  const dir = { name: 'd', stat: { isDirectory: () => true } as fs.Stats };
  assert.equal(entryHref(encodePathSegments('/x y/'), file), '/x%20y/a%20b.txt');
  assert.equal(entryHref(['', 'x', ''], dir), '/x/d/');
  assert.equal(entryHref(['', 'x', ''], { name: '..', stat: null }), '/');
  assert.equal(entryHref([''], { name: '..', stat: null }), '/');
  assert.equal(iconClass(dir), 'icon-directory');
  assert.equal(iconClass({ name: 'x.png', stat: null }), 'icon-image');
  assert.equal(iconClass({ name: 'x.json', stat: null }), 'icon-code');
  assert.equal(iconClass({ name: 'x.zip', stat: null }), 'icon-archive');
  assert.equal(iconClass({ name: 'x.pdf', stat: null }), 'icon-pdf');
  assert.equal(iconClass({ name: 'x.mp3', stat: null }), 'icon-audio');
  assert.equal(iconClass({ name: 'x.unknownext', stat: null }), 'icon-default');
  const html = renderTemplate('{directory}|{style}|{unknown}', {
    directory: '/<x>/',
    displayIcons: false,
    fileList: [],
    path: '/',
    style: 'S$&',
    viewName: 'tiles',
  });
  assert.equal(html, '/&lt;x&gt;/|S$&|{unknown}');
});

test('directory refuses bad arguments', () => {
  assert.throws(() => directory(''), /root path required/);
  assert.throws(() => (directory as any)(), /root path required/);
  assert.throws(() => directory(ROOT, { filter: 'x' as any }), TypeError);
  assert.equal(directory(ROOT).name, 'directory');
  {
    // The module's default is the module itself, so require and every import form give one object.
    const mod = require('../../src/middleware/directory');
    assert.equal(mod.default, mod);
  }
});

test('directory answers HEAD with headers only', async () => {
  const res: TestResponse = await request(appWith(directory(ROOT)), {
    method: 'HEAD',
    headers: ACCEPTS.text,
  });
  assert.equal(res.status, 200);
  assert.equal(res.body, '');
  assert.ok(Number(res.headers['content-length']) > 0);
});
