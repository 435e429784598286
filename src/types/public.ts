/**
 * The public types of webapp, mirroring `express-serve-static-core` (the module behind
 * `@types/express`): the same names, the same generic parameters in the same order with the same
 * defaults. `import type { Request } from 'webappjs/core'` is the same type as `webapp.Request`.
 *
 * Request, Response, Application and Locals extend the global `Express.*` interfaces, so the
 * augmentations of passport (`req.user`), multer (`req.file`), express-session (`req.session`) and
 * your own `declare global { namespace Express { interface Request { … } } }` apply unchanged.
 *
 * Compatibility with `@types/express` is structural: our Request and Response are assignable to
 * theirs, so middleware typed `express.RequestHandler` is accepted by `use` and the route methods
 * under `strict`. Where the Express types describe members that Express 4 no longer has (Express 3
 * leftovers), they are declared here too, marked deprecated, with the type the runtime gives.
 *
 * This module gathers them by concern: ./handlers (handlers, `next`, locals), ./request, ./response,
 * ./router (routers, routes, layers) and ./application; the `Express` global namespace is declared here.
 * @module
 */

export type * from './application';
export type * from './handlers';
export type * from './lifecycle';
export type {
  BasicAuthCheck,
  CookieParserOptions,
  JsonOptions,
  NodeHandler,
  ParserOptions,
  RawOptions,
  SendOptions,
  ServeStaticOptions,
  TextOptions,
  UrlencodedOptions,
  VerifyCallback,
} from './middleware-options';
export type * from './request';
export type * from './response';
export type { ParamsDictionary, RouteParameters } from './route-parameters';
export type * from './router';

declare global {
  /** Augmentation points shared with `@types/express`: add members here and every webapp request, response, app and `locals` has them. */
  namespace Express {
    /**
     * Members added to every request, by you or by middleware typings (passport, multer, express-session).
     * @example
     * declare global { namespace Express { interface Request { tenant?: string } } }
     */
    interface Request {}
    /**
     * Members added to every response.
     * @example
     * declare global { namespace Express { interface Response { flush(): void } } }
     */
    interface Response {}
    /**
     * Members of `res.locals` and `app.locals` known to every handler.
     * @example
     * declare global { namespace Express { interface Locals { user?: { id: string } } } }
     */
    interface Locals {}
    /**
     * Members added to every application.
     * @example
     * declare global { namespace Express { interface Application { db: Database } } }
     */
    interface Application {}
  }
}
