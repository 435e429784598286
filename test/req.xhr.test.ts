import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertSameAsExpress } from './support/http';
import { eachHeader, echoApp, fakeRequest } from './support/request-echo';

describe('req.xhr', () => {
  it('answers like Express 4 for a table of X-Requested-With values', async () => {
    await assertSameAsExpress(
      echoApp((req) => req.xhr),
      eachHeader('x-requested-with', [
        undefined,
        'XMLHttpRequest',
        'xmlhttprequest',
        'XMLHTTPREQUEST',
        'XMLHttpRequest2',
        'fetch',
        '',
        ' XMLHttpRequest',
      ]),
    );
  });

  it('is true only for XMLHttpRequest, case-insensitively', () => {
    assert.equal(fakeRequest({ headers: { 'x-requested-with': 'XmlHttpRequest' } }).xhr, true);
    assert.equal(fakeRequest({ headers: { 'x-requested-with': 'XMLHttpRequestX' } }).xhr, false);
    assert.equal(fakeRequest().xhr, false);
  });
});
