import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import express from 'express';
import request from 'supertest';

import webapp = require('../../src/index');

import { tmpTree } from './support';

const views = tmpTree({
  'layout.pug': 'doctype html\nhtml\n  head\n    title= title + " | " + site\n  body\n    block content\n',
  'index.pug': [
    'extends layout',
    'block content',
    '  h1= title',
    '  p Welcome #{user.name}',
    '  ul',
    '    each item in items',
    '      li= item',
    '  include partials/footer',
    '',
  ].join('\n'),
  'partials/footer.pug': 'footer &copy; #{site}\n',
  'broken.pug': 'p= missing.property\n',
  'cached.pug': 'p version one\n',
});
after(() => views.cleanup());

function buildApp(lib: any) {
  const app = lib();
  app.set('views', views.dir);
  app.set('view engine', 'pug');
  app.locals.site = 'Example';
  app.use((_req: any, res: any, next: any) => {
    res.locals.user = { name: '<Tobi>' };
    next();
  });
  app.get('/', (_req: any, res: any) => res.render('index', { title: 'Home', items: ['one', 'two'] }));
  app.get('/broken', (_req: any, res: any) => res.render('broken'));
  app.get('/cached', (_req: any, res: any) => res.render('cached.pug'));
  app.get('/missing', (_req: any, res: any) => res.render('nope'));
  app.use((err: any, _req: any, res: any, _next: any) => res.status(500).type('text').send(err.message));
  return app;
}

describe('pug on webapp', () => {
  test('extends, blocks, include, each, escaping; locals from app, res and render options', async () => {
    const res = await request(buildApp(webapp)).get('/');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(
      res.text,
      '<!DOCTYPE html><html><head><title>Home | Example</title></head><body><h1>Home</h1>' +
        '<p>Welcome &lt;Tobi&gt;</p><ul><li>one</li><li>two</li></ul><footer>&copy; Example</footer></body></html>',
    );
    const expressRes = await request(buildApp(express)).get('/');
    assert.equal(res.text, expressRes.text);
  });

  test('template errors and missing views reach the error handler', async () => {
    const broken = await request(buildApp(webapp)).get('/broken');
    assert.equal(broken.status, 500);
    assert.match(broken.text, /Cannot read properties of undefined \(reading 'property'\)/);
    const missing = await request(buildApp(webapp)).get('/missing');
    assert.equal(missing.status, 500);
    assert.equal(missing.text, `Failed to lookup view "nope" in views directory "${views.dir}"`);
  });

  test('view cache: pug compiles once when enabled, re-reads the file when disabled', async () => {
    const file = path.join(views.dir, 'cached.pug');
    const app = buildApp(webapp);
    app.enable('view cache');
    assert.equal((await request(app).get('/cached')).text, '<p>version one</p>');
    fs.writeFileSync(file, 'p version two\n');
    assert.equal((await request(app).get('/cached')).text, '<p>version one</p>');
    app.disable('view cache');
    assert.equal((await request(app).get('/cached')).text, '<p>version two</p>');
  });

  test('app.render renders outside a request', async () => {
    const app = buildApp(webapp);
    const html = await new Promise<string>((resolve, reject) =>
      app.render('partials/footer', { site: 'Mail' }, (err: any, out: string) =>
        err ? reject(err) : resolve(out),
      ),
    );
    assert.equal(html, '<footer>&copy; Mail</footer>');
  });
});
