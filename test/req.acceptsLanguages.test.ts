import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resetDeprecations } from '../src/utils/deprecate';
import { assertSameAsExpress, request } from './support/http';
import { eachHeader, echoApp } from './support/request-echo';
import { withoutLocation } from './support/response-harness';

import webapp = require('../src/index');

const ARGS: unknown[][] = [[], ['en'], ['fr', 'en'], [['EN-us', 'fr']], ['de'], ['en-GB'], ['']];
const HEADERS = [
  undefined,
  'en',
  'en-US, fr;q=0.5',
  'fr;q=0.5, en',
  '*;q=0.1, en',
  'en;q=0',
  'en-GB',
  'junk;;;',
];

describe('req.acceptsLanguages', () => {
  it('returns every accepted language, best first, without arguments', async () => {
    const app = webapp();
    app.get('/', (req: any, res: any) => res.end(JSON.stringify(req.acceptsLanguages())));
    const res = await request(app, { headers: { 'accept-language': 'fr;q=0.5, en-US, de;q=0.7' } });
    assert.deepEqual(JSON.parse(res.body), ['en-US', 'de', 'fr']);
  });

  it('answers like Express 4 for a table of Accept-Language headers', async () => {
    await assertSameAsExpress(
      echoApp((req) => ARGS.map((args) => req.acceptsLanguages(...args))),
      eachHeader('accept-language', HEADERS),
    );
  });

  it('keeps the deprecated req.acceptsLanguage, answering alike', async () => {
    await assertSameAsExpress(
      echoApp((req) => ARGS.map((args) => req.acceptsLanguage(...args))),
      eachHeader('accept-language', HEADERS),
    );
  });

  it('warns once per call site that req.acceptsLanguage is deprecated', async () => {
    resetDeprecations();
    const warnings: Error[] = [];
    const listener = (warning: Error) => warnings.push(warning);
    process.on('warning', listener);
    try {
      const app = webapp();
      app.get('/', (req: any, res: any) => res.end([0, 1].map(() => req.acceptsLanguage('en')).join('')));
      assert.equal((await request(app)).body, 'enen');
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listener);
    }
    const ours = warnings.filter((w) => (w as any).code === 'WEBAPP_REQ_ACCEPTS_LANGUAGE');
    assert.equal(ours.length, 1);
    assert.equal(ours[0].name, 'DeprecationWarning');
    assert.equal(withoutLocation(ours[0].message), 'req.acceptsLanguage: Use acceptsLanguages instead');
  });
});
