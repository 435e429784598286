import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import cookieParser from 'cookie-parser';
import {
  body,
  checkSchema,
  cookie,
  header,
  matchedData,
  param,
  query,
  validationResult,
} from 'express-validator';
import request from 'supertest';

import webapp = require('../../src/index');

import { assertSameAsExpress } from '../support/http';

function buildApp(lib: any = webapp) {
  const app = lib();
  app.use(lib.json());
  app.use(cookieParser());

  app.post(
    '/users',
    body('email').trim().isEmail().withMessage('must be an email').normalizeEmail(),
    body('password').isLength({ min: 5 }),
    body('age').optional().isInt({ min: 0, max: 150 }).toInt(),
    body('email').custom(async (email: string) => {
      if (email === 'taken@example.com') throw new Error('E-mail already in use');
    }),
    (req: any, res: any) => {
      const errors = validationResult(req);
      if (!errors.isEmpty()) return res.status(400).json({ errors: errors.array() });
      res.status(201).json({ body: req.body, matched: matchedData(req) });
    },
  );

  // The README example: query sanitizers write back into req.query.
  app.get('/hello', query('person').notEmpty().escape(), (req: any, res: any) => {
    const result = validationResult(req);
    if (result.isEmpty()) return res.send(`Hello, ${req.query.person}!`);
    res.status(422).send({ errors: result.array() });
  });

  app.get(
    '/items/:id',
    param('id').isInt().toInt(),
    query('page').default(1).isInt({ min: 1 }).toInt(),
    query('tags').optional().toArray(),
    (req: any, res: any) => {
      const result = validationResult(req);
      if (!result.isEmpty()) return res.status(400).json(result.mapped());
      res.json({ id: req.params.id, query: req.query, types: [typeof req.params.id, typeof req.query.page] });
    },
  );

  app.put(
    '/profile',
    checkSchema({
      name: { in: ['body'], isString: true, trim: true, isLength: { options: { min: 2 } } },
      'address.zip': { in: ['body'], matches: { options: /^\d{5}$/ }, errorMessage: 'zip must be 5 digits' },
      'x-api-version': { in: ['headers'], isIn: { options: [['1', '2']] } },
    }),
    header('x-api-version').toInt(),
    cookie('theme').optional().isIn(['light', 'dark']),
    (req: any, res: any) => {
      const result = validationResult(req);
      if (!result.isEmpty())
        return res.status(400).json(result.array().map((e: any) => `${e.location}.${e.path}: ${e.msg}`));
      res.json(matchedData(req, { includeOptionals: false }));
    },
  );
  return app;
}

describe('express-validator on webapp', () => {
  test('body chains validate, sanitize req.body in place and report errors', async () => {
    const ok = await request(buildApp())
      .post('/users')
      .send({ email: '  Tobi@Example.COM ', password: 'ferret', age: '7', extra: 'kept' });
    assert.equal(ok.status, 201);
    assert.deepEqual(ok.body.body, { email: 'tobi@example.com', password: 'ferret', age: 7, extra: 'kept' });
    assert.deepEqual(ok.body.matched, { email: 'tobi@example.com', password: 'ferret', age: 7 });

    const bad = await request(buildApp()).post('/users').send({ email: 'nope', password: '123', age: -1 });
    assert.equal(bad.status, 400);
    assert.deepEqual(
      bad.body.errors.map((e: any) => [e.type, e.location, e.path, e.msg]),
      [
        ['field', 'body', 'email', 'must be an email'],
        ['field', 'body', 'password', 'Invalid value'],
        ['field', 'body', 'age', 'Invalid value'],
      ],
    );
    const taken = await request(buildApp())
      .post('/users')
      .send({ email: 'taken@example.com', password: 'secret' });
    assert.deepEqual(
      taken.body.errors.map((e: any) => e.msg),
      ['E-mail already in use'],
    );
  });

  test('query sanitizers mutate req.query (it is a writable value, as in Express 4)', async () => {
    const ok = await request(buildApp()).get('/hello').query({ person: '<b>tobi</b>' });
    assert.equal(ok.status, 200);
    assert.equal(ok.text, 'Hello, &lt;b&gt;tobi&lt;&#x2F;b&gt;!');
    const missing = await request(buildApp()).get('/hello');
    assert.equal(missing.status, 422);
    assert.deepEqual(missing.body.errors, [
      { type: 'field', msg: 'Invalid value', path: 'person', location: 'query' },
    ]);
  });

  test('param and query chains convert route params and query values', async () => {
    const ok = await request(buildApp()).get('/items/42?tags=a');
    assert.deepEqual(ok.body, { id: 42, query: { page: 1, tags: ['a'] }, types: ['number', 'number'] });
    const paged = await request(buildApp()).get('/items/42?page=3');
    assert.deepEqual(paged.body.query, { page: 3 });
    const bad = await request(buildApp()).get('/items/abc?page=0');
    assert.equal(bad.status, 400);
    assert.deepEqual(Object.keys(bad.body).sort(), ['id', 'page']);
    assert.equal(bad.body.id.location, 'params');
  });

  test('checkSchema over body, nested fields and headers; header and cookie chains', async () => {
    const ok = await request(buildApp())
      .put('/profile')
      .set('X-API-Version', '2')
      .set('Cookie', 'theme=dark')
      .send({ name: '  Tobi  ', address: { zip: '12345' } });
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body, { name: 'Tobi', address: { zip: '12345' }, 'x-api-version': 2, theme: 'dark' });

    const bad = await request(buildApp())
      .put('/profile')
      .set('X-API-Version', '9')
      .set('Cookie', 'theme=neon')
      .send({ name: 'T', address: { zip: 'abc' } });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body, [
      'body.name: Invalid value',
      'body.address.zip: zip must be 5 digits',
      'headers.x-api-version: Invalid value',
      'cookies.theme: Invalid value',
    ]);
  });

  test('same responses as on express@4', async () => {
    const json = { 'content-type': 'application/json' };
    await assertSameAsExpress(buildApp, [
      {
        method: 'POST',
        path: '/users',
        headers: json,
        body: JSON.stringify({ email: 'A@B.CO', password: 'abcdef' }),
      },
      { method: 'POST', path: '/users', headers: json, body: JSON.stringify({ email: 1 }) },
      { path: '/hello?person=%3Cx%3E' },
      { path: '/hello?person[a]=1' },
      { path: '/items/7?page=2&tags=x&tags=y' },
      { path: '/items/x' },
      { method: 'PUT', path: '/profile', headers: { ...json, 'x-api-version': '1' }, body: '{"name":"ab"}' },
    ]);
  });
});
