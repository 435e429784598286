/**
 * The `query parser` setting compiled into `query parser fn`, and the one place qs is loaded.
 * @module
 */
import type qs from 'qs';
import { webappError } from '../errors/catalogue';
import { parseFlatQs } from './flat-qs';
import { parseFlatQuery } from './flat-query';

let qsModule: typeof qs | undefined;

/**
 * qs.parse, with qs loaded on the first call: requiring qs and the small packages it depends on takes
 * ~25 ms, more than anything else webapp loads, and an app that never reads a query string with
 * brackets or parses an extended form body never needs it (`req.query` is parsed on first read).
 * @example
 * parseQs('a[b]=1', { depth: 5 }) // { a: { b: '1' } }
 */
export function parseQs(str: string, options?: object): Record<string, unknown> {
  qsModule ??= require('qs') as typeof qs;
  // The options are qs's own; typed `object` here so that no public declaration needs qs's types.
  return qsModule.parse(str, options as qs.IParseOptions);
}

export type QueryParser = (str: string) => Record<string, unknown>;

/**
 * Express 4's options for the extended parser, with qs's bounds spelled out: at most 1000
 * parameters, nesting 5 levels deep, array indexes below 1000 (higher ones become object keys).
 * `allowPrototypes` only lets keys such as `hasOwnProperty` be set on the result; qs never
 * assigns `__proto__`, so Object.prototype cannot be polluted.
 */
const EXTENDED_LIMIT = 1000;
const EXTENDED_OPTIONS: qs.IParseOptions = {
  allowPrototypes: true,
  depth: 5,
  // Not below parameterLimit: parseFlatQs relies on a repeated key always making an array.
  arrayLimit: EXTENDED_LIMIT,
  parameterLimit: EXTENDED_LIMIT,
};

function parseExtended(str: string): Record<string, unknown> {
  // No query string (null, as req.query passes it, or ''): qs would answer {} too, so qs is not needed.
  if (!str) return {};
  // Most query strings have no brackets: qs's answer for those comes without qs (see ./flat-qs).
  return parseFlatQs(str, EXTENDED_LIMIT) ?? parseQs(str, EXTENDED_OPTIONS);
}

function parseSimple(str: string): Record<string, unknown> {
  return parseFlatQuery(str);
}

/** `query parser` false: every request gets a fresh empty object (a function, as in Express 4). */
function parseNothing(_str: string): Record<string, unknown> {
  return {};
}

/**
 * qs with Express 4's fallback options: its `query` middleware, given no parse function, calls qs with
 * `allowPrototypes` and qs's own bounds (arrays up to index 20, not 1000 as in `extended`).
 */
const FALLBACK_OPTIONS: qs.IParseOptions = {
  allowPrototypes: true,
  depth: 5,
  arrayLimit: 20,
  parameterLimit: 1000,
};

/**
 * The parser used when `query parser fn` holds no function (a plugin or user deleted or overwrote it):
 * the `extended` parser as Express 4 falls back to it (qs, with qs's default array limit).
 */
export function fallbackQueryParser(str: string): Record<string, unknown> {
  if (!str) return {};
  return parseQs(str, FALLBACK_OPTIONS);
}

/**
 * Turns the raw `query parser` value into a parse function (for false, one that returns `{}`).
 * @example
 * compileQueryParser('extended')('a[b]=1') // { a: { b: '1' } }
 */
export function compileQueryParser(value: unknown): QueryParser {
  if (typeof value === 'function') return value as QueryParser;
  switch (value) {
    case true:
    case 'simple':
      return parseSimple;
    case false:
      return parseNothing;
    case 'extended':
      return parseExtended;
    default:
      throw webappError('WEBAPP_SETTING_QUERY_PARSER_INVALID', value);
  }
}
