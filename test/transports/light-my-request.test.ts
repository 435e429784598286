/**
 * light-my-request (in-process injection, as fastify's inject and many test setups use it) serves a
 * webapp app as it serves express@4.
 */
import { describe, it } from 'node:test';
import { assertTransportSame, normalHeaders } from '../support/transports';

const inject = require('light-my-request') as (app: unknown, options: object) => Promise<any>;

describe('light-my-request', () => {
  it('answers as for express@4: binary bodies, cookies, redirects, files, refusals, errors', async () => {
    await assertTransportSame('light-my-request', async (app, request) => {
      const res = await inject(app, {
        method: request.method,
        url: request.path,
        headers: { host: 'test.local', ...request.headers },
        payload: request.body,
        remoteAddress: '198.51.100.3',
      });
      return { status: res.statusCode, headers: normalHeaders(res.headers), body: res.rawPayload };
    });
  });
});
