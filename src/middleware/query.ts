/**
 * `webapp.query([options])`: Express 4's standalone query-string middleware. Requests already
 * parse their query lazily (`req.query`), so this only matters for code that wants a specific
 * parser: it sets `req.query` with qs (or the given function) unless something already assigned it.
 * @module
 */
import { queryStringOf } from '../http/parse-url';
import { parseQs } from '../http/query';
import type { Next, Req, Res } from '../types/internal';
import { markFactory } from '../utils/middleware-factory';

/** Options passed to qs (see the qs documentation), e.g. `depth`, `arrayLimit`, `parameterLimit`. */
export interface QueryOptions {
  depth?: number;
  arrayLimit?: number;
  parameterLimit?: number;
  allowDots?: boolean;
  [option: string]: unknown;
}

/** A query-string parser: qs.parse, or one of the app's own. */
// biome-ignore lint/suspicious/noExplicitAny: public type: what a parser returns becomes `req.query`, read freely (qs's ParsedQs, any in @types/express)
export type QueryParse = (str: string, options?: QueryOptions) => Record<string, any>;

/**
 * @example
 * app.use(webapp.query({ depth: 2 }));
 */
export function query(options?: QueryOptions | QueryParse) {
  let parse = parseQs as QueryParse;
  let opts: QueryOptions | undefined;
  if (typeof options === 'function') parse = options;
  else opts = { allowPrototypes: true, ...options };
  return function query(req: Req, _res: Res, next: Next): void {
    // An own property means middleware (or an earlier read) already settled req.query.
    if (!Object.hasOwn(req, 'query')) req.query = parse(queryStringOf(req.url) ?? '', opts);
    next();
  };
}

// Refused when passed uncalled (`app.use(webapp.query)`): src/utils/middleware-factory.ts.
markFactory(query, 'query');
