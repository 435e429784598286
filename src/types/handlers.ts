// biome-ignore-all lint/suspicious/noExplicitAny: public declarations mirror @types/express, whose generic defaults and loose handler types are `any`; changing them would break assignability with code typed against Express.
/**
 * The public types of handlers: middleware, error handlers, param callbacks, `next` and `locals`.
 * Part of `webappjs/core` (./core.ts re-exports every name), mirroring `express-serve-static-core`.
 * @example
 * import type { RequestHandler, NextFunction } from 'webappjs/core';
 * @module
 */
import type { ParsedQs, Request } from './request';
import type { Response } from './response';
import type { ParamsDictionary } from './route-parameters';

/**
 * The `next` callback given to every handler.
 * @example
 * const auth: RequestHandler = (req, res, next) => (req.get('authorization') ? next() : next(new Error('denied')));
 */
export interface NextFunction {
  /**
   * Passes control to the next matching handler; with an error, to the next error handler.
   * @example
   * next(); next(err);
   */
  (err?: any): void;
  /**
   * Skips the rest of this router's stack and continues after the router.
   * @example
   * if (!req.user) return next('router');
   */
  (deferToNext: 'router'): void;
  /**
   * Skips the remaining handlers of this route.
   * @example
   * if (req.params.id === '0') return next('route');
   */
  (deferToNext: 'route'): void;
}

/**
 * Members of `res.locals` / `app.locals`; extends the global `Express.Locals` augmentation point.
 * @example
 * declare global { namespace Express { interface Locals { title: string } } }
 */
export interface Locals extends Express.Locals {}

/**
 * A middleware or route handler.
 * @example
 * const hello: RequestHandler<{ name: string }> = (req, res) => res.send(`hi ${req.params.name}`);
 * app.get('/hi/:name', hello);
 */
export interface RequestHandler<
  P = ParamsDictionary,
  ResBody = any,
  ReqBody = any,
  ReqQuery = ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> {
  /**
   * Handles a request: respond, or call `next()` / `next(err)`. Typed `void` as in `@types/express`
   * (an arrow function may still return `res.send(…)`, and an async one a promise); a returned
   * promise that rejects reaches `next(err)`.
   * @example
   * const handler: RequestHandler = async (req, res) => { res.json(await load(req.query)); };
   */
  // biome-ignore lint/style/useShorthandFunctionType: an interface, so that Handler and user types can extend it.
  (
    req: Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>,
    res: Response<ResBody, LocalsObj>,
    next: NextFunction,
  ): void;
}

/**
 * An error-handling middleware: four parameters, called after `next(err)`.
 * @example
 * const onError: ErrorRequestHandler = (err, req, res, next) => res.status(500).json({ error: String(err) });
 * app.use(onError);
 */
export type ErrorRequestHandler<
  P = ParamsDictionary,
  ResBody = any,
  ReqBody = any,
  ReqQuery = ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> = (
  err: any,
  req: Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>,
  res: Response<ResBody, LocalsObj>,
  next: NextFunction,
) => void;

/**
 * What `use` and the route methods accept for each handler argument: a handler, an error handler, or a list of them.
 * @example
 * const chain: RequestHandlerParams = [authenticate, authorize];
 * app.get('/admin', chain);
 */
export type RequestHandlerParams<
  P = ParamsDictionary,
  ResBody = any,
  ReqBody = any,
  ReqQuery = ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> =
  | RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>
  | ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>
  | Array<RequestHandler<P> | ErrorRequestHandler<P>>;

/**
 * The escape hatch: any function of (req, res, next) or (err, req, res, next), whatever its types.
 * Handlers written against other typings always fit here.
 * @example
 * const legacy: LooseHandler = (req: any, res: any, next: any) => next();
 */
export type LooseHandler =
  | ((req: any, res: any, next: any) => unknown)
  | ((err: any, req: any, res: any, next: any) => unknown);

/**
 * A handler: the name `@types/express` uses for a plain {@link RequestHandler}.
 * @example
 * const noop: Handler = (req, res, next) => next();
 */
export interface Handler extends RequestHandler {}

/**
 * A callback registered with `app.param(name, fn)` / `router.param(name, fn)`.
 * @example
 * const loadUser: RequestParamHandler = (req, res, next, id) => { req.params.id = String(id); next(); };
 * app.param('id', loadUser);
 */
export type RequestParamHandler = (
  req: Request,
  res: Response,
  next: NextFunction,
  value: any,
  name: string,
) => any;

/**
 * The callback of `res.sendFile` and `res.download`.
 * @example
 * res.sendFile(file, (err) => { if (err) next(err); });
 */
export type Errback = (err: Error) => void;
