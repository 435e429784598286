import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resetDeprecations } from '../src/utils/deprecate';
import { assertSameAsExpress, request } from './support/http';
import { echoApp } from './support/request-echo';
import { withoutLocation } from './support/response-harness';

import webapp = require('../src/index');

describe('req.host (deprecated)', () => {
  it('answers like Express 4: the hostname, without port', async () => {
    await assertSameAsExpress(
      echoApp((req) => req.host),
      [
        { headers: { host: 'example.com:3000' } },
        { headers: { host: '[::1]:3000' } },
        { headers: { host: 'example.com', 'x-forwarded-host': 'proxy.example' } },
      ],
    );
    await assertSameAsExpress(
      echoApp((req) => req.host, { 'trust proxy': true }),
      [{ headers: { host: 'example.com', 'x-forwarded-host': 'proxy.example:80' } }],
    );
  });

  it('warns once per call site that req.host is deprecated', async () => {
    resetDeprecations();
    const warnings: Error[] = [];
    const listener = (warning: Error) => warnings.push(warning);
    process.on('warning', listener);
    try {
      const app = webapp();
      app.get('/', (req: any, res: any) => res.end([0, 1].map(() => req.host).join(' ')));
      assert.equal(
        (await request(app, { headers: { host: 'example.com:1' } })).body,
        'example.com example.com',
      );
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listener);
    }
    const ours = warnings.filter((w) => (w as any).code === 'WEBAPP_REQ_HOST');
    assert.equal(ours.length, 1);
    assert.equal(ours[0].name, 'DeprecationWarning');
    assert.equal(withoutLocation(ours[0].message), 'req.host: Use req.hostname instead');
  });
});
