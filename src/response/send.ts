/**
 * res.send: the one place a response body is finished (json, jsonp, sendStatus, render end here).
 * @module
 */
import { Buffer } from 'node:buffer';
import { hasBuiltinGet } from '../application/settings';
import { type ETagFn, entityTag, isBuiltinETag, weakETag } from '../http/etag';
import { readHeader, setTrustedHeader } from '../http/header-store';
import type { Res } from '../types/internal';
import { deprecate } from '../utils/deprecate';
import { setUtf8Charset } from './charset';
import { statusPhrase } from './status';
import { setBuiltinType } from './type';

/**
 * Sends a response. A string is HTML by default and always sent as UTF-8 (the Content-Type says so);
 * a Buffer is application/octet-stream by default; null sends an empty body; objects, arrays, numbers
 * and booleans go to res.json. Sets Content-Length and, per the `etag` setting, ETag; answers 304
 * when the request is fresh; sends no body for HEAD, 204 and 304 (whose body headers are removed).
 * The deprecated Express 3 forms `res.send(status)`, `res.send(status, body)` and
 * `res.send(body, status)` still work, with a warning.
 * @example
 * res.send('<p>hello</p>');
 * res.status(404).send({ error: 'not found' });
 * res.send(Buffer.from([1, 2, 3]));
 */
export function send<T extends Res>(this: T, body?: unknown): T {
  let chunk = body;
  if (arguments.length === 2) {
    const second = arguments[1];
    if (typeof body !== 'number' && typeof second === 'number') {
      deprecate(
        'WEBAPP_RES_SEND_BODY_STATUS',
        'res.send(body, status): Use res.status(status).send(body) instead',
      );
      this.statusCode = second;
    } else {
      deprecate(
        'WEBAPP_RES_SEND_STATUS_BODY',
        'res.send(status, body): Use res.status(status).send(body) instead',
      );
      this.statusCode = body as number;
      chunk = second;
    }
  }

  // res.send(status): the status text as a plain-text body.
  if (typeof chunk === 'number' && arguments.length === 1) {
    if (!readHeader(this, 'content-type')) setBuiltinType(this, 'txt');
    deprecate('WEBAPP_RES_SEND_STATUS', 'res.send(status): Use res.sendStatus(status) instead');
    this.statusCode = chunk;
    chunk = statusPhrase(chunk);
  }

  let isString = false;
  switch (typeof chunk) {
    case 'string':
      isString = true;
      break;
    case 'boolean':
    case 'number':
    case 'object':
      if (chunk === null) {
        chunk = '';
      } else if (Buffer.isBuffer(chunk)) {
        if (!readHeader(this, 'content-type')) setBuiltinType(this, 'bin');
      } else {
        return this.json(chunk);
      }
      break;
  }

  let encoding: BufferEncoding | undefined;
  if (typeof chunk === 'string') {
    encoding = 'utf8';
    let type = readHeader(this, 'content-type');
    // A string body is HTML unless said otherwise (null, sent as '', keeps whatever type is set).
    if (isString && !type) type = setBuiltinType(this, 'html');
    if (typeof type === 'string') {
      const withCharset = setUtf8Charset(type);
      if (withCharset !== type) this.set('Content-Type', withCharset);
    }
  }

  const app = this.app;
  const etagFn: ETagFn | undefined = hasBuiltinGet(app) ? app.settings['etag fn'] : app.get('etag fn');
  const generateETag = typeof etagFn === 'function' && !readHeader(this, 'etag');

  let length: number | undefined;
  if (chunk !== undefined) {
    if (Buffer.isBuffer(chunk)) {
      length = chunk.length;
    } else if (generateETag && !isBuiltinETag(etagFn)) {
      // A user's etag function gets a Buffer, as in Express 4; the built-in ones hash the string itself.
      chunk = Buffer.from(chunk as string, encoding);
      encoding = undefined;
      length = (chunk as Buffer).length;
    } else {
      length = Buffer.byteLength(chunk as string, encoding);
    }
    setTrustedHeader(this, 'Content-Length', 'content-length', String(length));
  }

  if (generateETag && length !== undefined) {
    if (isBuiltinETag(etagFn)) {
      // Our own tags are quoted hex and base64: valid header values by construction.
      setTrustedHeader(
        this,
        'ETag',
        'etag',
        entityTag(chunk as string | Buffer, etagFn === weakETag, encoding, length),
      );
    } else {
      const etag = etagFn(chunk as string | Buffer, encoding);
      if (etag) this.setHeader('ETag', String(etag));
    }
  }

  if (this.req.fresh) this.statusCode = 304;

  const code = this.statusCode;
  if (code === 204 || code === 304) {
    this.removeHeader('Content-Type');
    this.removeHeader('Content-Length');
    this.removeHeader('Transfer-Encoding');
    chunk = '';
  } else if (code === 205) {
    this.setHeader('Content-Length', '0');
    this.removeHeader('Transfer-Encoding');
    chunk = '';
  }

  if (this.req.method === 'HEAD') this.end();
  else this.end(chunk as string | Buffer | undefined, encoding as BufferEncoding);
  return this;
}
