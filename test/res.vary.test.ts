import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress } from './support/http';
import { callResponse, captureDeprecations, errorOf, routes } from './support/response-harness';

void webapp;

describe('res.vary', () => {
  it('adds fields to Vary like express@4', async () => {
    await assertSameAsExpress(
      routes({
        '/one': (_req, res) => res.vary('Origin').end(),
        '/dup': (_req, res) => res.vary('Origin').vary('origin').vary('ORIGIN').end(),
        '/list': (_req, res) => res.vary('Accept, Accept-Encoding').vary(['Origin', 'accept']).end(),
        '/existing': (_req, res) => res.set('Vary', 'Cookie').vary('Accept').end(),
        '/star': (_req, res) => res.vary('Accept').vary('*').vary('Origin').end(),
        '/empty-array': (_req, res) => res.vary([]).end(),
        '/empty': (_req, res) => res.vary('').end(),
        '/invalid': (_req, res) => res.vary('Bad Header').end(),
      }),
      [
        { path: '/one' },
        { path: '/dup' },
        { path: '/list' },
        { path: '/existing' },
        { path: '/star' },
        { path: '/empty-array' },
        { path: '/empty' },
        { path: '/invalid' },
      ],
    );
  });

  it('warns once per call site for a missing field and leaves Vary alone', async () => {
    let header: unknown = 'unset';
    const warnings = await captureDeprecations(() =>
      callResponse((_req, res) => {
        res.vary(undefined as any);
        res.vary([] as unknown as string);
        header = res.get('Vary');
        res.end();
      }),
    );
    assert.equal(header, undefined);
    // Two call sites, two warnings (once per call site, as Express 4 warns).
    assert.deepEqual(warnings, ['res.vary(): Provide a field name', 'res.vary(): Provide a field name']);
  });

  it('refuses invalid field names, CR/LF included', async () => {
    const res = await callResponse((_req, res) => res.vary('Accept\r\nX-Evil: 1').end());
    assert.deepEqual(errorOf(res), {
      name: 'TypeError',
      message: 'field argument contains an invalid header name',
    });
    assert.equal(res.headers['x-evil'], undefined);
  });

  it('is chainable', async () => {
    const res = await callResponse((_req, res) => {
      assert.equal(res.vary('Accept'), res);
      res.end();
    });
    assert.equal(res.headers.vary, 'Accept');
  });
});
