/**
 * Per-app prototypes for node:http2's compatibility objects (`Http2ServerRequest`,
 * `Http2ServerResponse`), built on an app's first HTTP/2 request so HTTP/1-only apps never load
 * node:http2.
 *
 * The chain of an HTTP/2 request is
 *   instance → transport layer → app.request → webapp.request → IncomingMessage.prototype → Readable.prototype
 * and of a response
 *   instance → transport layer → app.response → webapp.response → ServerResponse.prototype → OutgoingMessage.prototype → Stream.prototype.
 * The transport layer (one per app) holds node's Http2Server* members, and shadows each HTTP/1
 * member that the Http2Server* class lacks with what the pure HTTP/2 chain would give (Readable's or
 * Stream's member, or undefined), so HTTP/1 internals (`_dump`, `_storeHeader`, `writeHeader`, …)
 * never run on an HTTP/2 object. Members added to `app.request`/`webapp.request` at any time stay
 * visible, because those objects themselves are on the chain.
 * @module
 */
import { IncomingMessage, ServerResponse, validateHeaderName, validateHeaderValue } from 'node:http';
import { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import { Readable, Stream } from 'node:stream';
import { absorbWriteHeadArguments } from '../middleware/on-headers';
import { request } from '../request/index';
import { response } from '../response/index';
import type { AnyHandler, AppInternal } from '../types/internal';

function ownValueSetter(key: string | symbol): (this: object, value: unknown) => void {
  return function set(this: object, value: unknown) {
    Object.defineProperty(this, key, { configurable: true, enumerable: true, writable: true, value });
  };
}

/**
 * Own descriptors that put `h2Proto`'s members in front of an HTTP/1 chain ending at `commonBase`.
 * Members webapp defines itself (`webappProto`) work on both transports and stay visible, even when
 * node's HTTP/1 class has one of that name too (`req.signal`, IncomingMessage has its own since node 24).
 */
function transportLayer(
  h1Proto: object,
  h2Proto: object,
  commonBase: object,
  webappProto: object,
): PropertyDescriptorMap {
  const layer: PropertyDescriptorMap = {};
  for (
    let proto: object | null = h1Proto;
    proto !== null && proto !== commonBase;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const key of Reflect.ownKeys(proto)) {
      if (Object.hasOwn(layer, key) || Object.hasOwn(h2Proto, key) || Object.hasOwn(webappProto, key))
        continue;
      let found: PropertyDescriptor | undefined;
      for (
        let base: object | null = commonBase;
        base !== null && !found;
        base = Object.getPrototypeOf(base)
      ) {
        found = Object.getOwnPropertyDescriptor(base, key);
      }
      // Writable and configurable: plain assignments on the instance still work.
      layer[key as string] = found ?? {
        value: undefined,
        writable: true,
        configurable: true,
        enumerable: false,
      };
    }
  }
  for (const key of Reflect.ownKeys(h2Proto)) {
    const descriptor = Object.getOwnPropertyDescriptor(h2Proto, key) as PropertyDescriptor;
    // Read-only accessors of node's HTTP/2 classes are plain writable fields on HTTP/1.1 objects
    // (`req.rawHeaders = …`, `req.complete = …`): a write makes an own data property, as it would there.
    if (descriptor.get !== undefined && descriptor.set === undefined) descriptor.set = ownValueSetter(key);
    layer[key as string] = descriptor;
  }
  return layer;
}

const requestLayer = transportLayer(
  IncomingMessage.prototype,
  Http2ServerRequest.prototype,
  Readable.prototype,
  request,
);
const responseLayer = transportLayer(
  ServerResponse.prototype,
  Http2ServerResponse.prototype,
  Stream.prototype,
  response,
);

/**
 * Whether `name` is an HTTP/1-only field (RFC 9113 §8.2.2: Connection, Keep-Alive,
 * Proxy-Connection, Transfer-Encoding, Upgrade). Over HTTP/2 they mean nothing; node drops
 * Connection with a warning and makes the whole response fail for the others.
 */
export function isConnectionHeader(name: string): boolean {
  const n = name.length;
  if (n !== 7 && n !== 10 && n !== 16 && n !== 17) return false;
  const lower = name.toLowerCase();
  return (
    lower === 'connection' ||
    lower === 'keep-alive' ||
    lower === 'upgrade' ||
    lower === 'transfer-encoding' ||
    lower === 'proxy-connection'
  );
}

type H2Res = Http2ServerResponse;
type HeaderWrite = (this: H2Res, name: string, value: unknown) => unknown;
const h2SetHeader = Http2ServerResponse.prototype.setHeader as HeaderWrite;
const h2AppendHeader = (Http2ServerResponse.prototype as H2Res).appendHeader as HeaderWrite | undefined;
const h2WriteHead = Http2ServerResponse.prototype.writeHead as (this: H2Res, ...args: unknown[]) => H2Res;

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

function trimString(value: string): string {
  const n = value.length;
  return n !== 0 && (isBlank(value.charCodeAt(0)) || isBlank(value.charCodeAt(n - 1))) ? value.trim() : value;
}

/**
 * A field value without the leading/trailing spaces HTTP/1.1 treats as padding: HTTP/2 forbids
 * them (RFC 9113 §8.2.1) and clients drop or reject such a field, where HTTP/1.1 clients trim it.
 */
function trimValue(value: unknown): unknown {
  if (typeof value === 'string') return trimString(value);
  if (Array.isArray(value)) return value.map((one) => (typeof one === 'string' ? trimString(one) : one));
  return value;
}

function method(value: AnyHandler): PropertyDescriptor {
  return { configurable: true, enumerable: false, writable: true, value };
}

/*
 * Header writes behave as on http.ServerResponse: names and values are validated the same way (a
 * CR/LF in a value throws ERR_INVALID_CHAR rather than reaching the wire), setHeader returns the
 * response (chains such as `res.setHeader(…).send(…)` work), values lose the edge spaces HTTP/2
 * forbids, and HTTP/1-only fields are dropped, so none is ever sent and none makes node refuse the
 * response.
 */
responseLayer.setHeader = method(function setHeader(this: H2Res, name: string, value: unknown) {
  validateHeaderName(name);
  validateHeaderValue(name, value as string);
  if (!isConnectionHeader(name)) h2SetHeader.call(this, name, trimValue(value));
  return this;
});

if (h2AppendHeader !== undefined) {
  responseLayer.appendHeader = method(function appendHeader(this: H2Res, name: string, value: unknown) {
    validateHeaderName(name);
    validateHeaderValue(name, value as string);
    if (!isConnectionHeader(name)) h2AppendHeader.call(this, name, trimValue(value));
    return this;
  });
}

responseLayer.writeHead = method(function writeHead(this: H2Res, statusCode: number, ...rest: unknown[]) {
  // Headers given here go through setHeader above; an already sent head is node's error to raise.
  if (rest.length === 0 || this.headersSent) return h2WriteHead.call(this, statusCode, ...rest);
  // Sound: it uses only setHeader, appendHeader and statusCode, which an HTTP/2 compat response has with
  // the same meaning (the setHeader above); the two classes share no base for TypeScript.
  const message = absorbWriteHeadArguments(this as unknown as ServerResponse, statusCode, rest);
  return message === undefined
    ? h2WriteHead.call(this, statusCode)
    : h2WriteHead.call(this, statusCode, message);
});

export interface Http2Prototypes {
  request: object;
  response: object;
}

const kHttp2Prototypes = Symbol('webapp.http2Prototypes');

/**
 * The app's HTTP/2 request and response prototypes, created on first use. Each carries `marker`
 * (webapp's server-prototype symbol) pointing at app.request / app.response, so `app.handle`
 * recognises objects already built on them.
 * @example
 * Object.setPrototypeOf(req, http2Prototypes(app, kServerProto).request);
 */
export function http2Prototypes(app: AppInternal, marker: symbol): Http2Prototypes {
  const own = (app as AppInternal & { [kHttp2Prototypes]?: Http2Prototypes })[kHttp2Prototypes];
  if (own !== undefined) return own;
  const request = Object.create(app.request, requestLayer);
  Object.defineProperty(request, marker, { value: app.request });
  const response = Object.create(app.response, responseLayer);
  Object.defineProperty(response, marker, { value: app.response });
  const protos = { request, response };
  Object.defineProperty(app, kHttp2Prototypes, { value: protos, configurable: true });
  return protos;
}

/**
 * Request fields as HTTP/1.1 middleware expects them. HTTP/2 carries the host in the `:authority`
 * pseudo-header and usually sends no Host header: `req.headers.host` is filled in from it when
 * absent (an HTTP/2 Host header, when sent, must equal it). HTTP/2 frames a body without
 * Transfer-Encoding: a body of unannounced length (no Content-Length, stream still open after the
 * headers) is marked `transfer-encoding: chunked`, as HTTP/1.1 would have framed it, so every
 * body reader that asks "is there a body?" the HTTP/1.1 way (type-is, body-parser, multer) sees it.
 * @example
 * normalizeHttp2Headers(req.headers, req.stream);
 */
export function normalizeHttp2Headers(
  headers: Record<string, unknown>,
  stream: { endAfterHeaders?: boolean },
): void {
  if (headers.host === undefined) {
    const authority = headers[':authority'];
    if (typeof authority === 'string') headers.host = authority;
  }
  if (headers['content-length'] === undefined && stream.endAfterHeaders === false) {
    headers['transfer-encoding'] = 'chunked';
  }
}
