import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import express from 'express';
import { create, engine } from 'express-handlebars';
import request from 'supertest';

import webapp = require('../../src/index');

import { tmpTree } from './support';

const views = tmpTree({
  'layouts/main.handlebars': '<html><body>{{> nav}}{{{body}}}</body></html>',
  'layouts/bare.handlebars': '<div>{{{body}}}</div>',
  'partials/nav.handlebars': '<nav>{{site}} / {{user.name}}</nav>',
  'home.handlebars': '<h1>{{title}}</h1><p>{{money price}}</p>',
  'cached.handlebars': 'v1',
});
after(() => views.cleanup());

function buildApp(lib: any, cache = false) {
  const app = lib();
  app.engine(
    'handlebars',
    engine({ defaultLayout: 'main', helpers: { money: (n: number) => `$${n.toFixed(2)}` } }),
  );
  app.set('view engine', 'handlebars');
  app.set('views', views.dir);
  if (cache) app.enable('view cache');
  app.locals.site = 'Shop';
  app.use((_req: any, res: any, next: any) => {
    res.locals.user = { name: '<Tobi>' };
    next();
  });
  app.get('/', (_req: any, res: any) => res.render('home', { title: 'Home', price: 3 }));
  app.get('/bare', (_req: any, res: any) => res.render('home', { title: 'Bare', price: 1, layout: 'bare' }));
  app.get('/none', (_req: any, res: any) => res.render('home', { title: 'None', price: 0, layout: false }));
  app.get('/cached', (_req: any, res: any) => res.render('cached', { layout: false }));
  app.get('/missing', (_req: any, res: any) => res.render('nope'));
  app.use((err: any, _req: any, res: any, _next: any) => res.status(500).type('text').send(err.message));
  return app;
}

describe('express-handlebars on webapp', () => {
  test('layoutsDir and partialsDir default to settings.views; helpers and locals apply', async () => {
    const res = await request(buildApp(webapp)).get('/');
    assert.equal(res.status, 200);
    assert.equal(
      res.text,
      '<html><body><nav>Shop / &lt;Tobi&gt;</nav><h1>Home</h1><p>$3.00</p></body></html>',
    );
    assert.equal(res.text, (await request(buildApp(express)).get('/')).text);
  });

  test('per-render layout choice', async () => {
    const app = buildApp(webapp);
    assert.equal((await request(app).get('/bare')).text, '<div><h1>Bare</h1><p>$1.00</p></div>');
    assert.equal((await request(app).get('/none')).text, '<h1>None</h1><p>$0.00</p>');
  });

  test("'view cache' becomes options.cache for the engine's template cache", async () => {
    const file = path.join(views.dir, 'cached.handlebars');
    const cached = buildApp(webapp, true);
    assert.equal((await request(cached).get('/cached')).text, 'v1');
    fs.writeFileSync(file, 'v2');
    assert.equal((await request(cached).get('/cached')).text, 'v1');
    assert.equal((await request(buildApp(webapp)).get('/cached')).text, 'v2');
  });

  test('a missing view is the Express lookup error; instance.render works outside requests', async () => {
    const res = await request(buildApp(webapp)).get('/missing');
    assert.equal(res.status, 500);
    assert.equal(res.text, `Failed to lookup view "nope" in views directory "${views.dir}"`);
    const hbs = create();
    const html = await hbs.render(path.join(views.dir, 'partials/nav.handlebars'), {
      site: 'S',
      user: { name: 'n' },
    });
    assert.equal(html, '<nav>S / n</nav>');
  });
});
