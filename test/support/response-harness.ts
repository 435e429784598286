/**
 * Unit-test harness for the response prototype without the application core: a plain node:http
 * handler gives each response the prototype and the few request/app members response methods read.
 */
import type http from 'node:http';
import querystring from 'node:querystring';
import { acceptsTypes } from '../../src/http/accepts';
import { compileETag } from '../../src/http/etag';
import { response } from '../../src/response/index';
import type { Req, Res } from '../../src/types/internal';
import { resetDeprecations } from '../../src/utils/deprecate';
import { type RequestOptions, request, requestAll, type TestResponse } from './http';

export interface HarnessOptions {
  /** App settings read through `app.get` (defaults: `etag fn` weak, `jsonp callback name` callback). */
  settings?: Record<string, unknown>;
  /** `req.secret`, as cookie-parser sets it. */
  secret?: string | string[];
  /** `req.fresh`, normally computed by the request prototype. */
  fresh?: boolean;
}

export const DEFAULT_SETTINGS: Record<string, unknown> = {
  'etag fn': compileETag(true),
  'jsonp callback name': 'callback',
};

/**
 * A node:http handler running `fn(req, res)` with `res` turned into a webapp response. Errors thrown
 * by `fn` or passed to `req.next` become a 500 (or err.status) whose body is JSON of the error.
 */
export function responseHandler(
  fn: (req: Req, res: Res) => void,
  options: HarnessOptions = {},
): (req: http.IncomingMessage, res: http.ServerResponse) => void {
  const settings = { ...DEFAULT_SETTINGS, ...options.settings };
  const app = { get: (name: string) => settings[name] };
  return (rawReq, rawRes) => {
    Object.setPrototypeOf(rawRes, response);
    const req = rawReq as Req;
    const res = rawRes as Res;
    res.req = req;
    req.res = res;
    res.app = req.app = app as unknown as Req['app'];
    res.locals = {};
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    req.query = q === -1 ? {} : querystring.parse(url.slice(q + 1));
    req.accepts = ((...types: unknown[]) =>
      acceptsTypes(req, Array.isArray(types[0]) ? types[0] : types)) as Req['accepts'];
    if (options.secret !== undefined) req.secret = options.secret;
    if (options.fresh !== undefined) {
      Object.defineProperty(req, 'fresh', {
        configurable: true,
        enumerable: true,
        writable: true,
        value: options.fresh,
      });
    }
    const fail = (err: any) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const body = JSON.stringify({ name: err?.name, message: err?.message, types: err?.types });
      res.statusCode = typeof err?.status === 'number' ? err.status : 500;
      res.removeHeader('Content-Type');
      res.setHeader('X-Error', 'true');
      res.end(body);
    };
    req.next = (err?: unknown) => {
      if (err) fail(err);
      else {
        res.statusCode = 404;
        res.end('next()');
      }
    };
    try {
      fn(req, res);
    } catch (err) {
      fail(err);
    }
  };
}

/** Runs `fn` for one request and returns the response. */
export function callResponse(
  fn: (req: Req, res: Res) => void,
  requestOptions: RequestOptions = {},
  options: HarnessOptions = {},
): Promise<TestResponse> {
  return request(responseHandler(fn, options), requestOptions);
}

/** Runs `fn` for several requests in order. */
export function callResponseAll(
  fn: (req: Req, res: Res) => void,
  requests: RequestOptions[],
  options: HarnessOptions = {},
): Promise<TestResponse[]> {
  return requestAll(responseHandler(fn, options), requests);
}

/** The error a harness response carries (see responseHandler), or undefined. */
export function errorOf(res: TestResponse): { name: string; message: string; types?: string[] } | undefined {
  return res.headers['x-error'] ? JSON.parse(res.body) : undefined;
}

/** A deprecation message without the ` at file:line:column` of its call site. */
export function withoutLocation(message: string): string {
  return message.replace(/ at \S+:\d+:\d+$/, '');
}

/**
 * Collects the DeprecationWarnings emitted while `fn` runs (the once-only memory is reset first, and
 * process warnings are awaited).
 */
export async function captureDeprecations(fn: () => Promise<unknown>): Promise<string[]> {
  resetDeprecations();
  const seen: string[] = [];
  const listener = (warning: Error) => {
    // Each message ends with the caller's location (` at file:line:column`); compared without it.
    if (warning.name === 'DeprecationWarning') seen.push(withoutLocation(warning.message));
  };
  process.on('warning', listener);
  try {
    await fn();
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', listener);
  }
  return seen;
}

/**
 * Builds an app for assertSameAsExpress: each path of `table` answers every method with its handler,
 * and errors end as 500 with X-Error: <name> and the message as body (or no message when
 * `compareMessages` is false, for cases where webapp words an error differently on purpose).
 */
export function routes(
  table: Record<string, (req: any, res: any, next: any) => void>,
  options: { configure?: (app: any, lib: any) => void; compareMessages?: boolean } = {},
): (lib: any) => any {
  return (lib: any) => {
    const app = lib();
    app.set('env', 'test');
    options.configure?.(app, lib);
    const onError = (err: any, _req: any, res: any, _next: any) => {
      res.statusCode = 500;
      res.setHeader('X-Error', String(err?.name));
      res.end(options.compareMessages === false ? '' : String(err?.message));
    };
    // The error handler sits in each route, right after the handler it covers, and at the app level
    // for errors passed to req.next (which skips the rest of the route, as res.format does).
    for (const path of Object.keys(table)) app.all(path, table[path], onError);
    app.use(onError);
    return app;
  };
}
