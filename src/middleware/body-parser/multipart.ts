/**
 * `multipart(options)`: parses `multipart/form-data` bodies with busboy. Fields go to `req.body`
 * (a repeated name becomes an array), files are streamed to a temporary directory and described in
 * `req.files` (`size`, `path`, `name`, `type`, …), and the temporary files are removed once the
 * response has finished — move or copy them before that to keep them.
 *
 * Nothing is buffered without bound: files go to disk as they arrive, and the size of every file and
 * field, the number of files, fields and parts, and the total size of the fields are limited. Going
 * over a limit is a 413 error, a malformed body a 400 error; either way the partial files are
 * removed and the rest of the request is read off before `next(err)`.
 * @module
 */
import { Buffer } from 'node:buffer';
import { createHash, type Hash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type Busboy from 'busboy';
import { unsupportedEncoding } from '../../body/errors';
import { refuse, refuseUnread } from '../../body/read';
import { httpError, webappError } from '../../errors/catalogue';
import type { HttpError } from '../../http/errors';
import { headerText } from '../../http/header-value';
import { hasBody } from '../../http/type-is';
import { inContext } from '../../utils/async-context';
import { parseBytes } from '../../utils/bytes';
import { markFactory } from '../../utils/middleware-factory';

/** Limits of a multipart body; sizes are bytes or strings like '10mb'. */
export interface MultipartLimits {
  /** Largest file (default '10mb'). */
  fileSize?: number | string;
  /** Most files (default 10). */
  files?: number;
  /** Most non-file fields (default 1000). */
  fields?: number;
  /** Largest field value (default '100kb'). */
  fieldSize?: number | string;
  /** Largest total of all field values (default '1mb'). */
  totalFieldSize?: number | string;
  /** Longest field name (default 200 bytes). */
  fieldNameSize?: number;
  /** Most parts, files and fields together (default files + fields). */
  parts?: number;
  /** Most header lines per part (default 2000). */
  headerPairs?: number;
}

export interface MultipartOptions {
  /** Where uploads are written (default `os.tmpdir()`); the directory must exist. */
  uploadDir?: string;
  /** Keep the original file extension on the temporary file (default false). */
  keepExtensions?: boolean;
  /** Compute a digest of each file while it streams: `sha1`, `sha256` or `md5` (default none). */
  hash?: false | 'sha1' | 'sha256' | 'md5';
  limits?: MultipartLimits;
}

/** One uploaded file, as `req.files[field]` describes it. */
export class UploadedFile {
  /** Name of the form field. */
  fieldName: string;
  /** File name the client gave (without any directory part). */
  name: string;
  /** Where the file is on disk until the response has finished. */
  path: string;
  /** Size in bytes. */
  size = 0;
  /** MIME type the client gave. */
  type: string;
  /** Transfer encoding of the part (usually `7bit`). */
  encoding: string;
  /** Hex digest when the `hash` option is set, else null. */
  hash: string | null = null;
  /** When the file was completely written. */
  lastModifiedDate: Date | null = null;

  constructor(fieldName: string, name: string, filePath: string, type: string, encoding: string) {
    this.fieldName = fieldName;
    this.name = name;
    this.path = filePath;
    this.type = type;
    this.encoding = encoding;
  }

  /** Alias of `size` (3.x). */
  get length(): number {
    return this.size;
  }

  /** Alias of `name` (3.x). */
  get filename(): string {
    return this.name;
  }

  /** Alias of `type` (3.x). */
  get mime(): string {
    return this.type;
  }
}

interface Settings {
  uploadDir: string;
  keepExtensions: boolean;
  hash: 'sha1' | 'sha256' | 'md5' | undefined;
  fileSize: number;
  files: number;
  fields: number;
  fieldSize: number;
  totalFieldSize: number;
  fieldNameSize: number;
  parts: number;
  headerPairs: number;
}

type Next = (err?: unknown) => void;

export interface MultipartRequest extends IncomingMessage {
  body?: unknown;
  files?: unknown;
  _body?: boolean;
}

function sizeOption(value: number | string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const bytes = parseBytes(value);
  if (bytes === null || !(bytes >= 0)) throw webappError('WEBAPP_MULTIPART_LIMIT_INVALID', name, value);
  return bytes;
}

function countOption(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value >= 0))
    throw webappError('WEBAPP_MULTIPART_LIMIT_NOT_NUMBER', name);
  return value;
}

function settingsOf(options: MultipartOptions): Settings {
  const limits = options.limits || {};
  const files = countOption(limits.files, 10, 'files');
  const fields = countOption(limits.fields, 1000, 'fields');
  const hash = options.hash || undefined;
  if (hash !== undefined && hash !== 'sha1' && hash !== 'sha256' && hash !== 'md5')
    throw webappError('WEBAPP_MULTIPART_HASH_INVALID');
  const uploadDir = options.uploadDir ?? os.tmpdir();
  if (typeof uploadDir !== 'string' || uploadDir === '')
    throw webappError('WEBAPP_MULTIPART_UPLOAD_DIR_INVALID');
  return {
    uploadDir: path.resolve(uploadDir),
    keepExtensions: Boolean(options.keepExtensions),
    hash,
    fileSize: sizeOption(limits.fileSize, 10 * 1024 * 1024, 'fileSize'),
    files,
    fields,
    fieldSize: sizeOption(limits.fieldSize, 100 * 1024, 'fieldSize'),
    totalFieldSize: sizeOption(limits.totalFieldSize, 1024 * 1024, 'totalFieldSize'),
    fieldNameSize: countOption(limits.fieldNameSize, 200, 'fieldNameSize'),
    parts: countOption(limits.parts, files + fields, 'parts'),
    headerPairs: countOption(limits.headerPairs, 2000, 'headerPairs'),
  };
}

/** The extension kept with `keepExtensions`: short and made of safe characters only. */
function safeExtension(filename: string): string {
  const ext = path.extname(filename);
  return /^\.[A-Za-z0-9_-]{1,16}$/.test(ext) ? ext : '';
}

/** Adds a value under `key` without ever touching a prototype; a repeated key collects an array. */
function addValue(target: Record<string, unknown>, key: string, value: unknown): void {
  if (Object.hasOwn(target, key)) {
    const current = target[key];
    if (Array.isArray(current)) current.push(value);
    else target[key] = [current, value];
    return;
  }
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/** The 413s of the multipart limits. */
type LimitCode =
  | 'field.name.too.large'
  | 'field.too.large'
  | 'fields.too.large'
  | 'file.too.large'
  | 'files.too.many'
  | 'fields.too.many'
  | 'parts.too.many';

function limitError(code: LimitCode, limit: number, field?: string): HttpError {
  return httpError(code, field === undefined ? { limit } : { limit, field });
}

/**
 * Removes the files, each once its write stream has closed (an unlink before the open would miss it),
 * then calls `done`.
 */
function removeFiles(files: ReadonlyMap<UploadedFile, fs.WriteStream>, done?: () => void): void {
  let left = files.size;
  if (left === 0) {
    done?.();
    return;
  }
  const removed = (): void => {
    if (--left === 0) done?.();
  };
  for (const [file, out] of files) {
    const unlink = (): void => fs.unlink(file.path, removed);
    if (out.closed) unlink();
    else {
      out.once('close', unlink);
      out.destroy();
    }
  }
}

/**
 * @example
 * app.post('/upload', multipart({ limits: { fileSize: '5mb', files: 1 } }), (req, res) => {
 *   res.json({ name: req.files.avatar.name, size: req.files.avatar.size });
 * });
 */
export function multipart(options?: MultipartOptions) {
  const settings = settingsOf(options || {});
  // busboy is needed only by apps that accept uploads: loaded with the first multipart parser.
  const createBusboy = require('busboy') as typeof Busboy;

  return function multipartParser(req: MultipartRequest, res: ServerResponse, next: Next): void {
    if (req.files === undefined) req.files = {};
    if (req._body) {
      next();
      return;
    }
    req.body = req.body || {};
    if (!hasBody(req)) {
      next();
      return;
    }
    const contentType = req.headers['content-type'];
    if (typeof contentType !== 'string' || !/^multipart\/form-data\s*(?:;|$)/i.test(contentType)) {
      next();
      return;
    }
    req._body = true;
    // An empty body (a form posted without a byte) holds no fields: nothing to parse, nothing wrong.
    if (headerText(req.headers['content-length']) === '0') {
      next();
      return;
    }
    parse(req, res, next, settings, createBusboy);
  };
}

function parse(
  req: MultipartRequest,
  res: ServerResponse,
  next: Next,
  settings: Settings,
  createBusboy: typeof Busboy,
): void {
  const encoding = (headerText(req.headers['content-encoding']) || 'identity').toLowerCase();
  if (encoding !== 'identity') {
    refuseUnread(req, res, next, unsupportedEncoding(encoding));
    return;
  }

  // busboy's and the file streams' events run in other async contexts: continue in the caller's.
  const resume = inContext(next);

  let parser: Busboy.Busboy;
  try {
    parser = createBusboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: {
        // busboy reports a limit when it is reached; one more byte lets a value of exactly the limit through.
        fileSize: settings.fileSize + 1,
        files: settings.files,
        fields: settings.fields,
        fieldSize: settings.fieldSize + 1,
        parts: settings.parts + 1,
        headerPairs: settings.headerPairs,
      },
    });
  } catch (err) {
    refuse(req, res, resume, httpError('entity.parse.failed', undefined, (err as Error).message));
    return;
  }

  const body: Record<string, unknown> = {};
  const files: Record<string, unknown> = {};
  const written = new Map<UploadedFile, fs.WriteStream>();
  const streams = new Set<Readable | fs.WriteStream>();
  let pendingFiles = 0;
  let parsed = false;
  let settled = false;
  let fieldBytes = 0;

  const cleanupListeners = (): void => {
    req.removeListener('close', onRequestClose);
    req.unpipe(parser);
    parser.removeAllListeners();
    // Late errors from a parser we stopped listening to must not become uncaught exceptions.
    parser.on('error', () => {});
  };

  const fail = (err: unknown): void => {
    if (settled) return;
    settled = true;
    cleanupListeners();
    for (const stream of streams) stream.destroy();
    streams.clear();
    // The rest of the request is read off while the files go; the error is passed on once both are
    // done: a file whose open was still pending would otherwise appear after the response.
    let pending = 2;
    let refusal: unknown;
    const settle = (): void => {
      if (--pending === 0) resume(refusal);
    };
    removeFiles(written, settle);
    // A client that went away gets no answer; anything else is answered through next(err).
    refuse(
      req,
      res,
      (error?: unknown) => {
        refusal = error;
        settle();
      },
      err as HttpError,
    );
  };

  const succeed = (): void => {
    if (settled || !parsed || pendingFiles !== 0) return;
    settled = true;
    cleanupListeners();
    const cleanup = (): void => {
      res.removeListener('finish', cleanup);
      res.removeListener('close', cleanup);
      removeFiles(written);
    };
    res.on('finish', cleanup);
    res.on('close', cleanup);
    const target = (req.body && typeof req.body === 'object' ? req.body : (req.body = {})) as Record<
      string,
      unknown
    >;
    for (const key of Object.keys(body)) addValue(target, key, body[key]);
    const fileTarget = (req.files && typeof req.files === 'object' ? req.files : (req.files = {})) as Record<
      string,
      unknown
    >;
    for (const key of Object.keys(files)) addValue(fileTarget, key, files[key]);
    resume();
  };

  const onRequestClose = (): void => {
    if (!req.complete) fail(httpError('request.aborted'));
  };

  /** busboy bounds the part headers but not the length of names in them: checked here. */
  const nameTooLong = (name: string): boolean => {
    if (name.length <= settings.fieldNameSize / 3 || Buffer.byteLength(name) <= settings.fieldNameSize)
      return false;
    fail(limitError('field.name.too.large', settings.fieldNameSize));
    return true;
  };

  parser.on('field', (name, value, info) => {
    if (settled || nameTooLong(name)) return;
    if (info.valueTruncated) {
      fail(limitError('field.too.large', settings.fieldSize, name));
      return;
    }
    fieldBytes += Buffer.byteLength(value);
    if (fieldBytes > settings.totalFieldSize) {
      fail(limitError('fields.too.large', settings.totalFieldSize));
      return;
    }
    addValue(body, name, value);
  });

  parser.on('file', (name, stream, info) => {
    if (settled || nameTooLong(name)) {
      stream.resume();
      return;
    }
    // An empty file input still sends a part, with an empty file name: there is no file.
    if (!info.filename) {
      stream.resume();
      return;
    }
    const filePath = path.join(
      settings.uploadDir,
      `webapp-upload-${randomBytes(16).toString('hex')}${settings.keepExtensions ? safeExtension(info.filename) : ''}`,
    );
    const file = new UploadedFile(name, info.filename, filePath, info.mimeType, info.encoding);
    const hash: Hash | undefined = settings.hash ? createHash(settings.hash) : undefined;
    const out = fs.createWriteStream(filePath, { flags: 'wx', mode: 0o600 });
    written.set(file, out);
    // Listed in the order of the parts, whichever finishes writing first.
    addValue(files, name, file);
    streams.add(stream);
    streams.add(out);
    pendingFiles++;

    stream.on('data', (chunk: Buffer) => {
      file.size += chunk.length;
      if (hash) hash.update(chunk);
    });
    stream.on('limit', () => {
      fail(limitError('file.too.large', settings.fileSize, name));
    });
    stream.on('error', (err) => fail(httpError('entity.parse.failed', undefined, err.message)));
    out.on('error', (err) => fail(Object.assign(err, { status: 500, statusCode: 500, expose: false })));
    out.on('close', () => {
      streams.delete(stream);
      streams.delete(out);
      if (settled) return;
      if (!out.writableFinished) return;
      file.lastModifiedDate = new Date();
      if (hash) file.hash = hash.digest('hex');
      pendingFiles--;
      succeed();
    });
    stream.pipe(out);
  });

  parser.on('filesLimit', () => fail(limitError('files.too.many', settings.files)));
  parser.on('fieldsLimit', () => fail(limitError('fields.too.many', settings.fields)));
  parser.on('partsLimit', () => fail(limitError('parts.too.many', settings.parts)));
  parser.on('error', (err: unknown) => {
    fail(httpError('entity.parse.failed', undefined, err instanceof Error ? err.message : String(err)));
  });
  parser.on('finish', () => {
    parsed = true;
    succeed();
  });

  req.on('close', onRequestClose);
  req.pipe(parser);
}

// Refused when passed uncalled (`app.use(webapp.bodyParser.multipart)`): src/utils/middleware-factory.ts.
markFactory(multipart, 'bodyParser.multipart');
