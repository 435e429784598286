import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import express from 'express';
import request from 'supertest';

import webapp = require('../../src/index');

import { tmpTree } from './support';

// hbs ships no type declarations.
const hbs: any = require('hbs');

const views = tmpTree({
  'layout.hbs': '<html><head><title>{{title}}</title></head><body>{{{body}}}</body></html>',
  'plain.hbs': '<main>{{{body}}}</main>',
  'index.hbs':
    '<h1>{{title}}</h1>{{> greeting}}<ul>{{#each items}}<li>{{shout this}}</li>{{/each}}</ul><p>{{site}}</p>',
  'bare.hbs': '<p>{{user.name}}</p>',
  'broken.hbs': '{{#each items}}<li>{{/if}}',
});
after(() => views.cleanup());

function buildApp(lib: any) {
  // A separate hbs instance per app keeps partials and helpers from leaking between tests.
  const instance = hbs.create();
  instance.registerPartial('greeting', '<p>Hello {{user.name}}</p>');
  instance.registerHelper('shout', (text: string) => `${String(text).toUpperCase()}!`);
  const app = lib();
  app.engine('hbs', instance.__express);
  app.set('view engine', 'hbs');
  app.set('views', views.dir);
  app.locals.site = 'Example';
  app.use((_req: any, res: any, next: any) => {
    res.locals.user = { name: '<Tobi>' };
    next();
  });
  app.get('/', (_req: any, res: any) => res.render('index', { title: 'Home', items: ['a', 'b'] }));
  app.get('/no-layout', (_req: any, res: any) => res.render('bare', { layout: false }));
  app.get('/other-layout', (_req: any, res: any) => res.render('bare', { layout: 'plain' }));
  app.get('/broken', (_req: any, res: any) => res.render('broken', { items: [1] }));
  app.use((err: any, _req: any, res: any, _next: any) => res.status(500).type('text').send(err.message));
  return app;
}

describe('hbs on webapp', () => {
  test('the default layout wraps the view; partials, helpers and escaping work', async () => {
    const res = await request(buildApp(webapp)).get('/');
    assert.equal(res.status, 200);
    assert.equal(
      res.text,
      '<html><head><title>Home</title></head><body><h1>Home</h1><p>Hello &lt;Tobi&gt;</p>' +
        '<ul><li>A!</li><li>B!</li></ul><p>Example</p></body></html>',
    );
    assert.equal(res.text, (await request(buildApp(express)).get('/')).text);
  });

  test('layout: false and a named layout in render options', async () => {
    const app = buildApp(webapp);
    assert.equal((await request(app).get('/no-layout')).text, '<p>&lt;Tobi&gt;</p>');
    assert.equal((await request(app).get('/other-layout')).text, '<main><p>&lt;Tobi&gt;</p></main>');
  });

  test("the layout can come from the 'view options' setting", async () => {
    const app = buildApp(webapp);
    app.set('view options', { layout: 'plain' });
    const res = await request(app).get('/');
    assert.match(res.text, /^<main><h1>Home<\/h1>/);
    app.set('view options', { layout: false });
    assert.match((await request(app).get('/')).text, /^<h1>Home<\/h1>/);
  });

  test('compile errors reach the error handler', async () => {
    const res = await request(buildApp(webapp)).get('/broken');
    assert.equal(res.status, 500);
    assert.match(res.text, /each doesn't match if/);
  });
});
