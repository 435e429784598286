/**
 * The MIME table (webapp.static.mime): Express 4's answer (mime 1.x) for every extension its table
 * knows, through res.type, res.attachment, res.format, res.sendFile, res.download and static; for the
 * extensions only mime-db knows, mime-db's type where Express says application/octet-stream (the
 * deliberate difference in docs/differences.md). The whole mime 1.x API is there.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import mimeTypes from 'mime-types';
import { assertSameAsExpress, request } from '../support/http';

import webapp = require('../../src/index');

import { typeOfExtension } from '../../src/http/mime';

const express = require('express');
const theirs = express.static.mime;
const ours = webapp.static.mime;

const expressKnows = new Set(Object.keys(theirs.types));
const dbTypes = mimeTypes.types as Record<string, string>;
/** Every extension either table knows. */
const ALL = [...new Set([...expressKnows, ...Object.keys(dbTypes)])].sort();
/** Extensions where webapp answers mime-db's type and Express application/octet-stream. */
const DIFFERENT = ALL.filter((ext) => !expressKnows.has(ext));

/** What webapp must answer for an extension. */
const expected = (ext: string) => (expressKnows.has(ext) ? theirs.lookup(ext) : dbTypes[ext]);

describe('webapp.static.mime: the table', () => {
  it('answers Express 4 for every extension its table knows, mime-db for the rest', () => {
    assert.ok(ALL.length > 1100, `${ALL.length} extensions`);
    for (const ext of ALL) {
      assert.equal(ours.lookup(ext), expected(ext), ext);
      assert.equal(ours.lookup(`dir/file.${ext.toUpperCase()}`), expected(ext), ext);
    }
    for (const ext of ['ico', 'exe', 'js', 'mjs', 'json', 'html', 'md', 'rtf', 'xml']) {
      assert.equal(ours.lookup(ext), theirs.lookup(ext), ext);
    }
    assert.equal(ours.lookup('ico'), 'image/x-icon');
    assert.equal(ours.lookup('exe'), 'application/octet-stream');
    // The deliberate difference: newer types Express's table lacks.
    assert.ok(DIFFERENT.includes('avif') && DIFFERENT.includes('heic'));
    assert.equal(theirs.lookup('x.avif'), 'application/octet-stream');
    assert.equal(ours.lookup('x.avif'), 'image/avif');
    assert.equal(ours.lookup('x.heic'), 'image/heic');
    for (const ext of DIFFERENT) assert.equal(theirs.lookup(ext), 'application/octet-stream', ext);
  });

  it('has the members of express.static.mime, behaving alike (bad input included)', () => {
    for (const name of ['lookup', 'extension', 'define', 'load'])
      assert.equal(typeof ours[name as 'load'], 'function');
    assert.equal(ours.default_type, theirs.default_type);
    assert.equal(typeof ours.Mime, 'function');
    for (const name of Object.getOwnPropertyNames(theirs)) assert.ok(name in ours, name);
    const probes = [
      '',
      '.',
      'noext',
      'a/b.',
      'a.b/c',
      '\\x\\y.png',
      'x.tar.gz',
      'HTML',
      '.htaccess',
      'a?b=c.js',
    ];
    for (const probe of probes) {
      assert.equal(ours.lookup(probe), theirs.lookup(probe), probe);
      assert.equal(ours.lookup(probe, 'fallback/x'), theirs.lookup(probe, 'fallback/x'), probe);
    }
    for (const type of [
      'text/html',
      ' Text/HTML; charset=utf-8',
      'application/json',
      'image/x-icon',
      '',
      'nope/nope',
    ]) {
      assert.equal(ours.extension(type), theirs.extension(type), type);
    }
    assert.equal(ours.extension('image/avif'), 'avif');
    assert.throws(() => ours.extension(undefined as unknown as string), TypeError);
    assert.throws(() => theirs.extension(undefined), TypeError);
    for (const type of ['text/plain', 'application/javascript', 'application/json', 'image/png', '']) {
      assert.equal(ours.charsets.lookup(type), theirs.charsets.lookup(type), type);
      assert.equal(ours.charsets.lookup(type, 'x'), theirs.charsets.lookup(type, 'x'), type);
    }
    for (const [ext, type] of Object.entries(theirs.types as Record<string, string>))
      assert.equal(ours.types[ext], type);
    for (const [type, ext] of Object.entries(theirs.extensions as Record<string, string>)) {
      assert.equal(ours.extensions[type], ext, type);
    }
  });

  it('define and load change webapp’s table only, later definitions winning as in mime 1.x', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webapp-mime-'));
    try {
      const file = path.join(dir, 'extra.types');
      fs.writeFileSync(
        file,
        '# comment\ntext/x-webapp-loaded  wbload wbload2\n\napplication/x-webapp-other wbother\n',
      );
      for (const table of [ours, new theirs.Mime()]) {
        table.define({ 'text/x-webapp-defined': ['wbdef', 'wbdef2'] });
        table.load(file);
        assert.equal(table.lookup('a.wbdef2'), 'text/x-webapp-defined');
        assert.equal(table.extension('text/x-webapp-defined'), 'wbdef');
        assert.equal(table.lookup('a.wbload2'), 'text/x-webapp-loaded');
        assert.equal(table.lookup('a.wbother'), 'application/x-webapp-other');
        table.define({ 'text/x-webapp-again': ['wbdef'] });
        assert.equal(table.lookup('wbdef'), 'text/x-webapp-again');
      }
      assert.throws(() => ours.load(path.join(dir, 'missing.types')), { code: 'ENOENT' });
      // Neither Express's table nor the mime package's own instance learnt anything.
      assert.equal(theirs.lookup('wbdef'), 'application/octet-stream');
      assert.equal(require('mime').lookup('wbdef'), 'application/octet-stream');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('http/mime typeOfExtension: the table read without the lookup', () => {
  const probes = [
    ...ALL,
    ...ALL.slice(0, 50).map((ext) => ext.toUpperCase()),
    '',
    'noext',
    'JSON',
    'Json',
    'x.json',
    'dir/file.json',
    'a\\b.html',
    '.html',
    'json\n.txt',
    'héllo',
    'ǅ',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'json ',
    'text+json',
  ];

  it('answers what mime.lookup answers, for every extension and odd input', () => {
    for (const ext of probes) assert.equal(typeOfExtension(ext), ours.lookup(ext), JSON.stringify(ext));
  });

  it('asks a replaced mime.lookup', () => {
    const lookup = ours.lookup;
    ours.lookup = (ext: string) => `x-custom/${ext}`;
    try {
      assert.equal(typeOfExtension('json'), 'x-custom/json');
    } finally {
      ours.lookup = lookup;
    }
    assert.equal(typeOfExtension('json'), 'application/json');
  });

  it('sees types defined later', () => {
    const before = ours.types.webappx;
    ours.define({ 'application/x-webapp-test': ['webappx'] });
    try {
      assert.equal(typeOfExtension('webappx'), 'application/x-webapp-test');
    } finally {
      if (before === undefined) delete ours.types.webappx;
      delete ours.extensions['application/x-webapp-test'];
    }
    assert.equal(typeOfExtension('webappx'), ours.default_type);
  });
});

describe('webapp.static.mime: through the response', () => {
  /** One response whose body maps each extension to the Content-Type `set(res, ext)` leaves. */
  const collect = (set: (res: any, ext: string) => void) => (lib: any) => {
    const app = lib();
    app.get('/', (_req: any, res: any) => {
      const out: Record<string, unknown> = {};
      for (const ext of ALL) {
        res.removeHeader('Content-Type');
        res.removeHeader('Content-Disposition');
        set(res, ext);
        out[ext] = res.get('Content-Type');
      }
      res.json(out);
    });
    return app;
  };
  const compare = async (set: (res: any, ext: string) => void) => {
    const [expressOut, webappOut] = await Promise.all(
      [express, webapp].map(async (lib) =>
        JSON.parse((await request(collect(set)(lib), { path: '/' })).body),
      ),
    );
    for (const ext of ALL) {
      if (expressKnows.has(ext)) assert.equal(webappOut[ext], expressOut[ext], ext);
      else {
        assert.equal(expressOut[ext], 'application/octet-stream', ext);
        assert.match(
          webappOut[ext],
          new RegExp(`^${dbTypes[ext].replace(/[+.]/g, '\\$&')}(; charset=utf-8)?$`),
          ext,
        );
      }
    }
    return webappOut;
  };

  it('res.type(ext) for every extension', async () => {
    const out = await compare((res, ext) => res.type(ext));
    assert.equal(out.avif, 'image/avif');
    assert.equal(out.ico, 'image/x-icon');
  });

  it('res.type(".ext") and res.attachment(name) for every extension', async () => {
    await compare((res, ext) => res.type(`.${ext}`));
    const out = await compare((res, ext) => res.attachment(`report.${ext}`));
    assert.equal(out.heic, 'image/heic');
  });

  it('res.format with extension keys', async () => {
    const build = (lib: any) => {
      const app = lib();
      app.get('/', (_req: any, res: any) =>
        res.format({
          ico: () => res.end('ico'),
          exe: () => res.end('exe'),
          html: () => res.end('html'),
          json: () => res.end('json'),
        }),
      );
      app.use((err: any, _req: any, res: any, _next: any) => res.status(err.status).end(err.message));
      return app;
    };
    const accepts = [
      'image/x-icon',
      'application/octet-stream',
      'text/html',
      'application/json',
      '*/*',
      'image/*',
    ];
    await assertSameAsExpress(
      build,
      accepts.map((accept) => ({ path: '/', headers: { accept } })),
    );
    const avif = webapp();
    avif.get('/', (_req: any, res: any) =>
      res.format({ avif: () => res.end('a'), html: () => res.end('h') }),
    );
    const res = await request(avif, { path: '/', headers: { accept: 'image/avif' } });
    assert.equal(res.headers['content-type'], 'image/avif');
  });

  it('a replaced charsets.lookup is asked by res.type and the file sender, as in Express', async () => {
    const saved = [ours.charsets.lookup, theirs.charsets.lookup];
    const latin = (type: string) => (type.startsWith('text/') ? 'ISO-8859-1' : undefined);
    ours.charsets.lookup = latin;
    theirs.charsets.lookup = latin;
    try {
      await assertSameAsExpress(
        (lib: any) => {
          const app = lib();
          app.get('/type', (_req: any, res: any) => res.type('txt').end('x'));
          app.get('/json', (_req: any, res: any) => res.type('json').end('{}'));
          app.use(lib.static(files.dir));
          return app;
        },
        [{ path: '/type' }, { path: '/json' }, { path: '/page.html' }, { path: '/data.json' }],
      );
    } finally {
      [ours.charsets.lookup, theirs.charsets.lookup] = saved;
    }
  });

  const names = [
    'favicon.ico',
    'setup.exe',
    'photo.avif',
    'photo.heic',
    'app.js',
    'data.json',
    'page.html',
    'notes.md',
    'blob.zzz',
    'noext',
  ];
  const files = { dir: '' };
  before(() => {
    files.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webapp-mime-files-'));
    for (const name of names) fs.writeFileSync(path.join(files.dir, name), `content of ${name}\n`);
  });
  after(() => fs.rmSync(files.dir, { recursive: true, force: true }));

  it('static, res.sendFile and res.download: Express’s types, mime-db’s for .avif and .heic', async () => {
    const build = (lib: any) => {
      const app = lib();
      app.get('/send/:name', (req: any, res: any) => res.sendFile(path.join(files.dir, req.params.name)));
      app.get('/download/:name', (req: any, res: any) => res.download(path.join(files.dir, req.params.name)));
      app.use('/static', lib.static(files.dir));
      return app;
    };
    const same = names.filter((name) => !name.endsWith('.avif') && !name.endsWith('.heic'));
    const requests = same.flatMap((name) =>
      ['send', 'download', 'static'].map((kind) => ({ path: `/${kind}/${name}` })),
    );
    await assertSameAsExpress(build, requests);
    for (const kind of ['send', 'download', 'static']) {
      for (const [name, type] of [
        ['photo.avif', 'image/avif'],
        ['photo.heic', 'image/heic'],
      ]) {
        const [e, w] = await Promise.all(
          [express, webapp].map((lib) => request(build(lib), { path: `/${kind}/${name}` })),
        );
        assert.equal(e.headers['content-type'], 'application/octet-stream');
        assert.equal(w.headers['content-type'], type, `${kind} ${name}`);
        assert.equal(w.body, e.body);
      }
    }
  });
});
