import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress, type RequestOptions } from './support/http';
import { callResponse, errorOf, routes } from './support/response-harness';

void webapp;

const ACCEPTS = [
  undefined,
  'text/html',
  'text/plain',
  'application/json',
  'application/json;q=0.5, text/html;q=0.4',
  'text/*',
  '*/*',
  'image/png',
  'image/png, */*;q=0.1',
  'TEXT/HTML',
  'text/html;level=1',
  ',,,;;;q=',
  `${'a/b, '.repeat(200)}text/plain`,
];

function requestsFor(path: string): RequestOptions[] {
  return ACCEPTS.map(
    (accept): RequestOptions => (accept === undefined ? { path } : { path, headers: { Accept: accept } }),
  );
}

describe('res.format', () => {
  it('negotiates over extension keys like express@4', async () => {
    await assertSameAsExpress(
      routes({
        '/': (_req, res) =>
          res.format({
            text: () => res.send('text'),
            html: () => res.send('<b>html</b>'),
            json: () => res.send({ kind: 'json' }),
          }),
      }),
      requestsFor('/'),
    );
  });

  it('negotiates over MIME type keys (with parameters) like express@4', async () => {
    await assertSameAsExpress(
      routes({
        '/': (_req, res) =>
          res.format({
            'application/json': () => res.json({ kind: 'json' }),
            'text/plain; q=0.9': () => res.end('plain'),
            'text/html ; level=1': () => res.end('html'),
          }),
      }),
      requestsFor('/'),
    );
  });

  it('runs default when nothing matches, like express@4', async () => {
    await assertSameAsExpress(
      routes({
        '/': (_req, res) =>
          res.format({
            json: () => res.json({ kind: 'json' }),
            default: () => res.status(406).send('only json'),
          }),
        '/only-default': (_req, res) => res.format({ default: () => res.send('default') }),
      }),
      [...requestsFor('/'), ...requestsFor('/only-default')],
    );
  });

  it('passes a 406 error listing the offered types to next, like express@4', async () => {
    await assertSameAsExpress(
      (lib) => {
        const app = lib();
        // req.next is the router's next: the 406 skips the rest of the route and reaches app-level handlers.
        app.get('/', (_req: any, res: any) =>
          res.format({ json: () => res.json({}), 'text/html; q=1': () => res.end(), zzz: () => {} }),
        );
        app.use((err: any, _req: any, res: any, _next: any) => {
          res.statusCode = err.status;
          res.end(
            JSON.stringify({
              message: err.message,
              status: err.statusCode,
              expose: err.expose,
              types: err.types,
              name: err.name,
            }),
          );
        });
        return app;
      },
      [{ path: '/', headers: { Accept: 'image/png' } }],
    );
    const res = await callResponse(
      (_req, res) => res.format({ json: () => res.json({}), 'text/html; q=1': () => res.end() }),
      { headers: { Accept: 'image/png' } },
    );
    assert.equal(res.status, 406);
    assert.deepEqual(errorOf(res), {
      name: 'NotAcceptableError',
      message: 'Not Acceptable',
      types: ['application/json', 'text/html'],
    });
    assert.equal(res.headers.vary, 'Accept');
  });

  it('calls the chosen callback with (req, res, next) and returns the response', async () => {
    let args: unknown[] = [];
    let returned: unknown;
    let self: unknown;
    await callResponse(
      (_req, res) => {
        self = res;
        returned = res.format({
          html(...a: unknown[]) {
            args = a;
            res.end();
          },
        });
      },
      { headers: { Accept: 'text/html' } },
    );
    assert.equal(args.length, 3);
    assert.equal(args[1], self);
    assert.equal(typeof args[2], 'function');
    assert.equal(returned, self);
  });

  it('lets the callback change the Content-Type it set', async () => {
    const res = await callResponse(
      (_req, res) => res.format({ json: () => res.type('application/vnd.api+json').end('{}') }),
      { headers: { Accept: 'application/json' } },
    );
    assert.equal(res.headers['content-type'], 'application/vnd.api+json');
  });

  it('adds Accept to an existing Vary', async () => {
    await assertSameAsExpress(
      routes({ '/': (_req, res) => res.vary('Origin').format({ text: () => res.end('t') }) }),
      [{ path: '/' }],
    );
  });
});
