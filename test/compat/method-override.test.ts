import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import methodOverride from 'method-override';
import request from 'supertest';

import webapp = require('../../src/index');

import { assertSameAsExpress } from '../support/http';

/** Routes that say which method matched and what the request looked like. */
function routes(app: any) {
  const report = (name: string) => (req: any, res: any) =>
    res.json({ route: name, method: req.method, originalMethod: req.originalMethod, body: req.body ?? null });
  app.get('/resource', report('get'));
  app.post('/resource', report('post'));
  app.put('/resource', report('put'));
  app.delete('/resource', report('delete'));
  app.route('/chain').patch(report('chain patch')).post(report('chain post'));
  return app;
}

describe('method-override on webapp', () => {
  test('the X-HTTP-Method-Override header re-routes POST and adds Vary', async () => {
    const ordered = webapp();
    ordered.use(methodOverride('X-HTTP-Method-Override'));
    routes(ordered);

    const put = await request(ordered).post('/resource').set('X-HTTP-Method-Override', 'PUT');
    assert.deepEqual(put.body, { route: 'put', method: 'PUT', originalMethod: 'POST', body: null });
    assert.equal(put.headers.vary, 'X-HTTP-Method-Override');

    const chained = await request(ordered).post('/chain').set('X-HTTP-Method-Override', 'patch');
    assert.equal(chained.body.route, 'chain patch');

    const plain = await request(ordered).post('/resource');
    assert.equal(plain.body.route, 'post');
    const getIgnored = await request(ordered).get('/resource').set('X-HTTP-Method-Override', 'DELETE');
    assert.equal(getIgnored.body.route, 'get', 'only POST is overridden by default');
    const bogus = await request(ordered).post('/resource').set('X-HTTP-Method-Override', 'BREW');
    assert.equal(bogus.body.route, 'post', 'unknown methods are ignored');

    // Registered after the routes, the override comes too late, as in Express.
    const late = routes(webapp());
    late.use(methodOverride('X-HTTP-Method-Override'));
    assert.equal(
      (await request(late).post('/resource').set('X-HTTP-Method-Override', 'PUT')).body.route,
      'post',
    );
  });

  test('a query key and a body field (after webapp.urlencoded), as HTML forms do', async () => {
    const app = webapp();
    app.use(methodOverride('_method'));
    app.use(webapp.urlencoded({ extended: false }));
    app.use(
      methodOverride((req: any) => {
        if (req.body && typeof req.body === 'object' && '_method' in req.body) {
          const method = req.body._method;
          delete req.body._method;
          return method;
        }
      }),
    );
    routes(app);
    const query = await request(app).post('/resource?_method=DELETE');
    assert.deepEqual(query.body, { route: 'delete', method: 'DELETE', originalMethod: 'POST', body: {} });
    const form = await request(app).post('/resource').type('form').send({ _method: 'put', name: 'tobi' });
    assert.deepEqual(form.body, {
      route: 'put',
      method: 'PUT',
      originalMethod: 'POST',
      body: { name: 'tobi' },
    });
  });

  test('the method is matched per layer: an override inside a router affects only later layers', async () => {
    const app = webapp();
    const seen: string[] = [];
    app.use((req: any, _res: any, next: any) => {
      seen.push(`before:${req.method}`);
      next();
    });
    const api = webapp.Router();
    api.post('/thing', (req: any, _res: any, next: any) => {
      seen.push(`post route:${req.method}`);
      next();
    });
    api.use(methodOverride('X-HTTP-Method-Override'));
    api.post('/thing', (_req: any, res: any) => res.send('post'));
    api.delete('/thing', (req: any, res: any) => res.send(`deleted (was ${req.originalMethod})`));
    app.use('/api', api);
    const res = await request(app).post('/api/thing').set('X-HTTP-Method-Override', 'DELETE');
    assert.equal(res.text, 'deleted (was POST)');
    assert.deepEqual(seen, ['before:POST', 'post route:POST']);
  });

  test('same responses as on express@4', async () => {
    await assertSameAsExpress(
      (lib) => {
        const app = lib();
        app.use(methodOverride('X-HTTP-Method-Override', { methods: ['POST', 'GET'] }));
        return routes(app);
      },
      [
        { method: 'POST', path: '/resource', headers: { 'x-http-method-override': 'DELETE, PUT' } },
        { method: 'GET', path: '/resource', headers: { 'x-http-method-override': 'POST' } },
        { method: 'POST', path: '/chain', headers: { 'x-http-method-override': 'GET' } },
        { method: 'POST', path: '/resource', headers: { 'x-http-method-override': 'OPTIONS' } },
      ],
    );
  });
});
