import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resetDeprecations } from '../src/utils/deprecate';
import { assertSameAsExpress, request } from './support/http';
import { eachHeader, echoApp } from './support/request-echo';
import { withoutLocation } from './support/response-harness';

import webapp = require('../src/index');

const ARGS: unknown[][] = [
  [],
  ['gzip'],
  ['deflate', 'gzip'],
  [['GZIP', 'identity']],
  ['br'],
  ['identity'],
  [''],
];
const HEADERS = [
  undefined,
  'gzip',
  'gzip, deflate;q=0.5',
  'deflate;q=0.5, gzip',
  '*;q=0.1, gzip',
  'identity;q=0',
  'gzip;q=0, *',
  'junk;;;',
];

describe('req.acceptsEncodings', () => {
  it('answers like Express 4 for a table of Accept-Encoding headers', async () => {
    await assertSameAsExpress(
      echoApp((req) => ARGS.map((args) => req.acceptsEncodings(...args))),
      eachHeader('accept-encoding', HEADERS),
    );
  });

  it('keeps the deprecated req.acceptsEncoding, answering alike', async () => {
    await assertSameAsExpress(
      echoApp((req) => ARGS.map((args) => req.acceptsEncoding(...args))),
      eachHeader('accept-encoding', HEADERS),
    );
  });

  it('warns once per call site that req.acceptsEncoding is deprecated', async () => {
    resetDeprecations();
    const warnings: Error[] = [];
    const listener = (warning: Error) => warnings.push(warning);
    process.on('warning', listener);
    try {
      const app = webapp();
      app.get('/', (req: any, res: any) =>
        res.end([0, 1].map(() => req.acceptsEncoding('identity')).join('')),
      );
      assert.equal((await request(app)).body, 'identityidentity');
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listener);
    }
    const ours = warnings.filter((w) => (w as any).code === 'WEBAPP_REQ_ACCEPTS_ENCODING');
    assert.equal(ours.length, 1);
    assert.equal(ours[0].name, 'DeprecationWarning');
    assert.equal(withoutLocation(ours[0].message), 'req.acceptsEncoding: Use acceptsEncodings instead');
  });
});
