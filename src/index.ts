/**
 * webapp: the Express 4 interface, typed and fast. `webapp()` creates an application; the factory
 * also carries the built-in middleware, the Router and the prototypes.
 * @module
 */
import { EventEmitter } from 'node:events';
import { application } from './application/index';
import { installLazyLocals } from './application/locals';
import { json, raw, text, urlencoded } from './body/index';
import { request } from './request/index';
import { response } from './response/index';
import { createRouter } from './router/index';
import { Route } from './router/route';
import { serveStatic } from './static/serve-static';
import type { AppInternal } from './types/internal';

installLazyLocals(response);

/** Copies own members of `source` onto `target`, keeping getters as getters. */
function mixin(target: object, source: object): void {
  for (const key of Reflect.ownKeys(source)) {
    if (key === 'constructor' || Object.hasOwn(target, key)) continue;
    Object.defineProperty(target, key, Object.getOwnPropertyDescriptor(source, key)!);
  }
}

/**
 * Creates an application: a request listener for node:http/https servers that is also middleware.
 * @example
 * const app = webapp();
 * app.get('/', (req, res) => res.send('hello'));
 * app.listen(3000);
 */
function createApplication(): AppInternal {
  const app = function (req: any, res: any, next?: any) {
    app.handle(req, res, next);
  } as AppInternal;
  mixin(app, EventEmitter.prototype);
  mixin(app, application);
  app.request = Object.create(request, {
    app: { configurable: true, enumerable: true, writable: true, value: app },
  });
  app.response = Object.create(response, {
    app: { configurable: true, enumerable: true, writable: true, value: app },
  });
  app.init();
  return app;
}

/** First-party 3.x-line middleware: loaded on first access, so apps that do not use one never load it. */
interface LazyMiddleware {
  readonly cookieParser: typeof import('./middleware/cookie-parser').cookieParser;
  readonly basicAuth: typeof import('./middleware/basic-auth').basicAuth;
}

const webapp = Object.assign(createApplication, {
  application,
  request,
  response,
  Router: createRouter,
  Route,
  json,
  raw,
  text,
  urlencoded,
  static: serveStatic,
}) as typeof createApplication & {
  application: typeof application;
  request: typeof request;
  response: typeof response;
  Router: typeof createRouter;
  Route: typeof Route;
  json: typeof json;
  raw: typeof raw;
  text: typeof text;
  urlencoded: typeof urlencoded;
  static: typeof serveStatic;
} & LazyMiddleware;

function lazyMember(name: keyof LazyMiddleware, load: () => unknown): void {
  // Non-enumerable: the ESM entry re-exports enumerable members only, and must not load these.
  Object.defineProperty(webapp, name, { configurable: true, enumerable: false, get: load });
}

lazyMember('cookieParser', () => require('./middleware/cookie-parser').cookieParser);
lazyMember('basicAuth', () => require('./middleware/basic-auth').basicAuth);

(webapp as any).default = webapp;

export = webapp;
