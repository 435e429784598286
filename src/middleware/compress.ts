/**
 * `webapp.compress(options)` — also `require('webappjs/compress')`. Compresses response bodies with
 * br, gzip or deflate, chosen by the request's Accept-Encoding qualities (br, then gzip, on ties).
 * Like the compression package it replaces `res.write`, `res.end` and `res.on('drain')` and decides
 * when the head is written, so place it before the middleware that sends responses; it adds
 * `res.flush()` for streamed responses such as server-sent events.
 *
 * Left untouched: bodies under `threshold` (1 KB), types the filter refuses (default: types the
 * MIME database marks compressible), `Cache-Control: no-transform`, responses that already carry a
 * Content-Encoding, HEAD requests, and 204/304 responses. Every response the filter accepts gets
 * `Vary: Accept-Encoding`, compressed or not, so caches keep the variants apart.
 * @module
 */
import { Buffer } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as zlib from 'node:zlib';
import Negotiator from 'negotiator';
import { webappError } from '../errors/catalogue';
import { varyResponse } from '../http/vary';
import type { Next, Req, Res } from '../types/internal';
import { parseBytes } from '../utils/bytes';
import { callableModule } from '../utils/callable-module';
import { markFactory } from '../utils/middleware-factory';
import { onHeaders } from './on-headers';

export type CompressFilter = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Options: those of node:zlib for gzip/deflate (`level`, `memLevel`, `chunkSize`, …) plus these. */
export interface CompressOptions extends zlib.ZlibOptions {
  /** Smallest body to compress: bytes or a string like '1kb' (default 1kb). */
  threshold?: number | string | null;
  /** Whether to compress a response (default `compress.filter`: compressible Content-Type). */
  filter?: CompressFilter;
  /** Options of the brotli encoder (default quality 4, a good speed/size balance). */
  brotli?: zlib.BrotliOptions;
  /** Encoding used when the request has no Accept-Encoding header (default `identity`). */
  enforceEncoding?: 'br' | 'gzip' | 'deflate' | 'identity';
}

type MimeDb = Record<string, { compressible?: boolean } | undefined>;
let mimeDb: MimeDb | undefined;

/** The MIME database, loaded on first use (mime-types already depends on it, so it is installed). */
function database(): MimeDb {
  if (mimeDb === undefined) mimeDb = require('mime-db') as MimeDb;
  return mimeDb;
}

const typeCache = new Map<string, boolean>();
const TYPE_CACHE_SIZE = 256;

/** Text types and structured-syntax suffixes are compressible even when the database does not say. */
function compressibleByShape(mediaType: string): boolean {
  if (mediaType.startsWith('text/')) return true;
  const plus = mediaType.lastIndexOf('+');
  if (plus === -1) return false;
  const suffix = mediaType.slice(plus + 1);
  return suffix === 'json' || suffix === 'text' || suffix === 'xml';
}

/**
 * Whether a Content-Type is worth compressing, per the `compressible` flag of the MIME database.
 * @example
 * compressible('text/html; charset=utf-8') // true
 * compressible('image/png') // false
 */
export function compressible(type: unknown): boolean {
  if (typeof type !== 'string' || type.length === 0) return false;
  const semicolon = type.indexOf(';');
  const mediaType = (semicolon === -1 ? type : type.slice(0, semicolon)).trim().toLowerCase();
  let result = typeCache.get(mediaType);
  if (result === undefined) {
    const entry = database()[mediaType];
    result =
      entry !== undefined && entry.compressible !== undefined
        ? entry.compressible
        : compressibleByShape(mediaType);
    // Types come from our own responses, but keep the cache bounded all the same.
    if (mediaType.length <= 128) {
      if (typeCache.size >= TYPE_CACHE_SIZE) typeCache.clear();
      typeCache.set(mediaType, result);
    }
  }
  return result;
}

/**
 * The default filter: compress when the response's Content-Type is compressible.
 * @example
 * app.use(webapp.compress({ filter: (req, res) => !req.headers['x-no-compression'] && webapp.compress.filter(req, res) }));
 */
export function shouldCompress(_req: IncomingMessage, res: ServerResponse): boolean {
  const type = res.getHeader('Content-Type');
  return type !== undefined && compressible(Array.isArray(type) ? type[0] : String(type));
}

/** Whether Cache-Control holds the `no-transform` directive (RFC 9111 5.2.2.6). */
function forbidsTransform(value: ReturnType<ServerResponse['getHeader']>): boolean {
  if (value === undefined) return false;
  const text = Array.isArray(value) ? value.join(',') : String(value);
  if (text.length < 12) return false;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf(',', start);
    if (end === -1) end = text.length;
    if (text.slice(start, end).trim().toLowerCase() === 'no-transform') return true;
    start = end + 1;
  }
  return false;
}

const ENCODINGS = ['br', 'gzip', 'deflate', 'identity'];
/** negotiator ≥ 0.6.4 takes the encodings to prefer on a tie; @types/negotiator has only the first parameter. */
interface PreferringNegotiator {
  encoding(available: string[], preferred: string[]): string | undefined;
}
const PREFERRED = ['br', 'gzip'];

type Encoder = zlib.Gzip | zlib.Deflate | zlib.BrotliCompress;
type Chunk = string | Buffer | Uint8Array;
type Callback = (err?: Error | null) => void;
type Listener = (...args: unknown[]) => void;

interface PendingListener {
  listener: Listener;
  once: boolean;
}

/** What the middleware installs on one response, and the response's own `on` it registers with. */
interface ResponseWrappers {
  originalOn: Res['on'];
  flush: () => void;
  write: Res['write'];
  end: Res['end'];
  on: Res['on'];
  once: Res['once'];
  removeListener: Res['removeListener'];
  onClose: () => void;
  decide: (this: ServerResponse) => void;
}

function byteLength(chunk: unknown, encoding: unknown): number {
  if (chunk === undefined || chunk === null) return 0;
  if (typeof chunk === 'string') return Buffer.byteLength(chunk, encoding as BufferEncoding | undefined);
  return (chunk as Uint8Array).byteLength ?? 0;
}

function toBuffer(chunk: Chunk, encoding: unknown): Buffer {
  if (typeof chunk === 'string') return Buffer.from(chunk, encoding as BufferEncoding | undefined);
  if (Buffer.isBuffer(chunk)) return chunk;
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

function thresholdOf(value: CompressOptions['threshold']): number {
  if (value === undefined || value === null) return 1024;
  const bytes = parseBytes(value);
  if (bytes === null || Number.isNaN(bytes)) throw webappError('WEBAPP_COMPRESS_THRESHOLD_INVALID', value);
  return bytes;
}

/**
 * @example
 * app.use(webapp.compress());
 * app.get('/events', (req, res) => {
 *   res.type('text/event-stream');
 *   const timer = setInterval(() => { res.write('data: tick\n\n'); res.flush(); }, 1000);
 *   res.on('close', () => clearInterval(timer));
 * });
 */
export function compress(options?: CompressOptions) {
  const opts: CompressOptions = options || {};
  const threshold = thresholdOf(opts.threshold);
  const filter = opts.filter || shouldCompress;
  if (typeof filter !== 'function') throw webappError('WEBAPP_COMPRESS_FILTER_NOT_FUNCTION');
  const enforceEncoding = opts.enforceEncoding || 'identity';
  if (!ENCODINGS.includes(enforceEncoding))
    throw webappError('WEBAPP_COMPRESS_ENFORCE_ENCODING_INVALID', enforceEncoding);
  const brotliOptions: zlib.BrotliOptions = {
    ...opts.brotli,
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, ...opts.brotli?.params },
  };
  // Invalid zlib options would otherwise throw on every compressed response: check them once now.
  zlib.createGzip(opts).destroy();
  zlib.createBrotliCompress(brotliOptions).destroy();

  function createEncoder(method: string): Encoder {
    if (method === 'gzip') return zlib.createGzip(opts);
    if (method === 'br') return zlib.createBrotliCompress(brotliOptions);
    return zlib.createDeflate(opts);
  }

  /*
   * The wrappers of one response, made here and installed by the middleware below: stored on `res` by
   * the function whose variables they close over (res among them), they kept each response alive
   * through the next scavenge on node 20 while the code was unoptimized (see
   * src/router/dispatch.ts).
   */
  function wrappersFor(req: Req, res: Res): ResponseWrappers {
    const write = res.write;
    const end = res.end;
    const on = res.on;
    const once = res.once;
    const removeListener = res.removeListener;
    let stream: Encoder | undefined;
    let ended = false;
    let closed = false;
    /** Body size known from `res.end(body)` before the head, when no Content-Length was set. */
    let length: number | undefined;
    let endCallback: Callback | undefined;
    /** 'drain' listeners added before the decision; null once it is made. */
    let drainListeners: PendingListener[] | null = [];

    const release = (): void => {
      const listeners = drainListeners;
      drainListeners = null;
      if (listeners) {
        for (const entry of listeners) (entry.once ? once : on).call(res, 'drain', entry.listener);
      }
    };

    const flush = function flush(): void {
      if (stream) stream.flush();
    };

    const compressWrite = function compressWrite(
      this: Res,
      chunk: Chunk,
      encoding?: unknown,
      callback?: unknown,
    ) {
      if (ended) return false;
      if (!this.headersSent) this.writeHead(this.statusCode);
      // `arguments` is array-like, all apply reads: passed on as it is, no copy.
      if (!stream) return (write as (...args: unknown[]) => boolean).apply(this, arguments as unknown as []);
      if (typeof encoding === 'function') {
        callback = encoding;
        encoding = undefined;
      }
      return stream.write(toBuffer(chunk, encoding), callback as Callback | undefined);
    } as Res['write'];

    const compressEnd = function compressEnd(
      this: Res,
      chunk?: unknown,
      encoding?: unknown,
      callback?: unknown,
    ) {
      if (ended) return this;
      if (typeof chunk === 'function') {
        callback = chunk;
        chunk = undefined;
      } else if (typeof encoding === 'function') {
        callback = encoding;
        encoding = undefined;
      }
      if (!this.headersSent) {
        if (!this.getHeader('Content-Length')) length = byteLength(chunk, encoding);
        this.writeHead(this.statusCode);
      }
      if (!stream) return (end as (...args: unknown[]) => Res).call(this, chunk, encoding, callback);
      ended = true;
      endCallback = callback as Callback | undefined;
      if (chunk !== undefined && chunk !== null && byteLength(chunk, encoding) !== 0) {
        stream.end(toBuffer(chunk as Chunk, encoding));
      } else {
        stream.end();
      }
      return this;
    } as Res['end'];

    // 'drain' listeners follow the writes: to the encoder when compressing, else to the response.
    // once/removeListener are forwarded too, so a once-listener or a pipe's cleanup finds its target.
    const drainTarget = (): 'stream' | 'pending' | 'response' =>
      stream ? 'stream' : drainListeners ? 'pending' : 'response';

    const compressOn = function compressOn(this: Res, type: string | symbol, listener: Listener) {
      if (type !== 'drain') return on.call(this, type, listener);
      const target = drainTarget();
      if (target === 'stream') stream!.on('drain', listener);
      else if (target === 'pending') drainListeners!.push({ listener, once: false });
      else on.call(this, type, listener);
      return this;
    } as Res['on'];

    const compressOnce = function compressOnce(this: Res, type: string | symbol, listener: Listener) {
      if (type !== 'drain') return once.call(this, type, listener);
      const target = drainTarget();
      if (target === 'stream') stream!.once('drain', listener);
      else if (target === 'pending') drainListeners!.push({ listener, once: true });
      else once.call(this, type, listener);
      return this;
    } as Res['once'];

    const compressOff = function compressOff(this: Res, type: string | symbol, listener: Listener) {
      if (type === 'drain') {
        if (stream) stream.removeListener('drain', listener);
        if (drainListeners) drainListeners = drainListeners.filter((entry) => entry.listener !== listener);
      }
      return removeListener.call(this, type, listener);
    } as Res['removeListener'];

    // Frees the encoder's native memory even when the client leaves mid-response.
    const onClose = (): void => {
      closed = true;
      if (stream) stream.destroy();
    };

    const decide = function decide(this: ServerResponse) {
      if (!filter(req, this) || forbidsTransform(this.getHeader('Cache-Control'))) {
        release();
        return;
      }
      varyResponse(this, 'Accept-Encoding');
      const status = this.statusCode;
      const declared = this.getHeader('Content-Length');
      if (
        status === 204 ||
        status === 304 ||
        (declared !== undefined && Number(declared) < threshold) ||
        (length !== undefined && length < threshold)
      ) {
        release();
        return;
      }
      const current = this.getHeader('Content-Encoding');
      if ((current && current !== 'identity') || req.method === 'HEAD') {
        release();
        return;
      }
      const method: string | undefined = req.headers['accept-encoding']
        ? (new Negotiator(req) as PreferringNegotiator).encoding(ENCODINGS, PREFERRED)
        : enforceEncoding;
      if (!method || method === 'identity' || closed) {
        release();
        return;
      }
      const encoder = createEncoder(method);
      stream = encoder;
      const listeners = drainListeners ?? [];
      drainListeners = null;
      for (const entry of listeners) encoder[entry.once ? 'once' : 'on']('drain', entry.listener);
      this.setHeader('Content-Encoding', method);
      this.removeHeader('Content-Length');
      encoder.on('data', (chunk: Buffer) => {
        if ((write as (chunk: Buffer) => boolean).call(res, chunk) === false) encoder.pause();
      });
      encoder.on('end', () => {
        (end as (cb?: Callback) => Res).call(res, endCallback);
      });
      // An encoder failure cannot be reported through a response already under way: drop the connection.
      encoder.on('error', () => {
        res.destroy();
      });
      on.call(res, 'drain', () => {
        encoder.resume();
      });
    };

    return {
      originalOn: on,
      flush,
      write: compressWrite,
      end: compressEnd,
      on: compressOn,
      once: compressOnce,
      removeListener: compressOff,
      onClose,
      decide,
    };
  }

  return function compress(req: Req, res: Res, next: Next): void {
    const wrappers = wrappersFor(req, res);
    res.flush = wrappers.flush;
    res.write = wrappers.write;
    res.end = wrappers.end;
    res.on = wrappers.on;
    res.once = wrappers.once;
    res.removeListener = res.off = wrappers.removeListener;
    wrappers.originalOn.call(res, 'close', wrappers.onClose);
    onHeaders(res, wrappers.decide);
    next();
  };
}

compress.filter = shouldCompress;

export default compress;

// Refused when passed uncalled (`app.use(webapp.compress)`): src/utils/middleware-factory.ts.
markFactory(compress, 'compress');

// `require('webappjs/compress')` is the middleware itself, as with its npm counterpart.
callableModule(module, compress);
