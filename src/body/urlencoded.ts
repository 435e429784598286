/**
 * `urlencoded([options])`: parses `application/x-www-form-urlencoded` bodies (UTF-8 only). With
 * `extended` (the default) keys like `a[b][]=1` build nested objects and arrays through qs, with
 * bounded depth and array size; otherwise node:querystring gives a flat object of strings and arrays.
 * The number of parameters is counted before any parsing work.
 * @module
 */
import { httpError, webappError } from '../errors/catalogue';
import { parseFlatQs } from '../http/flat-qs';
import { parseFlatQuery } from '../http/flat-query';
import { parseQs } from '../http/query';
import { deprecate } from '../utils/deprecate';
import { markFactory } from '../utils/middleware-factory';
import { unsupportedCharset } from './errors';
import { type BodyParserMiddleware, type ParserOptions, readSettings } from './options';
import { type BodyRequest, readBody, refuseUnread, wantsBody } from './read';
import { compileTypeMatcher, contentTypeOf } from './type-match';

export interface UrlencodedOptions extends ParserOptions {
  /** Rich objects and arrays through qs (default true) or flat node:querystring parsing (false). */
  extended?: boolean;
  /** Maximum number of parameters (default 1000); more is refused with 413. */
  parameterLimit?: number;
  /** Maximum nesting depth of extended keys (default 32); deeper is refused with 400. */
  depth?: number;
}

/**
 * Number of `&`-separated parameters, or undefined as soon as it passes `limit`. A body of n characters
 * has at most n + 1 parameters, so the parsers count only bodies long enough for the answer to matter
 * (every `indexOf` costs a native call: ~1k instructions for a seven-field form).
 */
function countParameters(body: string, limit: number): number | undefined {
  let count = 0;
  let index = -1;
  do {
    count++;
    if (count > limit) return undefined;
    index = body.indexOf('&', index + 1);
  } while (index !== -1);
  return count;
}

function tooManyParameters(): Error {
  return httpError('parameters.too.many');
}

/** The `parameterLimit` option as an integer (or Infinity); throws when not a positive number. */
function parameterLimitOf(options: UrlencodedOptions): number {
  const value = options.parameterLimit !== undefined ? options.parameterLimit : 1000;
  const limit = Number(value);
  if (Number.isNaN(limit) || limit < 1) throw webappError('WEBAPP_URLENCODED_PARAMETER_LIMIT_INVALID');
  return Number.isFinite(limit) ? limit | 0 : limit;
}

function extendedParser(options: UrlencodedOptions): (body: string) => unknown {
  const parameterLimit = parameterLimitOf(options);
  const depth = options.depth !== undefined ? options.depth : 32;
  if (Number.isNaN(Number(depth)) || depth < 0) {
    throw webappError('WEBAPP_URLENCODED_DEPTH_INVALID');
  }
  return (body) => {
    // Under 100 characters (and the limit) the count can neither pass the limit nor raise arrayLimit.
    const count =
      body.length < 100 && body.length < parameterLimit ? 0 : countParameters(body, parameterLimit);
    if (count === undefined) throw tooManyParameters();
    // A form without brackets (most of them) gets qs's answer without qs: its array limit is at least
    // the number of parameters, so a repeated key always makes an array (see ../http/flat-qs).
    const flat = parseFlatQs(body, parameterLimit);
    if (flat !== undefined) return flat;
    try {
      // qs never assigns __proto__; allowPrototypes only lets keys such as `hasOwnProperty` through
      // as plain own properties of the result, as Express 4 does.
      return parseQs(body, {
        allowPrototypes: true,
        arrayLimit: Math.max(100, count),
        depth,
        strictDepth: true,
        parameterLimit,
      });
    } catch (err) {
      if (err instanceof RangeError) {
        throw httpError('querystring.parse.rangeError');
      }
      throw err;
    }
  };
}

function simpleParser(options: UrlencodedOptions): (body: string) => unknown {
  const parameterLimit = parameterLimitOf(options);
  return (body) => {
    // Under `parameterLimit` characters the count cannot pass it.
    if (body.length >= parameterLimit && countParameters(body, parameterLimit) === undefined) {
      throw tooManyParameters();
    }
    // node:querystring's answer, a null-prototype object: no key can reach Object.prototype.
    return parseFlatQuery(body, parameterLimit);
  };
}

/**
 * Creates the urlencoded body parser middleware.
 * @example
 * app.use(webapp.urlencoded({ extended: false }));
 */
export function urlencoded(options?: UrlencodedOptions | null): BodyParserMiddleware {
  const opts = options || {};
  if (opts.extended === undefined) {
    deprecate('WEBAPP_URLENCODED_EXTENDED', 'undefined extended: provide extended option');
  }
  const extended = opts.extended !== false;
  const settings = readSettings(opts);
  const parseQuery = extended ? extendedParser(opts) : simpleParser(opts);
  const shouldParse = compileTypeMatcher(opts.type || 'application/x-www-form-urlencoded');

  const parse = (body: string | Buffer): unknown => {
    const text = body as string;
    return text.length === 0 ? {} : parseQuery(text);
  };

  return function urlencodedParser(req: BodyRequest, res, next) {
    if (!wantsBody(req, shouldParse)) {
      next();
      return;
    }
    const charset = contentTypeOf(req).charset || 'utf-8';
    if (charset !== 'utf-8') {
      refuseUnread(req, res, next, unsupportedCharset(charset));
      return;
    }
    readBody(req, res, next, charset, settings, parse);
  };
}

// Refused when passed uncalled (`app.use(webapp.urlencoded)`): src/utils/middleware-factory.ts.
markFactory(urlencoded, 'urlencoded');
