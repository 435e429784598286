/**
 * Types of `webappjs/cookie-parser`: the middleware is the module itself, and importing it types
 * `req.cookies`, `req.signedCookies` and `req.secret` as `@types/cookie-parser` does.
 * @module
 */
import impl = require('../../middleware/cookie-parser');

declare global {
  namespace Express {
    interface Request {
      /** The first secret given to `cookieParser(secret)`. @example res.cookie('a', 'b', { signed: !!req.secret }); */
      secret?: string | undefined;
      /** Parsed cookies (`j:` JSON cookies decoded). @example req.cookies.theme */
      // biome-ignore lint/suspicious/noExplicitAny: as @types/cookie-parser types it: cookie values are strings or parsed JSON of any shape
      cookies: Record<string, any>;
      /** Signed cookies whose signature checked out; tampered ones are false. @example req.signedCookies.sid */
      // biome-ignore lint/suspicious/noExplicitAny: as @types/cookie-parser types it
      signedCookies: Record<string, any>;
    }
  }
}

/**
 * Cookie parser: fills `req.cookies` and, given secrets, `req.signedCookies`.
 * @example
 * app.use(cookieParser('keyboard cat'));
 */
declare function cookieParser(
  secret?: string | string[],
  options?: impl.CookieParserOptions,
): ReturnType<typeof impl.cookieParser>;

/** The module as `require` gives it: the middleware with every member (inside the namespace, `cookieParser` names the member). */
type CookieParserModule = typeof cookieParser;

declare namespace cookieParser {
  /** Options of `cookieParser()`. @example const o: cookieParser.CookieParserOptions = { decode: decodeURIComponent }; */
  export type CookieParserOptions = impl.CookieParserOptions;
  /** A cookie name → value record. @example const c: cookieParser.CookieRecord = { a: 'b' }; */
  export type CookieRecord = impl.CookieRecord;
  // The module's values, as members: `import { cookieParser } from …`, `import * as m from …`.
  /** See `cookieParser.cookieParser` in the module's documentation. @example cookieParser.cookieParser */
  export const cookieParser: typeof impl.cookieParser;
  /** See `cookieParser.JSONCookie` in the module's documentation. @example cookieParser.JSONCookie */
  export const JSONCookie: typeof impl.JSONCookie;
  /** See `cookieParser.JSONCookies` in the module's documentation. @example cookieParser.JSONCookies */
  export const JSONCookies: typeof impl.JSONCookies;
  /** See `cookieParser.signedCookie` in the module's documentation. @example cookieParser.signedCookie */
  export const signedCookie: typeof impl.signedCookie;
  /** See `cookieParser.signedCookies` in the module's documentation. @example cookieParser.signedCookies */
  export const signedCookies: typeof impl.signedCookies;
  /** The middleware, for `import cookieParser from …` without esModuleInterop. @example cookieParser.default */
  const _default: CookieParserModule;

  export { _default as default };
}

export = cookieParser;
