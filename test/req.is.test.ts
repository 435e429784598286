import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertSameAsExpress, type RequestOptions, request } from './support/http';
import { echoApp } from './support/request-echo';

import webapp = require('../src/index');

import { cpuClock } from './support/cpu-time';

const ARGS: unknown[][] = [
  [],
  ['html'],
  ['text/html'],
  ['text/*'],
  ['json'],
  ['application/json'],
  ['application/*'],
  ['*/*'],
  ['+json'],
  ['application/*+json'],
  ['*/*+json'],
  ['urlencoded'],
  ['multipart'],
  ['json', 'html'],
  [['json', 'html']],
  ['html', 'json'],
  ['nonexistentext'],
  ['Text/HTML'],
  [undefined],
];

const CONTENT_TYPES = [
  'text/html; charset=utf-8',
  'application/json',
  'application/vnd.api+json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'TEXT/HTML',
  'invalid',
  'text/html; charset',
  'application/json+',
  'a/b+c+d',
];

function post(contentType: string | undefined, extra: Record<string, string> = {}): RequestOptions {
  const headers: Record<string, string> = { 'content-length': '2', ...extra };
  if (contentType !== undefined) headers['content-type'] = contentType;
  return { method: 'POST', headers, body: '{}' };
}

describe('req.is', () => {
  it('answers like Express 4 for a table of Content-Types and argument forms', async () => {
    await assertSameAsExpress(
      echoApp((req) => ARGS.map((args) => req.is(...args))),
      [...CONTENT_TYPES.map((type) => post(type)), post(undefined)],
    );
  });

  it('answers null without a body and counts Transfer-Encoding and Content-Length: 0 as a body', async () => {
    const requests: RequestOptions[] = [
      { headers: { 'content-type': 'application/json' } },
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '0' } },
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        body: '{}',
      },
    ];
    await assertSameAsExpress(
      echoApp((req) => [req.is('json'), req.is()]),
      requests,
    );
    const app = webapp();
    app.all('*', (req: any, res: any) => res.end(JSON.stringify([req.is('json'), req.is('html')])));
    assert.equal((await request(app, requests[0])).body, '[null,null]');
    assert.equal((await request(app, requests[1])).body, '["json",false]');
    assert.equal((await request(app, requests[2])).body, '["json",false]');
  });

  it('stays quick for a long malformed Content-Type', async () => {
    const longType = `text/plain${'; a="b\\'.repeat(1500)}`;
    await assertSameAsExpress(
      echoApp((req) => {
        const start = cpuClock();
        const answer = req.is('text/*');
        return [answer, start() < 100];
      }),
      [post(longType), post(`${'a'.repeat(8000)}/json`)],
    );
  });
});
