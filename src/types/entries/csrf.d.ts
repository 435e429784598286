/**
 * Types of `webappjs/csrf`: the middleware is the module itself, and importing it adds
 * `req.csrfToken()` to every request, as `@types/csurf` does.
 * @module
 */
import impl = require('../../middleware/csrf');

declare global {
  namespace Express {
    interface Request {
      /**
       * A token for this request's secret, to put in a form field or header. Set by `webappjs/csrf`.
       * @example
       * res.render('form', { csrfToken: req.csrfToken() });
       */
      csrfToken(): string;
    }
  }
}

/**
 * CSRF protection: `req.csrfToken()`, checked on unsafe methods.
 * @example
 * app.use(csrf({ cookie: true }));
 */
declare function csrf(options?: impl.CsrfOptions): ReturnType<typeof impl.csrf>;

/** The module as `require` gives it: the middleware with every member (inside the namespace, `csrf` names the member). */
type CsrfModule = typeof csrf;

declare namespace csrf {
  /** Options of `csrf()`. @example const o: csrf.CsrfOptions = { cookie: true }; */
  export type CsrfOptions = impl.CsrfOptions;
  /** The secret cookie's options. @example const o: csrf.CsrfCookieOptions = { httpOnly: true }; */
  export type CsrfCookieOptions = impl.CsrfCookieOptions;
  // The module's values, as members: `import { csrf } from …`, `import * as m from …`.
  /** See `csrf.csrf` in the module's documentation. @example csrf.csrf */
  export const csrf: typeof impl.csrf;
  /** See `csrf.createToken` in the module's documentation. @example csrf.createToken */
  export const createToken: typeof impl.createToken;
  /** See `csrf.verifyToken` in the module's documentation. @example csrf.verifyToken */
  export const verifyToken: typeof impl.verifyToken;
  /** The middleware, for `import csrf from …` without esModuleInterop. @example csrf.default */
  const _default: CsrfModule;

  export { _default as default };
}

export = csrf;
