import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress } from './support/http';
import { callResponse, routes } from './support/response-harness';

void webapp;

const NAMES = [
  'report.pdf',
  '/path/to/image.png',
  'résumé.pdf',
  'naïve € rates.csv',
  '日本語.txt',
  'noext',
  'archive.tar.gz',
  'quote"back\\slash.txt',
  'it%20s.txt',
  'evil\r\nSet-Cookie: a=b.html',
  '',
];

describe('res.attachment', () => {
  it('sets Content-Disposition and Content-Type like express@4', async () => {
    const table: Record<string, (req: any, res: any) => void> = {
      '/none': (_req, res) => res.attachment().end(),
    };
    NAMES.forEach((name, i) => {
      table[`/${i}`] = (_req, res) => res.attachment(name).end();
    });
    await assertSameAsExpress(
      routes(table),
      Object.keys(table).map((path) => ({ path })),
    );
  });

  it('uses filename* for non-Latin-1 names and a ? fallback', async () => {
    const res = await callResponse((_req, res) => res.attachment('€ rates.txt').end());
    assert.equal(
      res.headers['content-disposition'],
      'attachment; filename="? rates.txt"; filename*=UTF-8\'\'%E2%82%AC%20rates.txt',
    );
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
  });

  it('never lets CR/LF from the file name reach the header', async () => {
    const res = await callResponse((_req, res) => res.attachment('a\r\nX-Evil: 1.txt').end());
    assert.equal(res.headers['x-evil'], undefined);
    assert.doesNotMatch(String(res.headers['content-disposition']), /[\r\n]/);
  });

  it('is chainable', async () => {
    const res = await callResponse((_req, res) => {
      assert.equal(res.attachment(), res);
      res.end();
    });
    assert.equal(res.headers['content-disposition'], 'attachment');
  });
});
