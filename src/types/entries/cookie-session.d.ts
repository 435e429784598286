/**
 * Types of `webappjs/cookie-session`: the middleware is the module itself (`import cookieSession from`,
 * `import cookieSession = require()`), and importing it adds `req.session` and `req.sessionOptions`
 * to every request, as `@types/cookie-session` does for the npm package.
 * @module
 */
import impl = require('../../middleware/cookie-session');

declare global {
  namespace Express {
    interface Request {
      /**
       * The session: read and assign members; `req.session = null` clears it. Set by `webappjs/cookie-session`.
       * @example
       * req.session!.views = (req.session!.views ?? 0) + 1;
       */
      session?: cookieSession.CookieSessionObject | null | undefined;
      /**
       * This request's cookie options; change them to change this response's cookie.
       * @example
       * req.sessionOptions.maxAge = 30 * 86_400_000;
       */
      sessionOptions: cookieSession.CookieSessionOptions;
    }
  }
}

/**
 * Cookie sessions: `req.session` kept in a signed cookie.
 * @example
 * app.use(cookieSession({ keys: [process.env.SESSION_KEY!] }));
 */
declare function cookieSession(options?: impl.CookieSessionOptions): ReturnType<typeof impl.cookieSession>;

/** The module as `require` gives it: the middleware with every member (inside the namespace, `cookieSession` names the member). */
type CookieSessionModule = typeof cookieSession;

declare namespace cookieSession {
  /** Options of `cookieSession()`. @example const o: cookieSession.CookieSessionOptions = { keys: ['k'] }; */
  export type CookieSessionOptions = impl.CookieSessionOptions;
  /** Cookie attributes of the session cookie. @example const o: cookieSession.SessionCookieOptions = { httpOnly: true }; */
  export type SessionCookieOptions = impl.SessionCookieOptions;
  /** A Keygrip-like key list. @example const keys: cookieSession.SessionKeyList = keygrip(['a', 'b']); */
  export type SessionKeyList = impl.SessionKeyList;
  /** The session class. @example req.session instanceof cookieSession.Session */
  export type Session = impl.Session;
  /**
   * What `req.session` holds: your data plus the `isNew`, `isChanged` and `isPopulated` flags.
   * @example
   * const s: cookieSession.CookieSessionObject | null | undefined = req.session;
   */
  export interface CookieSessionObject {
    /** True when the session did not come from a valid cookie of this request. @example req.session!.isNew */
    readonly isNew: boolean;
    /** True when the session differs from what the request's cookie held. @example req.session!.isChanged */
    readonly isChanged: boolean;
    /** True when the session holds at least one value. @example req.session!.isPopulated */
    readonly isPopulated: boolean;
    /** Your data. @example req.session!.userId = 42; */
    // biome-ignore lint/suspicious/noExplicitAny: the session holds the app's own data, any shape (as @types/cookie-session types it)
    [key: string]: any;
  }
  // The module's values, as members: `import { cookieSession } from …`, `import * as m from …`.
  /** See `cookieSession.cookieSession` in the module's documentation. @example cookieSession.cookieSession */
  export const cookieSession: typeof impl.cookieSession;
  /** See `cookieSession.Session` in the module's documentation. @example cookieSession.Session */
  export const Session: typeof impl.Session;
  /** The middleware, for `import cookieSession from …` without esModuleInterop. @example cookieSession.default */
  const _default: CookieSessionModule;

  export { _default as default };
}

export = cookieSession;
