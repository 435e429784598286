/**
 * webapp/otel with the real OpenTelemetry SDK (sdk-trace-base, InMemorySpanExporter) and
 * @opentelemetry/instrumentation-http: the spans @opentelemetry/instrumentation-express would produce,
 * children of the HTTP server span, which is named by route; errors, 404s, params, sub-apps, async
 * handlers and the instrumentation's options.
 */
import assert from 'node:assert/strict';
import { after, beforeEach, test } from 'node:test';

import { type Span as ApiSpan, context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

import webapp = require('../../src/index');

import { WebappInstrumentation } from '../../src/tracing/otel';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const contextManager = new AsyncLocalStorageContextManager().enable();
context.setGlobalContextManager(contextManager);
trace.setGlobalTracerProvider(provider);
const instrumentation = new WebappInstrumentation();
const unregister = registerInstrumentations({
  tracerProvider: provider,
  instrumentations: [
    new HttpInstrumentation({ disableOutgoingRequestInstrumentation: true }),
    instrumentation,
  ],
});
// Loaded after the instrumentations so the HTTP instrumentation patches it.
const http = require('node:http') as typeof import('node:http');

after(() => {
  unregister();
  context.disable();
  trace.disable();
});

beforeEach(() => {
  exporter.reset();
  instrumentation.setConfig({});
});

interface Sent {
  status: number;
  body: string;
  server: ReadableSpan;
  layers: ReadableSpan[];
  spans: ReadableSpan[];
}

/** Serves `app`, sends GET `path`, and returns the response with the spans of that request. */
async function traced(app: unknown, path: string): Promise<Sent> {
  exporter.reset();
  const server = http.createServer(app as import('node:http').RequestListener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as import('node:net').AddressInfo;
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        })
        .on('error', reject);
    });
    let serverSpan: ReadableSpan | undefined;
    for (let i = 0; i < 100 && serverSpan === undefined; i++) {
      serverSpan = exporter.getFinishedSpans().find((span) => span.kind === SpanKind.SERVER);
      if (serverSpan === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    assert.ok(serverSpan, 'the HTTP server span ended');
    await new Promise((resolve) => setTimeout(resolve, 10));
    const spans = exporter.getFinishedSpans();
    const traceId = serverSpan.spanContext().traceId;
    const mine = spans.filter((span) => span.spanContext().traceId === traceId);
    const layers = mine.filter((span) => span.instrumentationScope.name === 'webappjs/otel');
    return { status, body, server: serverSpan, layers, spans: mine };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const names = (spans: ReadableSpan[]) => spans.map((span) => span.name).sort();
const parentId = (span: ReadableSpan) => span.parentSpanContext?.spanId;

test('nested routers: router and request handler spans, children of the server span, which is named by route', async () => {
  const app = webapp();
  const api = webapp.Router();
  const users = webapp.Router();
  users.get('/:id', (req: any, res: any) => res.end(`user ${req.params.id}`));
  api.use('/users', users);
  app.use(function logger(_req: any, _res: any, next: any) {
    next();
  });
  app.use('/api', api);
  const sent = await traced(app, '/api/users/7');
  assert.equal(sent.body, 'user 7');
  assert.equal(sent.server.name, 'GET /api/users/:id');
  assert.equal(sent.server.attributes['http.route'], '/api/users/:id');
  assert.deepEqual(names(sent.layers), [
    'middleware - logger',
    'request handler - /api/users/:id',
    'router - /api',
    'router - /users',
  ]);
  for (const span of sent.layers) assert.equal(parentId(span), sent.server.spanContext().spanId, span.name);
  const handler = sent.layers.find((span) => span.name.startsWith('request handler'))!;
  assert.deepEqual(handler.attributes, {
    'http.route': '/api/users/:id',
    'express.name': '/api/users/:id',
    'express.type': 'request_handler',
  });
  const router = sent.layers.find((span) => span.name === 'router - /api')!;
  assert.equal(router.attributes['express.type'], 'router');
  assert.equal(router.attributes['express.name'], '/api');
  const logger = sent.layers.find((span) => span.name === 'middleware - logger')!;
  assert.deepEqual(logger.attributes, {
    'http.route': '/',
    'express.name': 'logger',
    'express.type': 'middleware',
  });
});

test('sub-apps: a router span for the mount, the route joined across the mount', async () => {
  const app = webapp();
  const admin = webapp();
  admin.get('/users/:id', (_req: any, res: any) => res.end('admin'));
  app.use('/admin', admin);
  const sent = await traced(app, '/admin/users/1');
  assert.equal(sent.body, 'admin');
  assert.equal(sent.server.name, 'GET /admin/users/:id');
  assert.deepEqual(names(sent.layers), ['request handler - /admin/users/:id', 'router - /admin']);
});

test('params: a param span; the handler sees the parameter', async () => {
  const app = webapp();
  app.param('id', (req: any, _res: any, next: any, id: string) => {
    req.item = `item ${id}`;
    next();
  });
  app.get('/items/:id', (req: any, res: any) => res.end(req.item));
  const sent = await traced(app, '/items/5');
  assert.equal(sent.body, 'item 5');
  assert.deepEqual(names(sent.layers), ['param - id', 'request handler - /items/:id']);
  const param = sent.layers.find((span) => span.name === 'param - id')!;
  assert.equal(param.attributes['express.type'], 'param');
  assert.equal(param.attributes['http.route'], '/items/:id');
});

test('async handlers: the layer span is active inside the handler, across awaits', async () => {
  const app = webapp();
  const tracer = trace.getTracer('test');
  app.get('/slow/:id', async (_req: any, res: any) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    tracer.startActiveSpan('db query', (span: ApiSpan) => span.end());
    res.end('slow');
  });
  const sent = await traced(app, '/slow/1');
  assert.equal(sent.body, 'slow');
  const handler = sent.layers.find((span) => span.name === 'request handler - /slow/:id')!;
  const query = sent.spans.find((span) => span.name === 'db query')!;
  assert.ok(query, 'the handler’s own span was exported');
  assert.equal(parentId(query), handler.spanContext().spanId);
  assert.ok(handler.ended);
});

test('a span started in middleware after next() is not a child of that middleware', async () => {
  const app = webapp();
  const tracer = trace.getTracer('test');
  app.use(function first(_req: any, _res: any, next: any) {
    next();
  });
  app.get('/', (_req: any, res: any) => {
    tracer.startActiveSpan('inside handler', (span: ApiSpan) => span.end());
    res.end('ok');
  });
  const sent = await traced(app, '/');
  const handler = sent.layers.find((span) => span.name === 'request handler - /')!;
  const inside = sent.spans.find((span) => span.name === 'inside handler')!;
  assert.equal(parentId(inside), handler.spanContext().spanId);
  assert.equal(parentId(handler), sent.server.spanContext().spanId);
});

test('errors: recorded on the handler span; the error handler runs under a middleware span', async () => {
  const app = webapp();
  app.get('/boom/:id', () => {
    throw new Error('kaboom');
  });
  app.use(function report(err: any, _req: any, res: any, _next: any) {
    res.statusCode = 500;
    res.end(err.message);
  });
  const sent = await traced(app, '/boom/9');
  assert.equal(sent.status, 500);
  assert.equal(sent.server.name, 'GET /boom/:id');
  const handler = sent.layers.find((span) => span.name === 'request handler - /boom/:id')!;
  assert.equal(handler.status.code, SpanStatusCode.ERROR);
  assert.equal(handler.status.message, 'kaboom');
  assert.equal(handler.events[0]?.name, 'exception');
  assert.ok(sent.layers.some((span) => span.name === 'middleware - report'));
});

test('async errors and next(err) are recorded too', async () => {
  const app = webapp();
  app.get('/reject', async () => {
    throw new Error('rejected');
  });
  app.get('/next', (_req: any, _res: any, next: any) => next(new Error('passed on')));
  app.use((err: any, _req: any, res: any, _next: any) => res.end(err.message));
  for (const [path, message] of [
    ['/reject', 'rejected'],
    ['/next', 'passed on'],
  ]) {
    const sent = await traced(app, path);
    assert.equal(sent.body, message);
    const handler = sent.layers.find((span) => span.name === `request handler - ${path}`)!;
    assert.equal(handler.status.code, SpanStatusCode.ERROR, path);
    assert.equal(handler.status.message, message);
  }
});

test('a 404 adds no handler span and no http.route', async () => {
  const app = webapp();
  const api = webapp.Router();
  api.get('/users', (_req: any, res: any) => res.end('users'));
  app.use('/api', api);
  const sent = await traced(app, '/api/nothing');
  assert.equal(sent.status, 404);
  assert.equal(sent.server.name, 'GET');
  assert.equal(sent.server.attributes['http.route'], undefined);
  assert.deepEqual(names(sent.layers), ['router - /api']);
});

test('options: ignoreLayersType, ignoreLayers, requestHook, spanNameHook', async () => {
  const app = webapp();
  const router = webapp.Router();
  router.get('/:id', (_req: any, res: any) => res.end('ok'));
  app.use(function logger(_req: any, _res: any, next: any) {
    next();
  });
  app.use(function cors(_req: any, _res: any, next: any) {
    next();
  });
  app.use('/r', router);

  instrumentation.setConfig({ ignoreLayersType: ['middleware', 'router'] });
  let sent = await traced(app, '/r/1');
  assert.deepEqual(names(sent.layers), ['request handler - /r/:id']);
  assert.equal(sent.server.name, 'GET /r/:id');

  instrumentation.setConfig({ ignoreLayers: ['logger', /^\/r/, (name: string) => name === 'nothing'] });
  sent = await traced(app, '/r/1');
  assert.deepEqual(names(sent.layers), ['middleware - cors']);

  instrumentation.setConfig({
    ignoreLayersType: ['middleware'],
    requestHook: (span, info) =>
      span.setAttribute('test.info', `${info.layerType} ${info.route} ${info.request.url}`),
    spanNameHook: (info, name) => (info.layerType === 'request_handler' ? `handle ${info.route}` : name),
  });
  sent = await traced(app, '/r/1');
  assert.deepEqual(names(sent.layers), ['handle /r/:id', 'router - /r']);
  const handler = sent.layers.find((span) => span.name === 'handle /r/:id')!;
  assert.equal(handler.attributes['test.info'], 'request_handler /r/:id /1');

  instrumentation.setConfig({
    requestHook: () => {
      throw new Error('hook failure');
    },
    spanNameHook: () => {
      throw new Error('hook failure');
    },
  });
  sent = await traced(app, '/r/1');
  assert.equal(sent.body, 'ok');
  assert.ok(sent.layers.some((span) => span.name === 'request handler - /r/:id'));
});

test('disable() stops the layer spans (and the hook); enable() brings them back', async () => {
  const app = webapp();
  app.get('/x/:id', (_req: any, res: any) => res.end('x'));
  instrumentation.disable();
  let sent = await traced(app, '/x/1');
  assert.deepEqual(sent.layers, []);
  assert.equal(sent.server.name, 'GET');
  instrumentation.enable();
  sent = await traced(app, '/x/1');
  assert.deepEqual(names(sent.layers), ['request handler - /x/:id']);
});
