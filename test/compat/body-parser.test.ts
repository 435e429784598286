import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import bodyParser from 'body-parser';
import request from 'supertest';

import webapp = require('../../src/index');

import { assertSameAsExpress } from '../support/http';

/** A reviver that marks objects parsed by body-parser, so tests can tell which parser ran. */
const mark = (_key: string, value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? { ...value, by: 'body-parser' } : value;

function echo(req: any, res: any) {
  res.json({ body: req.body ?? null, _body: req._body === true });
}

describe('body-parser next to webapp parsers', () => {
  test('whichever parser runs first wins; the other sees req._body and skips', async () => {
    const first = webapp();
    first.use(bodyParser.json({ reviver: mark }));
    first.use(webapp.json());
    first.post('/', echo);
    const a = await request(first).post('/').send({ x: 1 });
    assert.deepEqual(a.body, { body: { x: 1, by: 'body-parser' }, _body: true });

    const second = webapp();
    second.use(webapp.json());
    second.use(bodyParser.json({ reviver: mark }));
    second.post('/', echo);
    const b = await request(second).post('/').send({ x: 1 });
    assert.deepEqual(b.body, { body: { x: 1 }, _body: true });
  });

  test('json, urlencoded (extended), text and raw from body-parser on webapp routes', async () => {
    const app = webapp();
    app.post('/json', bodyParser.json({ strict: false }), echo);
    app.post('/form', bodyParser.urlencoded({ extended: true }), echo);
    app.post('/text', bodyParser.text({ type: 'text/*' }), echo);
    app.post('/raw', bodyParser.raw({ type: 'application/octet-stream' }), (req: any, res: any) =>
      res.json({ isBuffer: Buffer.isBuffer(req.body), hex: req.body.toString('hex') }),
    );
    assert.deepEqual(
      (await request(app).post('/json').set('Content-Type', 'application/json').send('"str"')).body.body,
      'str',
    );
    assert.deepEqual(
      (await request(app).post('/form').type('form').send('user[name]=tobi&user[tags][]=a&user[tags][]=b'))
        .body.body,
      { user: { name: 'tobi', tags: ['a', 'b'] } },
    );
    assert.equal(
      (await request(app).post('/text').set('Content-Type', 'text/csv').send('a,b')).body.body,
      'a,b',
    );
    assert.deepEqual(
      (
        await request(app)
          .post('/raw')
          .set('Content-Type', 'application/octet-stream')
          .send(Buffer.from([1, 2, 255]))
      ).body,
      { isBuffer: true, hex: '0102ff' },
    );
    const skipped = await request(app).post('/json').set('Content-Type', 'text/plain').send('x');
    assert.deepEqual(skipped.body, { body: {}, _body: false }, 'body-parser 1.x leaves {} for other types');
  });

  test('body-parser errors reach webapp error handlers with status and type', async () => {
    const app = webapp();
    app.use(bodyParser.json({ limit: 10 }));
    app.post('/', echo);
    app.use((err: any, _req: any, res: any, _next: any) =>
      res.status(err.status).json({ type: err.type, expose: err.expose, message: err.message }),
    );
    const bad = await request(app).post('/').set('Content-Type', 'application/json').send('{"x":');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.type, 'entity.parse.failed');
    assert.equal(bad.body.expose, true);
    const big = await request(app).post('/').send({ long: 'xxxxxxxxxxxxxxxxx' });
    assert.equal(big.status, 413);
    assert.deepEqual(big.body, {
      type: 'entity.too.large',
      expose: true,
      message: 'request entity too large',
    });
  });

  test('the final handler answers body-parser errors like Express does', async () => {
    await assertSameAsExpress(
      (lib) => {
        const app = lib();
        // Production mode: the error page shows the status text, not a stack trace naming files.
        app.set('env', 'production');
        app.use(
          bodyParser.json({ limit: 20 }),
          bodyParser.urlencoded({ extended: false, parameterLimit: 2 }),
        );
        app.post('/', echo);
        return app;
      },
      [
        { method: 'POST', path: '/', headers: { 'content-type': 'application/json' }, body: '{"a":1}' },
        { method: 'POST', path: '/', headers: { 'content-type': 'application/json' }, body: '{bad' },
        {
          method: 'POST',
          path: '/',
          headers: { 'content-type': 'application/json' },
          body: `"${'x'.repeat(30)}"`,
        },
        {
          method: 'POST',
          path: '/',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'a=1&b=2&c=3',
        },
        {
          method: 'POST',
          path: '/',
          headers: { 'content-type': 'application/json; charset=koi9' },
          body: '{}',
        },
      ],
    );
  });
});
