/**
 * Validation of the options every body parser shares (`inflate`, `limit`, `type`, `verify`). Bad
 * values are refused when the middleware is created, so a typo never means "no limit".
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { webappError } from '../errors/catalogue';
import { parseBytes } from '../utils/bytes';
import type { ReadSettings, Verify } from './read';
import type { TypeOption } from './type-match';

/** Options accepted by all four parsers. */
export interface ParserOptions {
  /** Accept gzip/deflate/br bodies (default true); when false they are refused with 415. */
  inflate?: boolean;
  /** Maximum body size after decompression: bytes, or a string like '100kb' (default '100kb'). */
  limit?: number | string | null;
  /** Which requests to parse: extension, MIME type, wildcard, list of those, or a function of req. */
  type?: TypeOption;
  /** Called with the raw body before parsing; throwing refuses the request (403 by default). */
  verify?:
    | ((req: IncomingMessage, res: ServerResponse, buf: Buffer, encoding: string | null) => void)
    | false
    | null;
}

/** The middleware a parser factory returns. */
export type BodyParserMiddleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (err?: unknown) => void,
) => void;

const DEFAULT_LIMIT = 100 * 1024;

/** Checks and resolves `inflate`, `limit` and `verify`; throws a TypeError for invalid ones. */
export function readSettings(options: ParserOptions): ReadSettings {
  const limit =
    options.limit === undefined || options.limit === null ? DEFAULT_LIMIT : parseBytes(options.limit);
  if (limit === null) throw webappError('WEBAPP_BODY_LIMIT_INVALID', options.limit);
  const verify = options.verify || undefined;
  if (verify !== undefined && typeof verify !== 'function')
    throw webappError('WEBAPP_BODY_VERIFY_NOT_FUNCTION');
  return { limit, inflate: options.inflate !== false, verify: verify as Verify | undefined };
}
