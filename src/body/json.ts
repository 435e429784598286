/**
 * `json([options])`: parses JSON bodies into `req.body`. Only objects and arrays unless
 * `strict: false`; an empty body gives `{}`; any UTF charset is decoded.
 * @module
 */
import { webappError } from '../errors/catalogue';
import { markFactory } from '../utils/middleware-factory';
import { unsupportedCharset } from './errors';
import { type BodyParserMiddleware, type ParserOptions, readSettings } from './options';
import { type BodyRequest, readBody, refuseUnread, wantsBody } from './read';
import { compileTypeMatcher, contentTypeOf } from './type-match';

export interface JsonOptions extends ParserOptions {
  /** Passed to JSON.parse as its reviver. */
  reviver?: (this: unknown, key: string, value: unknown) => unknown;
  /** Accept only bodies whose first non-blank character is `{` or `[` (default true). */
  strict?: boolean;
}

/** Index of the first character that is not JSON whitespace (space, tab, LF, CR). */
function firstNonBlank(text: string): number {
  let i = 0;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) break;
  }
  return i;
}

/** Leaves only `message` and `stack` on a JSON.parse error, as Express 4's parser reports it. */
function bare(err: unknown): unknown {
  if (err instanceof Error) {
    for (const key of Object.getOwnPropertyNames(err)) {
      if (key !== 'stack' && key !== 'message') Reflect.deleteProperty(err, key);
    }
  }
  return err;
}

/**
 * The SyntaxError for a strict-mode refusal, worded exactly as JSON.parse words an unexpected first
 * character: the engine phrases it for a stand-in text whose rest is `#`, then the `#` runs are swapped back
 * for the real characters.
 */
function strictViolation(text: string, start: number): unknown {
  const stand = start < text.length ? text.slice(0, start) + '#'.repeat(text.length - start) : '';
  try {
    JSON.parse(stand);
  } catch (err) {
    if (!(err instanceof Error)) return err;
    const message = err.message.replace(/#+/g, (run) => text.substring(start, start + run.length));
    if (typeof err.stack === 'string') err.stack = err.stack.replace(err.message, message);
    err.message = message;
    return bare(err);
  }
  return webappError('WEBAPP_JSON_STRICT_VIOLATION');
}

/**
 * Creates the JSON body parser middleware.
 * @example
 * app.use(webapp.json({ limit: '1mb' }));
 */
export function json(options?: JsonOptions | null): BodyParserMiddleware {
  const opts = options || {};
  const settings = readSettings(opts);
  const reviver = opts.reviver;
  const strict = opts.strict !== false;
  const shouldParse = compileTypeMatcher(opts.type || 'application/json');

  const parse = (body: string | Buffer): unknown => {
    const text = body as string;
    // An empty body is a common client mistake rather than an attack: treat it as no data.
    if (text.length === 0) return {};
    if (strict) {
      const start = firstNonBlank(text);
      const first = text.charCodeAt(start);
      if (first !== 0x7b && first !== 0x5b) throw strictViolation(text, start);
    }
    try {
      return JSON.parse(text, reviver as Parameters<typeof JSON.parse>[1]);
    } catch (err) {
      throw bare(err);
    }
  };

  return function jsonParser(req: BodyRequest, res, next) {
    if (!wantsBody(req, shouldParse)) {
      next();
      return;
    }
    // JSON is Unicode (RFC 7159 8.1): only UTF charsets.
    const charset = contentTypeOf(req).charset || 'utf-8';
    if (!charset.startsWith('utf-')) {
      refuseUnread(req, res, next, unsupportedCharset(charset));
      return;
    }
    readBody(req, res, next, charset, settings, parse);
  };
}

// Refused when passed uncalled (`app.use(webapp.json)`): src/utils/middleware-factory.ts.
markFactory(json, 'json');
