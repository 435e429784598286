/**
 * Types of `webapp/cookie-parser`: the middleware is the module itself, and importing it types
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
      cookies: Record<string, any>;
      /** Signed cookies whose signature checked out; tampered ones are false. @example req.signedCookies.sid */
      signedCookies: Record<string, any>;
    }
  }
}

/**
 * Cookie parser: fills `req.cookies` and, given secrets, `req.signedCookies`.
 * @example
 * app.use(cookieParser('keyboard cat'));
 */
declare const cookieParser: typeof impl.cookieParser & typeof impl;

declare namespace cookieParser {
  /** Options of `cookieParser()`. @example const o: cookieParser.CookieParserOptions = { decode: decodeURIComponent }; */
  type CookieParserOptions = impl.CookieParserOptions;
  /** A cookie name → value record. @example const c: cookieParser.CookieRecord = { a: 'b' }; */
  type CookieRecord = impl.CookieRecord;
}

export = cookieParser;
