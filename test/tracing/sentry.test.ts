/**
 * Sentry (@sentry/node, OpenTelemetry setup on) with webapp/otel: the request's root span is named by
 * route, layer spans are its children, and an error captured by Sentry.setupExpressErrorHandler(app)
 * belongs to that trace and names the route as its transaction. A transport stub: no network.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';

import { registerInstrumentations } from '@opentelemetry/instrumentation';
import * as Sentry from '@sentry/node';

import webapp = require('../../src/index');

import { WebappInstrumentation } from '../../src/tracing/otel';

const errors: Sentry.ErrorEvent[] = [];
const transactions: Sentry.Event[] = [];
let sent = 0;

Sentry.init({
  dsn: 'https://public@sentry.invalid/1',
  tracesSampleRate: 1,
  enableOpenTelemetrySetup: true,
  traceLifecycle: 'static',
  transport: () => ({
    send: async () => {
      sent++;
      return {};
    },
    flush: async () => true,
  }),
  beforeSend(event) {
    errors.push(event);
    return event;
  },
  beforeSendTransaction(event) {
    transactions.push(event);
    return event;
  },
});

const unregister = registerInstrumentations({
  instrumentations: [
    new WebappInstrumentation({
      // The recipe from docs/guide/observability.md: error events name the route too.
      requestHook: (_span, info) => {
        if (info.layerType === 'request_handler') {
          Sentry.getIsolationScope().setTransactionName(`${info.request.method} ${info.route}`);
        }
      },
    }),
  ],
});

after(async () => {
  unregister();
  await Sentry.close(100);
});

async function get(app: unknown, path: string): Promise<number> {
  const server = http.createServer(app as http.RequestListener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<number>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', reject);
    });
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

test('the root span is named by route; the captured error belongs to its trace', async () => {
  const app = webapp();
  const api = webapp.Router();
  api.get('/boom/:id', () => {
    throw new Error('boom');
  });
  app.use(api);
  Sentry.setupExpressErrorHandler(app);
  app.use((_err: unknown, _req: any, res: any, _next: any) => {
    res.statusCode = 500;
    res.end('caught');
  });
  assert.equal(await get(app, '/boom/42'), 500);
  await Sentry.flush(2000);
  for (let i = 0; i < 50 && transactions.length === 0; i++)
    await new Promise((resolve) => setTimeout(resolve, 10));

  assert.equal(errors.length, 1);
  const error = errors[0];
  assert.equal(error.exception?.values?.[0]?.value, 'boom');
  assert.equal(error.transaction, 'GET /boom/:id');

  const transaction = transactions.find(
    (event) => event.contexts?.trace?.trace_id === error.contexts?.trace?.trace_id,
  );
  assert.ok(transaction, 'a transaction in the error’s trace');
  assert.equal(transaction.transaction, 'GET /boom/:id');
  const spans = (transaction.spans ?? []).map((span: { description?: string }) => span.description);
  assert.ok(spans.includes('request handler - /boom/:id'), spans.join(', '));
  assert.ok(spans.includes('middleware - sentryErrorMiddleware'), spans.join(', '));
  assert.ok(sent > 0, 'the stub transport was used');
});

test('an async handler under a mounted router names the transaction by the joined route', async () => {
  transactions.length = 0;
  const app = webapp();
  const users = webapp.Router();
  users.get('/:id', async (req: any, res: any) => {
    await new Promise((resolve) => setTimeout(resolve, 2));
    res.end(`user ${req.params.id}`);
  });
  app.use('/api/users', users);
  assert.equal(await get(app, '/api/users/7'), 200);
  await Sentry.flush(2000);
  for (let i = 0; i < 50 && transactions.length === 0; i++)
    await new Promise((resolve) => setTimeout(resolve, 10));
  assert.equal(transactions.length, 1);
  assert.equal(transactions[0].transaction, 'GET /api/users/:id');
  const spans = (transactions[0].spans ?? []).map((span: { description?: string }) => span.description);
  assert.ok(spans.includes('router - /api/users'), spans.join(', '));
  assert.ok(spans.includes('request handler - /api/users/:id'), spans.join(', '));
});
