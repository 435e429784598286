import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resetDeprecations } from '../src/utils/deprecate';
import { assertSameAsExpress, request } from './support/http';
import { eachHeader, echoApp } from './support/request-echo';
import { withoutLocation } from './support/response-harness';

import webapp = require('../src/index');

const ARGS: unknown[][] = [
  [],
  ['utf-8'],
  ['iso-8859-1', 'utf-8'],
  [['ISO-8859-1', 'utf-8']],
  ['latin9'],
  [''],
];
const HEADERS = [
  undefined,
  'utf-8',
  'utf-8, iso-8859-1;q=0.2',
  'iso-8859-1;q=0.2, utf-8',
  '*;q=0.1, utf-8',
  'utf-8;q=0',
  'junk;;;',
];

describe('req.acceptsCharsets', () => {
  it('answers like Express 4 for a table of Accept-Charset headers', async () => {
    await assertSameAsExpress(
      echoApp((req) => ARGS.map((args) => req.acceptsCharsets(...args))),
      eachHeader('accept-charset', HEADERS),
    );
  });

  it('keeps the deprecated req.acceptsCharset, answering alike', async () => {
    await assertSameAsExpress(
      echoApp((req) => ARGS.map((args) => req.acceptsCharset(...args))),
      eachHeader('accept-charset', HEADERS),
    );
  });

  it('warns once per call site that req.acceptsCharset is deprecated', async () => {
    resetDeprecations();
    const warnings: Error[] = [];
    const listener = (warning: Error) => warnings.push(warning);
    process.on('warning', listener);
    try {
      const app = webapp();
      app.get('/', (req: any, res: any) => res.end([0, 1].map(() => req.acceptsCharset('utf-8')).join('')));
      assert.equal((await request(app)).body, 'utf-8utf-8');
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listener);
    }
    const ours = warnings.filter((w) => (w as any).code === 'WEBAPP_REQ_ACCEPTS_CHARSET');
    assert.equal(ours.length, 1);
    assert.equal(ours[0].name, 'DeprecationWarning');
    assert.equal(withoutLocation(ours[0].message), 'req.acceptsCharset: Use acceptsCharsets instead');
  });
});
