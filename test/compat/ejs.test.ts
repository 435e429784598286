import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import express from 'express';
import request from 'supertest';

import webapp = require('../../src/index');

import { tmpTree } from './support';

const views = tmpTree({
  'index.ejs': [
    "<%- include('partials/header', { title }) %>",
    '<h1><%= title %></h1>',
    '<p>Hello <%= user.name %> from <%= site %></p>',
    '<ul><% items.forEach(function (item) { %><li><%= item %></li><% }) %></ul>',
    "<%- include('shared-footer') %>",
  ].join('\n'),
  'partials/header.ejs': '<head><title><%= title %></title></head>',
  'shared/shared-footer.ejs': '<footer>&copy; <%= site %></footer>',
  'broken.ejs': '<p><%= nope.deeper %></p>',
  'cached.ejs': 'one',
  'admin/panel.ejs': '<p><%= settings["view engine"] %> · <%= typeof _locals %></p>',
});
after(() => views.cleanup());

function buildApp(lib: any) {
  const app = lib();
  // An array of view directories: ejs searches them for includes it cannot find relative to the file.
  app.set('views', [views.dir, path.join(views.dir, 'shared')]);
  app.set('view engine', 'ejs');
  app.locals.site = 'Example';
  app.use((_req: any, res: any, next: any) => {
    res.locals.user = { name: '<b>Tobi</b>' };
    next();
  });
  app.get('/', (_req: any, res: any) => res.render('index', { title: 'Home', items: ['a', 'b'] }));
  app.get('/panel', (_req: any, res: any) => res.render('admin/panel'));
  app.get('/broken', (_req: any, res: any) => res.render('broken'));
  app.get('/cached', (_req: any, res: any) => res.render('cached'));
  app.use((err: any, _req: any, res: any, _next: any) => res.status(500).type('text').send(err.message));
  return app;
}

describe('ejs on webapp', () => {
  test('includes (relative and from the views directories), escaping, locals from app, res and render options', async () => {
    const res = await request(buildApp(webapp)).get('/');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(
      res.text,
      [
        '<head><title>Home</title></head>',
        '<h1>Home</h1>',
        '<p>Hello &lt;b&gt;Tobi&lt;/b&gt; from Example</p>',
        '<ul><li>a</li><li>b</li></ul>',
        '<footer>&copy; Example</footer>',
      ].join('\n'),
    );
    assert.equal(res.text, (await request(buildApp(express)).get('/')).text);
  });

  test('settings and _locals are visible to templates, as on Express', async () => {
    const panel = await request(buildApp(webapp)).get('/panel');
    assert.equal(panel.text, '<p>ejs · object</p>');
    assert.equal(panel.text, (await request(buildApp(express)).get('/panel')).text);
  });

  test('errors carry the template name and line', async () => {
    const res = await request(buildApp(webapp)).get('/broken');
    assert.equal(res.status, 500);
    assert.match(res.text, /broken\.ejs:1\n/);
    assert.match(res.text, /nope is not defined/);
  });

  test("'view cache' is passed to ejs as options.cache", async () => {
    const app = buildApp(webapp);
    app.enable('view cache');
    assert.equal((await request(app).get('/cached')).text, 'one');
    fs.writeFileSync(path.join(views.dir, 'cached.ejs'), 'two');
    assert.equal((await request(app).get('/cached')).text, 'one');
    app.disable('view cache');
    assert.equal((await request(app).get('/cached')).text, 'two');
  });
});
