/**
 * Types of `webappjs/basic-auth`: the middleware is the module itself, and importing it adds
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
declare function basicAuth(user: string, pass: string, realm?: string): impl.BasicAuthMiddleware;
declare function basicAuth(
  // biome-ignore lint/suspicious/noConfusingVoidType: a check that returns nothing and answers through the callback.
  check: (user: string, pass: string, callback: (err: unknown, user?: unknown) => void) => boolean | void,
  realm?: string,
): impl.BasicAuthMiddleware;

/** The module as `require` gives it: the middleware with every member (inside the namespace, `basicAuth` names the member). */
type BasicAuthModule = typeof basicAuth;

declare namespace basicAuth {
  /** A synchronous credentials check. @example const check: basicAuth.BasicAuthCheck = (u, p) => u === 'a' && p === 'b'; */
  export type BasicAuthCheck = impl.BasicAuthCheck;
  /** An asynchronous credentials check. @example const check: basicAuth.BasicAuthAsyncCheck = (u, p, done) => done(null, u); */
  export type BasicAuthAsyncCheck = impl.BasicAuthAsyncCheck;
  /** The middleware `basicAuth()` returns. @example const mw: basicAuth.BasicAuthMiddleware = basicAuth('a', 'b'); */
  export type BasicAuthMiddleware = impl.BasicAuthMiddleware;
  // The module's values, as members: `import { basicAuth } from …`, `import * as m from …`.
  /** See `basicAuth.basicAuth` in the module's documentation. @example basicAuth.basicAuth */
  export const basicAuth: typeof impl.basicAuth;
  /** See `basicAuth.safeCompare` in the module's documentation. @example basicAuth.safeCompare */
  export const safeCompare: typeof impl.safeCompare;
  /** See `basicAuth.parseBasicAuthorization` in the module's documentation. @example basicAuth.parseBasicAuthorization */
  export const parseBasicAuthorization: typeof impl.parseBasicAuthorization;
  /** The middleware, for `import basicAuth from …` without esModuleInterop. @example basicAuth.default */
  const _default: BasicAuthModule;

  export { _default as default };
}

export = basicAuth;
