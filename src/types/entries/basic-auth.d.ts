/**
 * Types of `webapp/basic-auth`: the middleware is the module itself, and importing it adds
 * `req.remoteUser` (the authenticated name) and `req.user` (typed `Express.User`, as passport has it).
 * @module
 */
import impl = require('../../middleware/basic-auth');

declare global {
  namespace Express {
    /** The authenticated user; augment it to type `req.user`. @example declare global { namespace Express { interface User { id: string } } } */
    interface User {}
    interface Request {
      /** The user name that passed `basicAuth`, or what its callback gave. @example res.send(`hi ${req.remoteUser}`); */
      remoteUser?: string | undefined;
      /** The same value as `req.remoteUser`. @example if (!req.user) return next(); */
      user?: User | undefined;
    }
  }
}

/**
 * HTTP Basic authentication.
 * @example
 * app.use('/admin', basicAuth('admin', process.env.ADMIN_PASSWORD!));
 */
declare const basicAuth: typeof impl.basicAuth & typeof impl;

declare namespace basicAuth {
  /** A synchronous credentials check. @example const check: basicAuth.BasicAuthCheck = (u, p) => u === 'a' && p === 'b'; */
  type BasicAuthCheck = impl.BasicAuthCheck;
  /** An asynchronous credentials check. @example const check: basicAuth.BasicAuthAsyncCheck = (u, p, done) => done(null, u); */
  type BasicAuthAsyncCheck = impl.BasicAuthAsyncCheck;
  /** The middleware `basicAuth()` returns. @example const mw: basicAuth.BasicAuthMiddleware = basicAuth('a', 'b'); */
  type BasicAuthMiddleware = impl.BasicAuthMiddleware;
}

export = basicAuth;
