/**
 * `raw([options])`: puts the body, as a Buffer, in `req.body` (after decompression).
 * @module
 */

import { markFactory } from '../utils/middleware-factory';
import { type BodyParserMiddleware, type ParserOptions, readSettings } from './options';
import { type BodyRequest, readBody, wantsBody } from './read';
import { compileTypeMatcher } from './type-match';

export type RawOptions = ParserOptions;

function asIs(body: string | Buffer): unknown {
  return body;
}

/**
 * Creates the raw body parser middleware.
 * @example
 * app.post('/upload', webapp.raw({ type: 'image/*', limit: '5mb' }), handler);
 */
export function raw(options?: RawOptions | null): BodyParserMiddleware {
  const opts = options || {};
  const settings = readSettings(opts);
  const shouldParse = compileTypeMatcher(opts.type || 'application/octet-stream');

  return function rawParser(req: BodyRequest, res, next) {
    if (!wantsBody(req, shouldParse)) {
      next();
      return;
    }
    readBody(req, res, next, null, settings, asIs);
  };
}

// Refused when passed uncalled (`app.use(webapp.raw)`): src/utils/middleware-factory.ts.
markFactory(raw, 'raw');
