/**
 * @vendia/serverless-express (AWS Lambda behind API Gateway, v1 and v2 events) serves a webapp app
 * as it serves express@4. Its request puts a number in Content-Length, which every body reader must
 * take as express@4's do.
 */
import { describe, it } from 'node:test';
import { fromResult, v1Event, v2Event } from '../support/lambda-events';
import { assertTransportSame } from '../support/transports';

const serverlessExpress = require('@vendia/serverless-express') as (
  options: object,
) => (event: object, context: object) => Promise<any>;

describe('@vendia/serverless-express', () => {
  for (const [version, event] of [
    ['REST API (v1) events', v1Event],
    ['HTTP API (v2) events', v2Event],
  ] as const) {
    it(`answers ${version} as for express@4: binary bodies, cookies, redirects, files, refusals, errors`, async () => {
      const handlers = new WeakMap<object, (event: object, context: object) => Promise<unknown>>();
      await assertTransportSame(`@vendia/serverless-express, ${version}`, async (app, request) => {
        let handler = handlers.get(app);
        if (!handler) {
          handler = serverlessExpress({
            app,
            binarySettings: { isBinary: () => true },
            logSettings: { level: 'none' },
          });
          handlers.set(app, handler);
        }
        return fromResult(await handler(event(request), { succeed() {}, fail() {}, done() {} }));
      });
    });
  }
});
