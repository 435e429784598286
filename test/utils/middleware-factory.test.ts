/**
 * webapp's own middleware factories passed uncalled (`app.use(webapp.json)`, which hangs every request
 * under Express) are refused where they are registered, with the call to write; the mark is invisible;
 * `app.use('/x', undefined)`-style mistakes keep Express's error and carry a code; and valid uses of
 * `use` and the route methods behave exactly as under express@4.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import webapp = require('../../src/index');

import { factoryName } from '../../src/utils/middleware-factory';
import { assertSameAsExpress } from '../support/http';

type AnyFn = (...args: never[]) => unknown;
type Registrar = (handler: unknown) => unknown;

/** Every factory: the root's members, then the subpath modules as `require` gives them. */
const FACTORIES: Array<[string, AnyFn]> = [
  ['json', webapp.json],
  ['raw', webapp.raw],
  ['text', webapp.text],
  ['urlencoded', webapp.urlencoded],
  ['static', webapp.static],
  ['query', webapp.query],
  ['bodyParser', webapp.bodyParser],
  ['bodyParser.multipart', webapp.bodyParser.multipart],
  ['cookieParser', webapp.cookieParser],
  ['cookieSession', webapp.cookieSession],
  ['basicAuth', webapp.basicAuth as AnyFn],
  ['compress', webapp.compress],
  ['csrf', webapp.csrf],
  ['directory', webapp.directory],
  ['bodyParser', require('../../src/middleware/body-parser')],
  ['cookieParser', require('../../src/middleware/cookie-parser')],
  ['cookieSession', require('../../src/middleware/cookie-session')],
  ['basicAuth', require('../../src/middleware/basic-auth')],
  ['compress', require('../../src/middleware/compress')],
  ['csrf', require('../../src/middleware/csrf')],
  ['directory', require('../../src/middleware/directory')],
];

/** The registrations that take handlers, and the method named in the error. */
const REGISTRARS: Array<[string, string, Registrar]> = [
  ['app.use(f)', 'use', (f) => webapp().use(f as never)],
  ["app.use('/x', f)", 'use', (f) => webapp().use('/x', f as never)],
  ["app.use('/x', [ok, [f]])", 'use', (f) => webapp().use('/x', [() => undefined, [f]] as never)],
  ['Router().use(f)', 'use', (f) => webapp.Router().use(f as never)],
  ["app.get('/', f)", 'get', (f) => webapp().get('/', f as never)],
  ["app.post('/', ok, f)", 'post', (f) => webapp().post('/', () => undefined, f as never)],
  ["app.all('/', f)", 'all', (f) => webapp().all('/', f as never)],
  [
    "app.route('/').put([f])",
    'put',
    (f) =>
      webapp()
        .route('/')
        .put([f] as never),
  ],
  ["Router().delete('/', f)", 'delete', (f) => webapp.Router().delete('/', f as never)],
  [
    "Router().route('/').all(f)",
    'all',
    (f) =>
      webapp
        .Router()
        .route('/')
        .all(f as never),
  ],
];

describe('an uncalled middleware factory', () => {
  test('is refused at registration by every use and route method, saying what to write', () => {
    for (const [name, factory] of FACTORIES) {
      assert.equal(factoryName(factory), name);
      for (const [label, method, register] of REGISTRARS) {
        const args = method === 'use' ? '' : 'path, ';
        assert.throws(
          () => register(factory),
          {
            name: 'TypeError',
            code: 'WEBAPP_MIDDLEWARE_FACTORY_UNCALLED',
            message: `${method}() got webapp.${name} itself, which makes a middleware and is not one (every request would hang): call it, as in app.${method}(${args}webapp.${name}())`,
          },
          `${label} with ${name}`,
        );
      }
    }
  });

  test('the mark is invisible: no own name, no enumerable key, nothing in JSON', () => {
    for (const [name, factory] of FACTORIES) {
      assert.ok(!Object.getOwnPropertyNames(factory).some((key) => key.includes('actory')), name);
      assert.ok(!Object.keys(factory).some((key) => key.includes('actory')), name);
    }
    assert.equal(
      factoryName(() => undefined),
      undefined,
    );
    assert.equal(factoryName(webapp.json()), undefined);
    assert.equal(factoryName('json'), undefined);
  });

  test('the middleware it makes, and a function of the same name, register as before', () => {
    const app = webapp();
    function json(_req: unknown, _res: unknown, next: () => void): void {
      next();
    }
    app.use(json);
    app.use(webapp.json(), webapp.static(__dirname), webapp.cookieParser());
    app.get('/', webapp.text(), (_req, res) => res.end());
    assert.equal(app._router.stack.length >= 5, true);
  });
});

describe("Express's argument errors", () => {
  // [label, registration]: each throws under express@4 and under webapp.
  const MISTAKES: Array<[string, (lib: any) => unknown]> = [
    ['app.use(undefined)', (lib) => lib().use(undefined)],
    ['app.use([])', (lib) => lib().use([])],
    ["app.use('/x')", (lib) => lib().use('/x')],
    ["app.use('/x', undefined)", (lib) => lib().use('/x', undefined)],
    ["app.use('/x', null)", (lib) => lib().use('/x', null)],
    ["app.use('/x', {})", (lib) => lib().use('/x', {})],
    ["app.use('/x', [undefined])", (lib) => lib().use('/x', [undefined])],
    ["Router().use('/x', 'y')", (lib) => lib.Router().use('/x', 'y')],
    ["Router().use('/x')", (lib) => lib.Router().use('/x')],
    ["app.get('/x', undefined)", (lib) => lib().get('/x', undefined)],
    ["app.all('/x', 42)", (lib) => lib().all('/x', 42)],
    ["app.route('/x').all(undefined)", (lib) => lib().route('/x').all(undefined)],
    ["Router().post('/x', {})", (lib) => lib.Router().post('/x', {})],
    ["app.param('x', undefined)", (lib) => lib().param('x', undefined)],
  ];
  const caught = (fn: () => unknown): Error & { code?: string } => {
    try {
      fn();
    } catch (err) {
      return err as Error & { code?: string };
    }
    throw new Error('no throw');
  };

  test("keep Express's class and message, and add a code", () => {
    const express = require('express');
    for (const [label, register] of MISTAKES) {
      const theirs = caught(() => register(express));
      const ours = caught(() => register(webapp));
      assert.equal(ours.constructor, theirs.constructor, label);
      assert.equal(ours.message, theirs.message, label);
      assert.equal(theirs.code, undefined, label);
      assert.match(String(ours.code), /^WEBAPP_/, label);
    }
  });
});

describe('valid uses of use and the route methods', () => {
  const dir = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'static');
  test('answer as under express@4', async () => {
    await assertSameAsExpress(
      (lib) => {
        const app = lib();
        const sub = lib();
        sub.get('/', (req: any, res: any) => res.send(`sub ${req.baseUrl}`));
        const router = lib.Router();
        router.use(lib.json());
        router.post('/echo', (req: any, res: any) => res.json(req.body));
        function json(req: any, _res: any, next: () => void): void {
          req.seen = 'own json';
          next();
        }
        app.use(json);
        app.use(lib.urlencoded({ extended: false }));
        app.use('/files', lib.static(dir));
        app.use('/api', [router]);
        app.use('/sub', sub);
        app.get('/seen', [(_req: any, _res: any, next: () => void) => next()], (req: any, res: any) =>
          res.send(req.seen),
        );
        app.route('/form').post(lib.text(), (req: any, res: any) => res.json(req.body));
        app.all('/any', lib.raw(), (req: any, res: any) => res.send(String(req.body.length ?? 'none')));
        app.use((err: Error, _req: any, res: any, _next: unknown) => res.status(500).send(err.message));
        return app;
      },
      [
        { path: '/seen' },
        { path: '/sub' },
        {
          method: 'POST',
          path: '/api/echo',
          headers: { 'content-type': 'application/json' },
          body: '{"a":1}',
        },
        { method: 'POST', path: '/form', headers: { 'content-type': 'text/plain' }, body: 'hi' },
        { method: 'PUT', path: '/any', headers: { 'content-type': 'application/octet-stream' }, body: 'abc' },
        { path: '/files/missing.txt' },
        { path: '/nothing' },
      ],
    );
  });
});
