/**
 * serverless-http (AWS Lambda behind API Gateway, REST v1 and HTTP v2 events) serves a webapp app as
 * it serves express@4: the same app through the same handler, every answer compared byte for byte.
 */
import { describe, it } from 'node:test';
import { fromResult, v1Event, v2Event } from '../support/lambda-events';
import { assertTransportSame } from '../support/transports';

const serverless = require('serverless-http') as (
  app: unknown,
  options?: object,
) => (event: object, context: object) => Promise<any>;

describe('serverless-http', () => {
  for (const [version, event] of [
    ['REST API (v1) events', v1Event],
    ['HTTP API (v2) events', v2Event],
  ] as const) {
    it(`answers ${version} as for express@4: binary bodies, cookies, redirects, files, refusals, errors`, async () => {
      const handlers = new WeakMap<object, (event: object, context: object) => Promise<unknown>>();
      await assertTransportSame(`serverless-http, ${version}`, async (app, request) => {
        let handler = handlers.get(app);
        if (!handler) {
          handler = serverless(app, { binary: ['*/*'] });
          handlers.set(app, handler);
        }
        return fromResult(await handler(event(request), {}));
      });
    });
  }
});
