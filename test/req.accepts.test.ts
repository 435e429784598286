import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertSameAsExpress, request } from './support/http';
import { eachHeader, echoApp } from './support/request-echo';

import webapp = require('../src/index');

import { cpuClock } from './support/cpu-time';

const ARGS: unknown[][] = [
  [],
  ['html'],
  ['json', 'html'],
  [['json', 'html']],
  ['text/html'],
  ['png'],
  ['json, html'],
  ['application/*'],
  [''],
  [[]],
  ['text/plain', 'application/json'],
  [['text', 'json']],
  ['unknown-extension'],
];

const ACCEPT = [
  undefined,
  'text/html',
  'text/*, application/json',
  'application/json;q=0.5, text/html',
  'text/html;q=0, */*',
  '*/*',
  'image/*;q=0.8, image/png',
  'garbage',
  '',
  ',,,',
  'text/html;level=1, text/html;q=0.1, */*;q=0.01',
];

describe('req.accepts', () => {
  it('answers like Express 4 for a table of Accept headers and argument forms', async () => {
    await assertSameAsExpress(
      echoApp((req) => ARGS.map((args) => req.accepts(...args))),
      eachHeader('accept', ACCEPT),
    );
  });

  it('returns false when nothing is acceptable, so the app can answer 406', async () => {
    const app = webapp();
    app.get('/', (req: any, res: any) => {
      if (!req.accepts('json')) {
        res.statusCode = 406;
        return res.end('not acceptable');
      }
      res.end('ok');
    });
    assert.equal((await request(app, { headers: { accept: 'text/html' } })).status, 406);
    assert.equal((await request(app, { headers: { accept: 'application/json' } })).status, 200);
  });

  it('answers quickly for a near-limit junk Accept header', async () => {
    const junk = 'x/y;q=0.1;a="b",'.repeat(900);
    await assertSameAsExpress(
      echoApp((req) => {
        const start = cpuClock();
        const result = [req.accepts('html', 'json'), req.accepts().length];
        return [result, start() < 200];
      }),
      [{ headers: { accept: junk } }, { headers: { accept: `${'*'.repeat(12000)}/html` } }],
    );
  });
});
