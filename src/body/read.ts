/**
 * The request-body reader shared by the four body parsers: checks Content-Encoding and the size
 * limit, reads (and inflates) the body into one Buffer, runs `verify`, decodes the charset and hands
 * the result to the parser. Errors are HTTP errors with the `type` strings of Express 4's parsers.
 *
 * Bounded by design: a Content-Length over the limit is refused from the header alone; otherwise the
 * limit counts decoded bytes and reading stops at the first chunk past it, so neither a large upload
 * nor a decompression bomb is buffered beyond `limit` plus one chunk. Chunks after the first are
 * copied into one growing buffer, so a body sent as thousands of tiny chunks costs its bytes, not a
 * Buffer object per chunk. After an error found while reading, the rest of the request is drained
 * (read and discarded, up to a bound: ./drain) before `next(err)`, so the response can still be
 * written; a body refused from its headers alone is answered at once and read off after the response.
 * An abort by a client that is already gone is not passed to `next` at all. Inflate streams are
 * destroyed and listeners removed on every path, except the 'data' and 'end' listeners of a body read
 * to its end, which can never run again (see `finish`). `next` runs in the async context readBody was
 * called in.
 * @module
 */
import { Buffer } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Transform } from 'node:stream';
import zlib from 'node:zlib';
import { type HttpErrorCode, httpError } from '../errors/catalogue';
import { decimalDigits } from '../http/content-length';
import type { HttpError } from '../http/errors';
import { headerText } from '../http/header-value';
import { hasBody } from '../http/type-is';
import { inContext } from '../utils/async-context';
import { type Decoder, getDecoder } from './charset';
import { discardAfterResponse, drain } from './drain';
import { toHttpError, unsupportedCharset, unsupportedEncoding } from './errors';

/** The `verify(req, res, buf, encoding)` option: throw to refuse the body (403 by default). */
export type Verify = (
  req: IncomingMessage,
  res: ServerResponse,
  buf: Buffer,
  encoding: string | null,
) => void;

/** Options shared by all parsers, already validated. */
export interface ReadSettings {
  /** Maximum decoded body size in bytes. */
  limit: number;
  /** Whether compressed bodies are accepted. */
  inflate: boolean;
  verify: Verify | undefined;
}

/** Turns the decoded body (a string, or the Buffer when no charset applies) into `req.body`. */
export type BodyParse = (body: string | Buffer) => unknown;

/** The request fields the parsers read and set, on top of node's IncomingMessage. */
export interface BodyRequest extends IncomingMessage {
  body?: unknown;
  _body?: boolean;
}

type Next = (err?: unknown) => void;

/**
 * body-parser's entry rule, shared by every parser: a request another parser already read is left
 * alone; otherwise `req.body` defaults to `{}`, and only a request with a body of a matching type is
 * read. Returns whether this parser should read the body.
 */
export function wantsBody(req: BodyRequest, shouldParse: (req: IncomingMessage) => boolean): boolean {
  if (req._body) return false;
  req.body = req.body || {};
  return hasBody(req) && shouldParse(req);
}

function createInflater(encoding: string): Transform | undefined {
  switch (encoding) {
    case 'gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return undefined;
  }
}

function isKnownEncoding(encoding: string): boolean {
  return encoding === 'gzip' || encoding === 'deflate' || encoding === 'br';
}

function noop(): void {}

/** Smallest buffer allocated once a body spans more than one chunk. */
const MIN_STORE = 16 * 1024;

/** The `type` an error brings along (e.g. thrown by verify), if any. */
function ownType(err: unknown): unknown {
  return typeof err === 'object' && err !== null ? (err as { type?: unknown }).type : undefined;
}

/** Whether an error can still be answered: the client is there and nothing was sent. */
function responseUsable(res: ServerResponse): boolean {
  if (!res) return true;
  if (res.destroyed || res.writableEnded) return false;
  return !res.socket?.destroyed;
}

type Collected = (err: HttpError | null, body?: Buffer) => void;

/** Room for `needed` bytes: doubling, but never past the declared length or the limit when they suffice. */
function capacity(needed: number, current: number, length: number | null, limit: number): number {
  let size = Math.max(needed, current * 2, MIN_STORE);
  if (length !== null && length >= needed) size = Math.min(size, length);
  if (limit >= needed) size = Math.min(size, limit);
  return size;
}

/**
 * Reads the body from `req`, through `inflater` when given, into one Buffer. `length` is the
 * declared Content-Length of an identity body (checked against what arrives), else null.
 */
function collect(
  req: IncomingMessage,
  inflater: Transform | undefined,
  length: number | null,
  limit: number,
  done: Collected,
): void {
  const source: NodeJS.ReadableStream = inflater ?? req;
  let received = 0;
  // The first chunk is kept as is (most bodies are one chunk: no copy). Later chunks go into `store`,
  // whose first `received` bytes are the body: one allocation per doubling instead of one Buffer
  // object per chunk (hundreds of bytes each, whatever the chunk's size).
  let first: Buffer | undefined;
  let store: Buffer | undefined;
  let settled = false;
  let requestEnded = false;
  // Only an inflated body needs these two (created below, in that case only).
  let onRequestEnd = noop;
  let onInflaterError: (err: unknown) => void = noop;

  const finish = (err: HttpError | null): void => {
    settled = true;
    source.removeListener('data', onData);
    source.removeListener('end', onEnd);
    req.removeListener('close', onClose);
    req.removeListener('error', onRequestError);
    if (inflater) {
      req.removeListener('end', onRequestEnd);
      inflater.removeListener('error', onInflaterError);
      req.unpipe(inflater);
      inflater.destroy();
    }
    if (err) {
      first = store = undefined;
      done(err);
      return;
    }
    const body = store ? store.subarray(0, received) : (first ?? Buffer.alloc(0));
    first = store = undefined;
    done(null, body);
  };

  const onData = (chunk: Buffer): void => {
    if (settled) return;
    const offset = received;
    received += chunk.length;
    if (received > limit) {
      finish(httpError('entity.too.large', { limit, received }));
      return;
    }
    if (offset === 0 && store === undefined) {
      // Nothing kept yet (an empty chunk may have come first): keep this one as is.
      first = chunk;
      return;
    }
    if (store === undefined || received > store.length) {
      // Zero-filled: the spare room past the body must not expose old memory through `buf.buffer`.
      const grown = Buffer.alloc(capacity(received, store ? store.length : 0, length, limit));
      if (store) store.copy(grown, 0, 0, offset);
      else if (first) first.copy(grown, 0);
      store = grown;
      first = undefined;
    }
    chunk.copy(store, offset);
  };

  const onEnd = (): void => {
    if (settled) return;
    if (length !== null && received !== length) {
      finish(
        httpError('request.size.invalid', {
          expected: length,
          length,
          received,
        }),
      );
      return;
    }
    finish(null);
  };

  const onAborted = (): void => {
    if (settled) return;
    finish(
      httpError('request.aborted', {
        expected: length,
        length,
        received,
      }),
    );
  };

  // A request torn down before its end (client gone, server timeout, req.destroy()) is an abort.
  const onClose = (): void => {
    if (!requestEnded) onAborted();
  };

  const onRequestError = (err: unknown): void => {
    if (settled) return;
    if ((req as { aborted?: boolean }).aborted || (err as { code?: unknown })?.code === 'ECONNRESET')
      onAborted();
    else finish(toHttpError(400, err, {}));
  };

  // An aborted request emits 'error' (ECONNRESET) and 'close'; a destroyed one at least 'close'.
  req.on('close', onClose);
  req.on('error', onRequestError);
  source.on('data', onData);
  source.on('end', onEnd);
  if (inflater) {
    onRequestEnd = (): void => {
      requestEnded = true;
    };
    onInflaterError = (err: unknown): void => {
      if (!settled) finish(toHttpError(400, err, {}));
    };
    // Errors after we are done (e.g. from destroy) must not become unhandled 'error' events.
    inflater.on('error', noop);
    inflater.on('error', onInflaterError);
    req.on('end', onRequestEnd);
    req.pipe(inflater);
  } else if (req.isPaused()) {
    req.resume();
  }
}

/**
 * Refuses the body with `err`: the rest of the request is read off and discarded first (up to a
 * bound, see ./drain), so a client still sending gets the response; then `next(err)` — unless the
 * client went away while sending, when there is nobody left to answer.
 */
export function refuse(req: IncomingMessage, res: ServerResponse, next: Next, err: HttpError): void {
  drain(req, res, () => {
    if (err.type === 'request.aborted' && !responseUsable(res)) return;
    next(err);
  });
}

/**
 * Refuses the body with `err` from the headers alone, at once: the body is not read now (a later
 * parser may still take it), but once the response is out the rest is read off and discarded (up to
 * a bound, see ./drain), so a client still sending gets the response rather than a reset.
 */
export function refuseUnread(req: IncomingMessage, res: ServerResponse, next: Next, err: HttpError): void {
  discardAfterResponse(req, res);
  next(err);
}

/**
 * Reads and parses the body of `req` into `req.body`, then calls `next()`; on failure calls
 * `next(err)` and leaves `req.body` as it was. `charset` is the charset to decode with, or null to
 * hand the raw Buffer to `parse`. Marks the request as parsed (`req._body`).
 */
export function readBody(
  req: BodyRequest,
  res: ServerResponse,
  next: Next,
  charset: string | null,
  settings: ReadSettings,
  parse: BodyParse,
): void {
  req._body = true;
  const verify = settings.verify;

  let decode: Decoder | undefined;
  if (charset !== null) {
    decode = getDecoder(charset);
    // verify sees the raw bytes, so refuse an undecodable charset before it runs.
    if (decode === undefined && verify !== undefined) {
      refuseUnread(req, res, next, unsupportedCharset(charset));
      return;
    }
  }

  const encodingHeader = headerText(req.headers['content-encoding']);
  const encoding = encodingHeader ? encodingHeader.toLowerCase() : 'identity';
  const identity = encoding === 'identity';
  if (!identity) {
    if (!settings.inflate) {
      refuseUnread(req, res, next, httpError('encoding.unsupported', { encoding }, encoding, false));
      return;
    }
    if (!isKnownEncoding(encoding)) {
      refuseUnread(req, res, next, unsupportedEncoding(encoding));
      return;
    }
  }

  let length: number | null = null;
  if (identity) {
    const declared = headerText(req.headers['content-length']);
    if (declared !== undefined) {
      const digits = decimalDigits(declared);
      if (digits !== -1) length = digits;
      else if (!Number.isNaN(Number(declared))) length = Number.parseInt(declared, 10);
    }
    if (length !== null && length > settings.limit) {
      // Refused from the header alone: the body is read off and discarded (up to a bound), not kept.
      refuseUnread(
        req,
        res,
        next,
        httpError('entity.too.large', {
          expected: length,
          length,
          limit: settings.limit,
        }),
      );
      return;
    }
    if (req.readableEncoding) {
      refuse(req, res, next, httpError('stream.encoding.set'));
      return;
    }
  }
  if (req.readable === false) {
    refuse(req, res, next, httpError('stream.not.readable'));
    return;
  }
  if (charset !== null && decode === undefined) {
    refuse(req, res, next, unsupportedCharset(charset));
    return;
  }

  const complete = (body: Buffer, next: Next): void => {
    if (verify !== undefined) {
      try {
        verify(req, res, body, charset);
      } catch (err) {
        next(
          toHttpError(403, err, {
            body,
            type: ownType(err) || ('entity.verify.failed' satisfies HttpErrorCode),
          }),
        );
        return;
      }
    }
    let value: string | Buffer = body;
    let parsed: unknown;
    try {
      if (decode !== undefined) value = decode(body);
      parsed = parse(value);
    } catch (err) {
      next(
        toHttpError(400, err, {
          body: value,
          type: ownType(err) || ('entity.parse.failed' satisfies HttpErrorCode),
        }),
      );
      return;
    }
    req.body = parsed;
    next();
  };

  // An empty identity body is known from the headers alone: nothing to read.
  if (length === 0 && req.headers['transfer-encoding'] === undefined) {
    complete(Buffer.alloc(0), next);
    return;
  }

  const inflater = identity ? undefined : createInflater(encoding);
  // The body's events run in the HTTP parser's async context: what follows must run in the caller's.
  const later = inContext(next);
  collect(req, inflater, length, settings.limit, (err, body) => {
    if (err) {
      refuse(req, res, later, err);
      return;
    }
    // Whatever follows a complete compressed stream is read off so the request can finish.
    if (inflater) req.resume();
    complete(body as Buffer, later);
  });
}
