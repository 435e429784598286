import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import express from 'express';
import nunjucks from 'nunjucks';
import request from 'supertest';

import webapp = require('../../src/index');

import { tmpTree } from './support';

const views = tmpTree({
  'base.njk':
    '<html><title>{% block title %}Site{% endblock %}</title><body>{% block content %}{% endblock %}</body></html>',
  'index.njk': [
    '{% extends "base.njk" %}',
    '{% block title %}{{ title }}{% endblock %}',
    '{% block content %}{% include "partials/user.njk" %}',
    '<ul>{% for item in items %}<li>{{ item | upper }}</li>{% endfor %}</ul>',
    '<p>{{ site }} {{ settings["view engine"] }} {{ year | default("?") }}</p>{% endblock %}',
  ].join(''),
  'partials/user.njk': '<p>{{ user.name }}</p>',
  'email.html': 'Dear {{ name }},',
  'broken.njk': '{% for %}',
});
after(() => views.cleanup());

function buildApp(lib: any) {
  const app = lib();
  const env = new nunjucks.Environment(new nunjucks.FileSystemLoader(views.dir), { autoescape: true });
  env.addFilter('upper', (s: string) => s.toUpperCase());
  // The README form: the environment installs its own View class through app.set('view', ...).
  env.express(app);
  app.set('view engine', 'njk');
  app.locals.site = 'Example';
  app.use((_req: any, res: any, next: any) => {
    res.locals.user = { name: '<Tobi>' };
    next();
  });
  app.get('/', (_req: any, res: any) => res.render('index', { title: 'Home', items: ['a', 'b'] }));
  app.get('/email', (_req: any, res: any) => res.render('email.html', { name: 'Ann' }));
  app.get('/broken', (_req: any, res: any) => res.render('broken'));
  app.get('/missing', (_req: any, res: any) => res.render('missing'));
  app.use((err: any, _req: any, res: any, _next: any) => res.status(500).type('text').send(err.message));
  return { app, env };
}

describe('nunjucks (env.express(app)) on webapp', () => {
  test("the 'view' setting is a pluggable constructor; extends, include, filters, autoescape", async () => {
    const { app, env } = buildApp(webapp);
    assert.equal(app.get('nunjucksEnv'), env);
    const res = await request(app).get('/');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(
      res.text,
      '<html><title>Home</title><body><p>&lt;Tobi&gt;</p><ul><li>A</li><li>B</li></ul><p>Example njk ?</p></body></html>',
    );
    assert.equal(res.text, (await request(buildApp(express).app).get('/')).text);
  });

  test('an explicit extension overrides the default engine', async () => {
    const res = await request(buildApp(webapp).app).get('/email');
    assert.equal(res.text, 'Dear Ann,');
  });

  test('syntax errors and missing templates reach the error handler', async () => {
    const { app } = buildApp(webapp);
    const broken = await request(app).get('/broken');
    assert.equal(broken.status, 500);
    assert.match(broken.text, /broken\.njk\) \[Line 1, Column \d+\]\n\s+unexpected token: %}/);
    const missing = await request(app).get('/missing');
    assert.equal(missing.status, 500);
    assert.equal(missing.text, 'template not found: missing.njk');
  });

  test('app.render uses the same View class', async () => {
    const { app } = buildApp(webapp);
    const text = await new Promise<string>((resolve, reject) =>
      app.render('email.html', { name: 'Bo' }, (err: any, out: string) => (err ? reject(err) : resolve(out))),
    );
    assert.equal(text, 'Dear Bo,');
  });
});
