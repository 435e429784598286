/**
 * Types of `webapp/csrf`: the middleware is the module itself, and importing it adds
 * `req.csrfToken()` to every request, as `@types/csurf` does.
 * @module
 */
import impl = require('../../middleware/csrf');

declare global {
  namespace Express {
    interface Request {
      /**
       * A token for this request's secret, to put in a form field or header. Set by `webapp/csrf`.
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
declare const csrf: typeof impl.csrf & typeof impl;

declare namespace csrf {
  /** Options of `csrf()`. @example const o: csrf.CsrfOptions = { cookie: true }; */
  type CsrfOptions = impl.CsrfOptions;
  /** The secret cookie's options. @example const o: csrf.CsrfCookieOptions = { httpOnly: true }; */
  type CsrfCookieOptions = impl.CsrfCookieOptions;
}

export = csrf;
