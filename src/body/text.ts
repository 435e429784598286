/**
 * `text([options])`: decodes the body into a string in `req.body`, in the charset of the request's
 * Content-Type or `defaultCharset`.
 * @module
 */

import { markFactory } from '../utils/middleware-factory';
import { type BodyParserMiddleware, type ParserOptions, readSettings } from './options';
import { type BodyRequest, readBody, wantsBody } from './read';
import { compileTypeMatcher, contentTypeOf } from './type-match';

export interface TextOptions extends ParserOptions {
  /** Charset used when the Content-Type names none (default 'utf-8'). */
  defaultCharset?: string;
}

function asIs(body: string | Buffer): unknown {
  return body;
}

/**
 * Creates the text body parser middleware.
 * @example
 * app.use(webapp.text({ type: 'text/*', defaultCharset: 'iso-8859-1' }));
 */
export function text(options?: TextOptions | null): BodyParserMiddleware {
  const opts = options || {};
  const defaultCharset = opts.defaultCharset || 'utf-8';
  const settings = readSettings(opts);
  const shouldParse = compileTypeMatcher(opts.type || 'text/plain');

  return function textParser(req: BodyRequest, res, next) {
    if (!wantsBody(req, shouldParse)) {
      next();
      return;
    }
    readBody(req, res, next, contentTypeOf(req).charset || defaultCharset, settings, asIs);
  };
}

// Refused when passed uncalled (`app.use(webapp.text)`): src/utils/middleware-factory.ts.
markFactory(text, 'text');
