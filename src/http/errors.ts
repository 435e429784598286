/**
 * HTTP errors compatible with the `http-errors` package shape that Express middleware
 * and error handlers read: `status`, `statusCode`, `expose` and free-form extra fields.
 * @module
 */
import { STATUS_CODES } from 'node:http';

export interface HttpError extends Error {
  status: number;
  statusCode: number;
  /** Whether the message is safe to show to the client (true for 4xx). */
  expose: boolean;
  /** Machine-readable kind, e.g. `entity.too.large` (body parsers). */
  type?: string;
  [extra: string]: unknown;
}

/** The standard reason phrase of a status code, e.g. 404 → "Not Found". */
export function statusMessage(status: number): string | undefined {
  return STATUS_CODES[status];
}

/**
 * Creates an error with `status`/`statusCode`/`expose` set.
 * @example
 * throw createHttpError(413, 'request entity too large', { type: 'entity.too.large', limit: 100 })
 */
export function createHttpError(
  status: number,
  message?: string,
  props?: Record<string, unknown>,
): HttpError {
  // error-catalogue-exempt: the primitive the catalogue's httpError() builds on; the message is its caller's.
  const err = new Error(message ?? STATUS_CODES[status] ?? String(status)) as HttpError;
  err.name = httpErrorName(status);
  err.status = status;
  err.statusCode = status;
  err.expose = status < 500;
  if (props) {
    for (const key of Object.keys(props)) {
      if (key !== 'status' && key !== 'statusCode') err[key] = props[key];
    }
  }
  return err;
}

/** http-errors names errors after the reason phrase: 404 → "NotFoundError". */
function httpErrorName(status: number): string {
  const phrase = STATUS_CODES[status];
  if (!phrase) return status < 500 ? 'BadRequestError' : 'InternalServerError';
  const name = phrase
    .replace(/[^A-Za-z0-9 ]/g, '')
    .replace(/(?:^| )([a-z0-9])/gi, (_m, c: string) => c.toUpperCase());
  return name.endsWith('Error') ? name : `${name}Error`;
}
