import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import webapp = require('../src/index');

import { mime } from '../src/http/mime';
import { assertSameAsExpress } from './support/http';
import { callResponse, errorOf, routes } from './support/response-harness';

void webapp;

const TYPES = [
  'html',
  '.html',
  'json',
  'txt',
  'text',
  'js',
  'css',
  'png',
  'svg',
  'bin',
  'pdf',
  'xml',
  'csv',
  'unknownext',
  'file.tar.gz',
  'some/path/file.jpeg',
  'HTML',
  'application/json',
  'application/vnd.api+json',
  'text/plain; charset=latin1',
  'image/png',
  'x/y',
];

describe('res.type', () => {
  it('sets Content-Type from a type or an extension like express@4', async () => {
    const table: Record<string, (req: any, res: any) => void> = {};
    TYPES.forEach((type, i) => {
      table[`/${i}`] = (_req, res) => res.type(type).end();
    });
    await assertSameAsExpress(
      routes(table),
      Object.keys(table).map((path) => ({ path })),
    );
  });

  it('looks extensions up through the shared mime table (webapp.static.mime)', async () => {
    mime.define({ 'application/x-webapp-test': ['wbtest'] });
    const res = await callResponse((_req, res) => res.type('wbtest').end());
    assert.equal(res.headers['content-type'], 'application/x-webapp-test');
  });

  it('is chainable', async () => {
    const res = await callResponse((_req, res) => {
      assert.equal(res.type('json'), res);
      res.end();
    });
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
  });

  it('refuses a non-string type and CR/LF in a type', async () => {
    const a = await callResponse((_req, res) => res.type(undefined as any).end());
    assert.deepEqual(errorOf(a), { name: 'TypeError', message: 'argument type must be a string' });
    const b = await callResponse((_req, res) => res.type('text/html\r\nX-Evil: 1').end());
    assert.equal(errorOf(b)?.name, 'TypeError');
    assert.equal(b.headers['x-evil'], undefined);
  });
});
