/**
 * `webappjs/otel`: an OpenTelemetry instrumentation for webapp, built on its diagnostics channels (no
 * module patching, so it works whether it is loaded before or after webapp). It produces the spans
 * @opentelemetry/instrumentation-express produces — `middleware - <name>`, `request handler - <route>`,
 * `router - <mount path>` with `http.route`, `express.name` and `express.type` — as children of the
 * HTTP server span, and gives that span the route (`GET /api/users/:id`) through the RPC metadata
 * @opentelemetry/instrumentation-http reads. Inside a handler, its layer span is the active span.
 *
 * Loads @opentelemetry/api, @opentelemetry/core and @opentelemetry/instrumentation (optional peer
 * dependencies of webapp); nothing else in webapp loads this module.
 * @example
 * const { registerInstrumentations } = require('@opentelemetry/instrumentation');
 * const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http');
 * const { WebappInstrumentation } = require('webappjs/otel');
 * registerInstrumentations({ instrumentations: [new HttpInstrumentation(), new WebappInstrumentation()] });
 * @module
 */
import dc from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { type Context, context, diag, type Span, SpanStatusCode, trace } from '@opentelemetry/api';
import { getRPCMetadata, RPCType } from '@opentelemetry/core';
import { InstrumentationBase, type InstrumentationConfig } from '@opentelemetry/instrumentation';
import { LAYER_CHANNEL } from './channels';
import { installLayerHook, type LayerHook } from './hook';
import type { LayerContext, LayerType } from './types';

/** The `express.type` of a span: Express's three, and `param` for param callbacks (webapp only). */
export type WebappLayerType = 'middleware' | 'router' | 'request_handler' | 'param';

/** What `requestHook` and `spanNameHook` are told about a layer (as in the Express instrumentation). */
export interface WebappRequestInfo {
  request: IncomingMessage;
  /** The route template joined across mount points (`/api/users/:id`). */
  route: string;
  layerType: WebappLayerType;
}

/** A layer name to ignore: exact text, a RegExp, or a predicate. */
export type IgnoreMatcher = string | RegExp | ((name: string) => boolean);

export interface WebappInstrumentationConfig extends InstrumentationConfig {
  /** Layers whose name (`express.name`) matches one of these get no span. */
  ignoreLayers?: IgnoreMatcher[];
  /** Layer types that get no span (`middleware`, `router`, `request_handler`, `param`). */
  ignoreLayersType?: WebappLayerType[];
  /** Called with each new layer span. */
  requestHook?: (span: Span, info: WebappRequestInfo) => void;
  /** Returns the name of a layer span (the default name otherwise). */
  spanNameHook?: (info: WebappRequestInfo, defaultName: string) => string;
}

const VERSION = '0.1.0';

/** A layer's span and the context the layer started in (where its `next` continues). */
interface LayerSpan {
  span: Span;
  parent: Context;
  ended: boolean;
  onFinish: (() => void) | undefined;
}

const EXPRESS_TYPE: Record<LayerType, WebappLayerType> = {
  middleware: 'middleware',
  error_handler: 'middleware',
  router: 'router',
  app: 'router',
  request_handler: 'request_handler',
  param: 'param',
};

/** The span name the Express instrumentation gives such a layer, and its `express.name`. */
function describe(ctx: LayerContext, type: WebappLayerType): [name: string, expressName: string] {
  switch (type) {
    case 'request_handler':
      return [`request handler - ${ctx.route}`, ctx.route];
    case 'router':
      return [`router - ${ctx.path}`, ctx.path];
    case 'param':
      return [`param - ${ctx.name}`, ctx.name];
    default:
      return [`middleware - ${ctx.name}`, ctx.name];
  }
}

function matches(name: string, matcher: IgnoreMatcher): boolean {
  if (typeof matcher === 'string') return matcher === name;
  if (matcher instanceof RegExp) return matcher.test(name);
  if (typeof matcher === 'function') return matcher(name) === true;
  return false;
}

function endSpan(state: LayerSpan, res: LayerContext['res']): void {
  if (state.ended) return;
  state.ended = true;
  if (state.onFinish !== undefined) res.removeListener('finish', state.onFinish);
  state.span.end();
}

/**
 * Gives the request's server span its route. Under @opentelemetry/instrumentation-http, through the
 * RPC metadata it reads when the response finishes (it then sets `http.route` and renames the span).
 * Without it (an agent with a server span of its own, such as Sentry's), the span the request runs
 * in — the server span, since routers and middleware continue in the context they started in — is
 * renamed `GET /route` and given `http.route` directly.
 */
function nameServerSpan(parent: Context, span: Span | undefined, ctx: LayerContext): void {
  const rpc = getRPCMetadata(parent);
  if (rpc?.type === RPCType.HTTP) {
    rpc.route = ctx.route;
    return;
  }
  if (span === undefined) return;
  span.setAttribute('http.route', ctx.route);
  span.updateName(`${ctx.req.method ?? 'GET'} ${ctx.route}`);
}

/**
 * The OpenTelemetry instrumentation for webapp.
 * @example
 * registerInstrumentations({ instrumentations: [new HttpInstrumentation(), new WebappInstrumentation()] });
 */
export class WebappInstrumentation extends InstrumentationBase<WebappInstrumentationConfig> {
  // Set by enable(), which the base constructor calls before field initializers would run.
  declare private subscribers: dc.TracingChannelSubscribers<LayerContext> | undefined;
  declare private uninstallHook: (() => void) | undefined;
  declare private spans: WeakMap<LayerContext, LayerSpan>;

  constructor(config: WebappInstrumentationConfig = {}) {
    super('webappjs/otel', VERSION, config);
  }

  /** No module to patch: webapp publishes on diagnostics channels. */
  protected init(): [] {
    return [];
  }

  override enable(): void {
    super.enable();
    if (this.subscribers !== undefined) return;
    this.spans ??= new WeakMap();
    const subscribers: dc.TracingChannelSubscribers<LayerContext> = {
      start: (ctx) => this.onStart(ctx),
      end: (ctx) => this.onEnd(ctx),
      asyncStart: (ctx) => this.onDone(ctx),
      asyncEnd: () => {},
      error: (ctx) => this.onError(ctx),
    };
    this.subscribers = subscribers;
    dc.tracingChannel<unknown, LayerContext>(LAYER_CHANNEL).subscribe(subscribers);
    this.uninstallHook = installLayerHook(this.hook());
  }

  override disable(): void {
    super.disable();
    if (this.subscribers === undefined) return;
    dc.tracingChannel<unknown, LayerContext>(LAYER_CHANNEL).unsubscribe(this.subscribers);
    this.subscribers = undefined;
    this.uninstallHook?.();
    this.uninstallHook = undefined;
  }

  private hook(): LayerHook {
    const spans = this.spans;
    return {
      run(ctx, call) {
        const state = spans.get(ctx);
        // A router's or sub-app's layers are children of the server span, as with Express: only
        // handlers and middleware run inside their own span.
        if (state === undefined || ctx.type === 'router' || ctx.type === 'app') return call();
        return context.with(trace.setSpan(state.parent, state.span), call);
      },
      proceed(ctx, proceed) {
        const state = spans.get(ctx);
        if (state === undefined) proceed();
        else context.with(state.parent, proceed);
      },
    };
  }

  private onStart(ctx: LayerContext): void {
    const parent = context.active();
    const type = EXPRESS_TYPE[ctx.type];
    const parentSpan = trace.getSpan(parent);
    if (type === 'request_handler') nameServerSpan(parent, parentSpan, ctx);
    if (parentSpan === undefined) return;
    const config = this.getConfig();
    const [defaultName, expressName] = describe(ctx, type);
    if (config.ignoreLayersType?.includes(type)) return;
    if (config.ignoreLayers?.some((matcher) => matches(expressName, matcher))) return;
    const info: WebappRequestInfo = { request: ctx.req, route: ctx.route, layerType: type };
    let name = defaultName;
    if (typeof config.spanNameHook === 'function') {
      try {
        name = config.spanNameHook(info, defaultName) ?? defaultName;
      } catch (err) {
        diag.error('webapp instrumentation: spanNameHook failed', err);
      }
    }
    const span = this.tracer.startSpan(
      name,
      { attributes: { 'http.route': ctx.route, 'express.name': expressName, 'express.type': type } },
      parent,
    );
    if (typeof config.requestHook === 'function') {
      try {
        config.requestHook(span, info);
      } catch (err) {
        diag.error('webapp instrumentation: requestHook failed', err);
      }
    }
    this.spans.set(ctx, { span, parent, ended: false, onFinish: undefined });
  }

  /** The handler returned: done if it answered; otherwise its span lasts until next, its promise, or the response. */
  private onEnd(ctx: LayerContext): void {
    const state = this.spans.get(ctx);
    if (state === undefined || state.ended) return;
    const res = ctx.res;
    if (res.writableEnded) {
      endSpan(state, res);
      return;
    }
    state.onFinish = () => endSpan(state, res);
    res.once('finish', state.onFinish);
  }

  private onDone(ctx: LayerContext): void {
    const state = this.spans.get(ctx);
    if (state !== undefined) endSpan(state, ctx.res);
  }

  private onError(ctx: LayerContext): void {
    const state = this.spans.get(ctx);
    if (state === undefined || state.ended) return;
    const err = ctx.error;
    const message = err instanceof Error ? err.message : String(err);
    state.span.recordException(err instanceof Error ? err : message);
    state.span.setStatus({ code: SpanStatusCode.ERROR, message });
  }
}
