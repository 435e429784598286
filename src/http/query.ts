/**
 * The `query parser` setting compiled into `query parser fn`.
 * @module
 */
import querystring from 'node:querystring';
import qs from 'qs';

export type QueryParser = (str: string) => Record<string, any>;

/**
 * Express 4's options for the extended parser, with qs's bounds spelled out: at most 1000
 * parameters, nesting 5 levels deep, array indexes below 1000 (higher ones become object keys).
 * `allowPrototypes` only lets keys such as `hasOwnProperty` be set on the result; qs never
 * assigns `__proto__`, so Object.prototype cannot be polluted.
 */
const EXTENDED_OPTIONS: qs.IParseOptions = {
  allowPrototypes: true,
  depth: 5,
  arrayLimit: 1000,
  parameterLimit: 1000,
};

function parseExtended(str: string): Record<string, any> {
  return qs.parse(str, EXTENDED_OPTIONS);
}

function parseSimple(str: string): Record<string, any> {
  return querystring.parse(str);
}

/**
 * Turns the raw `query parser` value into a parse function, or undefined when parsing is off.
 * @example
 * compileQueryParser('extended')('a[b]=1') // { a: { b: '1' } }
 */
export function compileQueryParser(value: unknown): QueryParser | undefined {
  if (typeof value === 'function') return value as QueryParser;
  switch (value) {
    case true:
    case 'simple':
      return parseSimple;
    case false:
      return undefined;
    case 'extended':
      return parseExtended;
    default:
      throw new TypeError(`unknown value for query parser function: ${String(value)}`);
  }
}
