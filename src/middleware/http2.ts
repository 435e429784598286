/**
 * `webappjs/http2`: node:http2 servers whose requests and responses are built directly on an app's
 * prototypes, as `app.listen` does for HTTP/1.1. `http2.createSecureServer(options, app)` works too,
 * but node gives its own classes to every stream, so each request is re-prototyped on arrival; the
 * servers made here skip that, for HTTP/2 streams and for the HTTP/1.1 connections of `allowHTTP1`.
 * @module
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import http2, {
  type Http2SecureServer,
  type Http2Server,
  Http2ServerRequest,
  Http2ServerResponse,
  type SecureServerOptions,
  type ServerHttp2Stream,
  type ServerOptions,
} from 'node:http2';
import { http2Prototypes, normalizeHttp2Headers } from '../application/http2';
import { kServerProto, requestClass, responseClass } from '../application/index';
import { webappError } from '../errors/catalogue';
import { type Shutdownable, withShutdown } from '../lifecycle/shutdown';
import type { AppInternal } from '../types/internal';

/** An application (what `webapp()` returns), as far as these servers need it. */
// biome-ignore lint/suspicious/noExplicitAny: public type: any app-like handler (webapp.Express takes webapp's Request, which node's Http2ServerRequest is not typed as); node calls it with its compatibility objects
export type Http2App = (req: any, res: any) => void;

export type { Shutdownable, ShutdownOptions } from '../lifecycle/shutdown';

// node's compatibility constructors take more arguments than @types/node declares (../http/node-internals, 7).
type RequestCtor = new (
  stream: ServerHttp2Stream,
  headers: IncomingHttpHeaders,
  options: object,
  rawHeaders: string[],
) => Http2ServerRequest;
type ResponseCtor = new (stream: ServerHttp2Stream) => Http2ServerResponse;

function http2RequestClass(app: AppInternal): typeof Http2ServerRequest {
  // Sound: node's constructor takes these four arguments (lib/internal/http2/compat.js); @types/node declares fewer.
  const Base = Http2ServerRequest as unknown as RequestCtor;
  class AppHttp2Request extends Base {
    // Every argument forwarded: the constructor's arity is node's to change.
    constructor(...args: ConstructorParameters<RequestCtor>) {
      super(...args);
      normalizeHttp2Headers(args[1] as Record<string, unknown>, args[0]);
    }
  }
  Object.setPrototypeOf(AppHttp2Request.prototype, http2Prototypes(app, kServerProto).request);
  // Sound: a subclass of Http2ServerRequest whose constructor node calls with the same arguments.
  return AppHttp2Request as unknown as typeof Http2ServerRequest;
}

function http2ResponseClass(app: AppInternal): typeof Http2ServerResponse {
  // Sound: node's constructor takes the stream (and options), as RequestCtor above.
  const Base = Http2ServerResponse as unknown as ResponseCtor;
  class AppHttp2Response extends Base {}
  Object.setPrototypeOf(AppHttp2Response.prototype, http2Prototypes(app, kServerProto).response);
  // Sound: a subclass of Http2ServerResponse, constructed by node as its base.
  return AppHttp2Response as unknown as typeof Http2ServerResponse;
}

/** The server options that make `app`'s prototypes the request/response classes, unless given. */
function withAppClasses<T extends ServerOptions>(app: AppInternal, options: T): T {
  const out = { ...options } as T & Record<string, unknown>;
  out.Http2ServerRequest ??= http2RequestClass(app);
  out.Http2ServerResponse ??= http2ResponseClass(app);
  out.Http1IncomingMessage ??= requestClass(app) as typeof IncomingMessage;
  out.Http1ServerResponse ??= responseClass(app) as typeof ServerResponse;
  return out;
}

function checkApp(app: unknown): AppInternal {
  const candidate = app as AppInternal | undefined;
  if (typeof candidate !== 'function' || typeof candidate.handle !== 'function' || !candidate.request) {
    throw webappError('WEBAPP_HTTP2_APP_REQUIRED');
  }
  return candidate;
}

/**
 * A TLS HTTP/2 server for `app` (`http2.createSecureServer` with the app's classes). With
 * `allowHTTP1: true` it also answers HTTP/1.1 clients (ALPN `http/1.1`).
 * @example
 * createSecureServer({ key, cert, allowHTTP1: true }, app).listen(8443);
 * The server also has `shutdown({ timeout })` and `draining`, as `app.listen()`'s has.
 */
export function createSecureServer(
  options: SecureServerOptions,
  app: Http2App,
): Http2SecureServer & Shutdownable {
  const target = checkApp(app);
  return withShutdown(http2.createSecureServer(withAppClasses(target, options ?? {}), app as never), target);
}

/**
 * A cleartext HTTP/2 server (h2c, "prior knowledge": no HTTP/1.1 upgrade) for `app`. Browsers
 * only speak HTTP/2 over TLS; h2c is for a proxy in front or for service-to-service traffic.
 * @example
 * createServer(app).listen(8080);
 * createServer({ settings: { maxConcurrentStreams: 100 } }, app).listen(8080);
 */
export function createServer(app: Http2App): Http2Server & Shutdownable;
export function createServer(options: ServerOptions, app: Http2App): Http2Server & Shutdownable;
export function createServer(first: ServerOptions | Http2App, second?: Http2App): Http2Server & Shutdownable {
  const app = typeof first === 'function' ? first : second;
  const options = typeof first === 'function' ? {} : (first ?? {});
  const target = checkApp(app);
  return withShutdown(http2.createServer(withAppClasses(target, options), app as never), target);
}
