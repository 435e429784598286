/**
 * webapp: the Express 4 interface, typed and fast. `webapp()` creates an application; the factory
 * also carries the built-in middleware, the Router and the prototypes.
 * @module
 */
import { EventEmitter } from 'node:events';
import { application } from './application/index';
import { installLazyLocals } from './application/locals';
import { request } from './request/index';
import { response } from './response/index';
import { createRouter } from './router/index';
import { Route } from './router/route';
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

const webapp = Object.assign(createApplication, {
  application,
  request,
  response,
  Router: createRouter,
  Route,
});

(webapp as any).default = webapp;

export = webapp;
