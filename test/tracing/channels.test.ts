/**
 * webapp's diagnostics channels (src/tracing): `tracing:webapp.request:*`, `tracing:webapp.layer:*`,
 * `webapp.initialization` and `webapp.mount`, their contexts, and that nothing is traced (handlers get
 * the router's own `next`) while nobody listens.
 */
import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import dc from 'node:diagnostics_channel';
import { afterEach, test } from 'node:test';

import webapp = require('../../src/index');

import { installLayerHook } from '../../src/tracing/hook';
import { joinRoute } from '../../src/tracing/layer';
import type { LayerContext, RequestContext } from '../../src/tracing/types';
import { request } from '../support/http';

const EVENTS = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'] as const;
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Subscribes to a tracing channel for the rest of the test; returns the log of `format(event, ctx)`. */
function record<C extends object>(name: string, format: (event: string, ctx: C) => string): string[] {
  const log: string[] = [];
  const channel = dc.tracingChannel<unknown, C>(name);
  const handlers = Object.fromEntries(
    EVENTS.map((event) => [event, (ctx: C) => log.push(format(event, ctx))]),
  ) as unknown as dc.TracingChannelSubscribers<C>;
  channel.subscribe(handlers);
  cleanups.push(() => channel.unsubscribe(handlers));
  return log;
}

const layers = (): string[] =>
  record<LayerContext>(
    'webapp.layer',
    (event, ctx) => `${event} ${ctx.type} ${ctx.name} ${ctx.route} ${ctx.path}`,
  );

function listen(name: string): unknown[] {
  const messages: unknown[] = [];
  const fn = (message: unknown) => messages.push(message);
  dc.subscribe(name, fn);
  cleanups.push(() => dc.unsubscribe(name, fn));
  return messages;
}

/** An app whose two middleware record the `next` they get, and whether it is `req.next`. */
function nextRecorder(): { app: any; nexts: unknown[]; same: boolean[] } {
  const app = webapp();
  const nexts: unknown[] = [];
  const same: boolean[] = [];
  const record = (req: any, _res: any, next: any) => {
    nexts.push(next);
    same.push(next === req.next);
    next();
  };
  app.use(record, record);
  app.get('/', (_req: any, _res: any, next: any) => next('route'));
  app.get('/', (_req: any, res: any) => res.end('second'));
  return { app, nexts, same };
}

test('nobody listening: handlers get the router’s own next, nothing is wrapped', async () => {
  const { app, nexts, same } = nextRecorder();
  assert.equal((await request(app)).body, 'second');
  assert.equal(nexts.length, 2);
  assert.equal(nexts[0], nexts[1]);
  assert.deepEqual(same, [true, true]);
});

test('traced: each layer gets a next of its own, still req.next; the chain behaves the same', async () => {
  layers();
  const { app, nexts, same } = nextRecorder();
  assert.equal((await request(app)).body, 'second');
  assert.notEqual(nexts[0], nexts[1]);
  assert.deepEqual(same, [true, true]);
});

test('traced: the Layer.handle [as handle_request] frame stays near a handler (express-rate-limit)', async () => {
  layers();
  const app = webapp();
  let frames: string[] = [];
  app.get('/', (_req: any, res: any) => {
    frames = (new Error().stack ?? '').split('\n').slice(1);
    res.end('ok');
  });
  assert.equal((await request(app)).body, 'ok');
  const at = frames.findIndex((line) => line.includes('Layer.handle [as handle_request]'));
  assert.ok(at !== -1 && at <= 6, frames.join('\n'));
});

test('layer events: middleware, router, route handler with the joined route template', async () => {
  const log = layers();
  const app = webapp();
  const api = webapp.Router();
  const users = webapp.Router();
  users.get('/:id', function show(req: any, res: any) {
    res.end(`user ${req.params.id}`);
  });
  api.use('/users', users);
  app.use(function logger(_req: any, _res: any, next: any) {
    next();
  });
  app.use('/api', api);
  const res = await request(app, { path: '/api/users/7' });
  assert.equal(res.body, 'user 7');
  assert.deepEqual(log, [
    'start middleware logger / /',
    'asyncStart middleware logger / /',
    'start router router /api /api',
    'start router router /api/users /users',
    'start request_handler /api/users/:id /api/users/:id /:id',
    'end request_handler /api/users/:id /api/users/:id /:id',
    'end router router /api/users /users',
    'end router router /api /api',
    'asyncEnd middleware logger / /',
    'end middleware logger / /',
  ]);
});

test('a router left with next() pops its mount path: later layers get the outer route', async () => {
  const log = layers();
  const app = webapp();
  const api = webapp.Router();
  api.use((_req: any, _res: any, next: any) => next());
  app.use('/api', api);
  app.get('/api/*', (_req: any, res: any) => res.end('fallback'));
  assert.equal((await request(app, { path: '/api/x' })).body, 'fallback');
  assert.ok(log.includes('start request_handler /api/* /api/* /api/*'), log.join('\n'));
  assert.ok(log.includes('start middleware <anonymous> /api /'), log.join('\n'));
});

test('param callbacks are layers of type param named by the parameter', async () => {
  const log = layers();
  const app = webapp();
  const router = webapp.Router();
  router.param('id', (req: any, _res: any, next: any, id: string) => {
    req.user = `#${id}`;
    next();
  });
  router.get('/items/:id', (req: any, res: any) => res.end(req.user));
  app.use('/shop', router);
  assert.equal((await request(app, { path: '/shop/items/3' })).body, '#3');
  assert.ok(log.includes('start param id /shop/items/:id /items/:id'), log.join('\n'));
  assert.ok(log.includes('asyncStart param id /shop/items/:id /items/:id'), log.join('\n'));
});

test('a throwing handler: error with ctx.error, then the error handler runs as error_handler', async () => {
  const errors: unknown[] = [];
  const log = record<LayerContext>('webapp.layer', (event, ctx) => {
    if (event === 'error') errors.push(ctx.error);
    return `${event} ${ctx.type} ${ctx.name}`;
  });
  const boom = new Error('boom');
  const app = webapp();
  app.get('/boom/:id', () => {
    throw boom;
  });
  app.use(function report(err: any, _req: any, res: any, _next: any) {
    res.statusCode = 500;
    res.end(err.message);
  });
  const res = await request(app, { path: '/boom/1' });
  assert.equal(res.status, 500);
  assert.deepEqual(errors, [boom]);
  assert.deepEqual(log, [
    'start request_handler /boom/:id',
    'error request_handler /boom/:id',
    'end request_handler /boom/:id',
    'asyncStart request_handler /boom/:id',
    'start error_handler report',
    'end error_handler report',
    'asyncEnd request_handler /boom/:id',
  ]);
});

test('next(err) publishes error once on the layer that passed it', async () => {
  const errors: string[] = [];
  record<LayerContext>('webapp.layer', (event, ctx) => {
    if (event === 'error') errors.push(`${ctx.type} ${(ctx.error as Error).message}`);
    return event;
  });
  const app = webapp();
  app.use((_req: any, _res: any, next: any) => next(new Error('denied')));
  app.use((err: any, _req: any, res: any, _next: any) => res.end(err.message));
  assert.equal((await request(app)).body, 'denied');
  assert.deepEqual(errors, ['middleware denied']);
});

test('async handlers: asyncStart/asyncEnd when the promise settles, with result or error', async () => {
  const seen: string[] = [];
  record<LayerContext>('webapp.layer', (event, ctx) => {
    const extra = event === 'asyncStart' ? ` result=${String(ctx.result)}` : '';
    seen.push(`${event} ${ctx.name}${extra}${event === 'error' ? ` ${(ctx.error as Error).message}` : ''}`);
    return event;
  });
  const app = webapp();
  app.get('/ok', async (_req: any, res: any) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    res.end('done');
    return 42;
  });
  app.get('/fail', async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    throw new Error('async boom');
  });
  app.use((err: any, _req: any, res: any, _next: any) => res.end(`caught ${err.message}`));
  assert.equal((await request(app, { path: '/ok' })).body, 'done');
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(seen.splice(0), ['start /ok', 'end /ok', 'asyncStart /ok result=42', 'asyncEnd /ok']);
  assert.equal((await request(app, { path: '/fail' })).body, 'caught async boom');
  assert.deepEqual(seen.slice(0, 5), [
    'start /fail',
    'end /fail',
    'error /fail async boom',
    'asyncStart /fail result=undefined',
    'start <anonymous>',
  ]);
});

test('sub-apps: a layer of type app, the request channel once per app, routes joined', async () => {
  const log = layers();
  const requests = record<RequestContext>(
    'webapp.request',
    (event, ctx) => `${event} ${(ctx.app as any).mountpath}`,
  );
  const app = webapp();
  const admin = webapp();
  admin.get('/users/:id', (_req: any, res: any) => res.end('admin'));
  app.use('/admin', admin);
  assert.equal((await request(app, { path: '/admin/users/1' })).body, 'admin');
  assert.ok(log.includes('start app mounted_app /admin /admin'), log.join('\n'));
  assert.ok(
    log.includes('start request_handler /admin/users/:id /admin/users/:id /users/:id'),
    log.join('\n'),
  );
  assert.deepEqual(requests.slice(0, 4), ['start /', 'start /admin', 'end /admin', 'end /']);
  assert.ok(requests.includes('asyncStart /'));
  assert.ok(requests.includes('asyncStart /admin'));
});

test('request channel: an error that reaches the final handler is published; a 404 is not an error', async () => {
  const errors: unknown[] = [];
  const events = record<RequestContext>('webapp.request', (event, ctx) => {
    if (event === 'error') errors.push(ctx.error);
    assert.ok(ctx.req && ctx.res && ctx.app);
    return event;
  });
  const app = webapp();
  app.set('env', 'test');
  const failure = new Error('unhandled');
  app.get('/fail', () => {
    throw failure;
  });
  assert.equal((await request(app, { path: '/missing' })).status, 404);
  // The router may end a 404 synchronously (inside start/end) or on a later turn: order aside, no error.
  assert.deepEqual(events.splice(0).sort(), ['asyncEnd', 'asyncStart', 'end', 'start']);
  assert.equal((await request(app, { path: '/fail' })).status, 500);
  assert.deepEqual(events, ['start', 'end', 'error', 'asyncStart', 'asyncEnd']);
  assert.deepEqual(errors, [failure]);
});

test('request channel: a response that closes before the router ends fires asyncStart/asyncEnd once', async () => {
  const events = record<RequestContext>('webapp.request', (event) => event);
  const app = webapp();
  app.get('/', (_req: any, res: any) => res.end('answered'));
  assert.equal((await request(app)).body, 'answered');
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(events, ['start', 'end', 'asyncStart', 'asyncEnd']);
});

test('a store bound to the start channel is active inside the handler (runStores)', async () => {
  const store = new AsyncLocalStorage<string>();
  const start = dc.channel('tracing:webapp.layer:start');
  start.bindStore(store, (ctx: any) => `${ctx.type}:${ctx.name}`);
  cleanups.push(() => start.unbindStore(store));
  const app = webapp();
  app.get('/s', async (_req: any, res: any) => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    res.end(store.getStore());
  });
  assert.equal((await request(app, { path: '/s' })).body, 'request_handler:/s');
});

test('webapp.initialization publishes each new app', () => {
  const messages = listen('webapp.initialization') as { app: unknown }[];
  const app = webapp();
  assert.equal(messages.length, 1);
  assert.equal(messages[0].app, app);
});

test('webapp.mount publishes apps and routers mounted with use, with their parent', () => {
  const messages = listen('webapp.mount') as { parent: unknown; child: unknown; path: string }[];
  const app = webapp();
  const sub = webapp();
  const router = webapp.Router();
  const inner = webapp.Router();
  app.use('/sub', sub);
  app.use('/api', router);
  router.use('/v1', inner);
  app.use((_req: any, _res: any, next: any) => next());
  assert.equal(messages.length, 3);
  assert.deepEqual(
    messages.map((m) => [m.parent, m.child, m.path]),
    [
      [app, sub, '/sub'],
      [app, router, '/api'],
      [router, inner, '/v1'],
    ],
  );
});

test('the internal layer hook runs each handler and each continuation', async () => {
  layers();
  const calls: string[] = [];
  const uninstall = installLayerHook({
    run(ctx, call) {
      calls.push(`run ${ctx.type}`);
      return call();
    },
    proceed(ctx, proceed) {
      calls.push(`proceed ${ctx.type}`);
      proceed();
    },
  });
  cleanups.push(uninstall);
  const app = webapp();
  app.use((_req: any, _res: any, next: any) => next());
  app.get('/', (_req: any, res: any) => res.end('hooked'));
  assert.equal((await request(app)).body, 'hooked');
  assert.deepEqual(calls, ['run middleware', 'proceed middleware', 'run request_handler']);
});

test('joinRoute joins templates across mount points', () => {
  assert.equal(joinRoute('', '/'), '/');
  assert.equal(joinRoute('', '/users'), '/users');
  assert.equal(joinRoute('/api', '/'), '/api');
  assert.equal(joinRoute('/api', '/users/:id'), '/api/users/:id');
  assert.equal(joinRoute('/api/', '/users'), '/api/users');
  assert.equal(joinRoute('/api', 'users'), '/api/users');
  assert.equal(joinRoute('', 'x'), '/x');
});
