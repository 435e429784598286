// biome-ignore-all lint/suspicious/noExplicitAny: public declarations mirror @types/express, whose generic defaults and loose handler types are `any`; changing them would break assignability with code typed against Express.
/**
 * The public type of the application (`Application`, `Express`) and of view engines.
 * Part of `webappjs/core` (./core.ts re-exports every name), mirroring `express-serve-static-core`.
 * @example
 * import type { Express } from 'webappjs/core';
 * @module
 */

import type { EventEmitter } from 'node:events';
import type * as http from 'node:http';
import type { AppFetch } from './fetch';
import type {
  Locals,
  LooseHandler,
  NextFunction,
  RequestHandlerParams,
  RequestParamHandler,
} from './handlers';
import type { ListeningServer } from './lifecycle';
import type { Request } from './request';
import type { Response } from './response';
import type { IRouter, IRouterHandler, IRouterMatcher } from './router';

/**
 * The callback of `app.render` and `res.render`.
 * @example
 * const done: RenderCallback = (err, html) => (err ? console.error(err) : console.log(html));
 */
export type RenderCallback = (err: Error, html: string) => void;

/**
 * A template engine callback for `app.engine(ext, fn)`.
 * @example
 * app.engine('ntl', (path, options, callback) => callback(null, render(path, options)));
 */
export type EngineCallback = (
  path: string,
  options: object,
  callback: (e: any, rendered?: string) => void,
) => void;

/**
 * Route methods of an application: a route method whose one-argument form reads a setting.
 * @example
 * app.get('title'); app.get('/', (req, res) => res.send('home'));
 */
export type ApplicationRequestHandler<T> = IRouterHandler<T> &
  IRouterMatcher<T> &
  ((...handlers: Array<RequestHandlerParams | LooseHandler | LooseHandler[]>) => T);

/**
 * An application (`webapp()`): a request listener with settings, routing, mounting and views.
 * @example
 * const app: Application = webapp();
 * app.set('trust proxy', 'loopback');
 */
export interface Application<LocalsObj extends Record<string, any> = Record<string, any>>
  extends EventEmitter,
    IRouter,
    Express.Application {
  /**
   * Handles a request: an app is a listener for `http.createServer` and a middleware of another app.
   * @example
   * http.createServer(app).listen(3000);
   */
  (req: Request | http.IncomingMessage, res: Response | http.ServerResponse, next?: NextFunction): any;

  /**
   * Sets up the default settings (called by `webapp()`).
   * @example
   * app.init();
   */
  init(): void;
  /**
   * Applies the default configuration (env, `x-powered-by`, etag, query parser, trust proxy, views).
   * @example
   * app.defaultConfiguration();
   */
  defaultConfiguration(): void;
  /**
   * Creates the base router if it does not exist yet.
   * @deprecated Internal to Express 4.
   * @example
   * app.lazyrouter();
   */
  lazyrouter(): void;
  /**
   * Dispatches a request into the app; without `callback` the app answers 404s and errors itself.
   * @example
   * app.handle(req, res, next);
   */
  handle(req: http.IncomingMessage, res: http.ServerResponse, callback?: (err?: any) => void): void;
  /**
   * Answers a web-standard `Request` with the app (real node req/res over an in-memory connection).
   * Bound to the app: pass it as it is to `Bun.serve({ fetch: app.fetch })` or `Deno.serve(app.fetch)`.
   * @example
   * const response = await app.fetch(new Request('http://localhost/'), { remoteAddress: '127.0.0.1' });
   */
  fetch: AppFetch;

  /**
   * Registers a template engine for a file extension.
   * @example
   * app.engine('html', require('ejs').renderFile);
   */
  engine(ext: string, fn: EngineCallback): this;

  /**
   * Reads a setting.
   * @example
   * app.set('env') // 'production'
   */
  set(setting: string): any;
  /**
   * Assigns a setting.
   * @example
   * app.set('view engine', 'pug');
   */
  set(setting: string, val: any): this;
  /**
   * With one argument, reads a setting; otherwise registers GET handlers.
   * @example
   * app.get('trust proxy'); app.get('/', (req, res) => res.send('home'));
   */
  get: ((name: string) => any) & IRouterMatcher<this, 'get'>;

  /**
   * Registers callbacks for one or more route parameters.
   * @example
   * app.param(['id', 'page'], (req, res, next, value) => next());
   */
  param(name: string | string[], handler: RequestParamHandler): this;
  /**
   * Customises `param()`.
   * @deprecated Refactor to use path params.
   * @example
   * app.param((name, re: RegExp) => (req, res, next, val) => (re.test(val) ? next() : next('route')));
   */
  param(callback: (name: string, matcher: RegExp) => RequestParamHandler): this;

  /**
   * DELETE handlers under Express 3's name.
   * @deprecated Use `app.delete`.
   * @example
   * app.del('/users/:id', remove);
   */
  del: IRouterMatcher<this, 'delete'>;

  /**
   * The app's absolute mount path (`''` for the root app).
   * @example
   * admin.path() // '/admin'
   */
  path(): string;
  /**
   * Whether a setting is truthy.
   * @example
   * app.enabled('trust proxy')
   */
  enabled(setting: string): boolean;
  /**
   * Whether a setting is falsy.
   * @example
   * app.disabled('etag')
   */
  disabled(setting: string): boolean;
  /**
   * Sets a setting to true.
   * @example
   * app.enable('case sensitive routing');
   */
  enable(setting: string): this;
  /**
   * Sets a setting to false.
   * @example
   * app.disable('x-powered-by');
   */
  disable(setting: string): this;

  /**
   * Renders a view to a string with `app.locals` and `options` (which may be left out) and passes it
   * to the callback. One signature rather than two overloads, so that a replacement function of
   * (name, options, callback) can be assigned to `app.render`.
   * @example
   * app.render('email', { name: 'Tobi' }, (err, html) => send(html));
   * app.render('email', (err, html) => send(html));
   */
  render(name: string, options?: object | RenderCallback, callback?: RenderCallback): void;

  /**
   * Starts an HTTP server on a port and host with a backlog.
   * @example
   * app.listen(3000, '127.0.0.1', 511, () => console.log('ready'));
   */
  listen(port: number, hostname: string, backlog: number, callback?: () => void): ListeningServer;
  /**
   * Starts an HTTP server on a port and host.
   * @example
   * app.listen(3000, '127.0.0.1');
   */
  listen(port: number, hostname: string, callback?: () => void): ListeningServer;
  /**
   * Starts an HTTP server on a port.
   * @example
   * const server = app.listen(3000, () => console.log('listening'));
   */
  listen(port: number, callback?: () => void): ListeningServer;
  /**
   * Starts an HTTP server on a random port.
   * @example
   * const server = app.listen(() => console.log(server.address()));
   */
  listen(callback?: () => void): ListeningServer;
  /**
   * Starts an HTTP server on a Unix socket or named pipe.
   * @example
   * app.listen('/tmp/app.sock');
   */
  listen(path: string, callback?: () => void): ListeningServer;
  /**
   * Starts an HTTP server on a handle or with `server.listen` options.
   * @example
   * app.listen({ port: 3000, host: '::' });
   */
  listen(handle: any, listeningListener?: () => void): ListeningServer;

  /**
   * Express 3's router accessor: reading it throws, as in Express 4.
   * @deprecated Routes are registered on the app directly.
   * @example
   * app.use(router); // instead of app.use(app.router)
   */
  readonly router: never;
  /**
   * The settings (`app.set` values).
   * @example
   * app.settings.env
   */
  settings: any;
  /**
   * Express 3 leftover: undefined in Express 4 and webapp.
   * @deprecated Not part of Express 4.
   * @example
   * app.resource // undefined
   */
  resource: undefined;
  /**
   * Express 3 leftover: undefined in Express 4 and webapp.
   * @deprecated Not part of Express 4.
   * @example
   * app.map // undefined
   */
  map: undefined;
  /**
   * Express 3 leftover: undefined in Express 4 and webapp.
   * @deprecated Not part of Express 4.
   * @example
   * app.routes // undefined
   */
  routes: undefined;
  /**
   * Values available to every view; `app.locals.settings` is `app.settings`.
   * @example
   * app.locals.title = 'My App';
   */
  locals: LocalsObj & Locals;
  /**
   * Registered template engines by extension (with the leading dot).
   * @example
   * app.engines['.html']
   */
  engines: Record<string, EngineCallback>;
  /**
   * The view cache (used when `view cache` is enabled).
   * @example
   * app.cache = {};
   */
  cache: Record<string, any>;
  /**
   * The base router, created on first use; its `stack` lists the app's layers.
   * @example
   * app._router.stack.length
   */
  _router: any;
  /**
   * Mounts middleware, routers or apps, for every path or under a path prefix.
   * @example
   * app.use(webapp.json());
   * app.use('/api', apiRouter);
   */
  use: ApplicationRequestHandler<this>;
  /**
   * Listens for `mount`, emitted with the parent when the app is mounted.
   * @example
   * admin.on('mount', (parent) => console.log('mounted on', parent.mountpath));
   */
  on(event: 'mount', callback: (parent: Application) => void): this;
  /**
   * Listens for an event (an app is an EventEmitter).
   * @example
   * app.on('custom', () => {});
   */
  on(event: string | symbol, listener: (...args: any[]) => void): this;
  /**
   * The path(s) the app was mounted on.
   * @example
   * admin.mountpath // '/admin'
   */
  mountpath: string | string[];
  /**
   * The app this one is mounted on.
   * @example
   * admin.parent?.get('env')
   */
  parent?: Application | undefined;
}

/**
 * The application `webapp()` returns, with its request and response prototypes.
 * @example
 * const app: Express = webapp();
 * app.request.isJson = function () { return this.is('json') === 'json'; };
 */
export interface Express extends Application {
  /**
   * This app's request prototype (extend it to add methods to every request of the app).
   * @example
   * app.request.tenant = function () { return this.hostname.split('.')[0]; };
   */
  request: Request;
  /**
   * This app's response prototype.
   * @example
   * app.response.ok = function () { return this.sendStatus(200); };
   */
  response: Response;
}
