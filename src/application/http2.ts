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
import { IncomingMessage, ServerResponse } from 'node:http';
import { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import { Readable, Stream } from 'node:stream';
import type { AppInternal } from '../types/internal';

/** Own descriptors that put `h2Proto`'s members in front of an HTTP/1 chain ending at `commonBase`. */
function transportLayer(h1Proto: object, h2Proto: object, commonBase: object): PropertyDescriptorMap {
  const layer: PropertyDescriptorMap = {};
  for (
    let proto: object | null = h1Proto;
    proto !== null && proto !== commonBase;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const key of Reflect.ownKeys(proto)) {
      if (Object.hasOwn(layer, key) || Object.hasOwn(h2Proto, key)) continue;
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
    layer[key as string] = Object.getOwnPropertyDescriptor(h2Proto, key) as PropertyDescriptor;
  }
  return layer;
}

const requestLayer = transportLayer(
  IncomingMessage.prototype,
  Http2ServerRequest.prototype,
  Readable.prototype,
);
const responseLayer = transportLayer(
  ServerResponse.prototype,
  Http2ServerResponse.prototype,
  Stream.prototype,
);

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
  const own = (app as unknown as Record<symbol, Http2Prototypes | undefined>)[kHttp2Prototypes];
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
 * HTTP/2 carries the request's host in the `:authority` pseudo-header and usually sends no Host
 * header; middleware written for Express reads `req.headers.host`, so it is filled in from
 * `:authority` when absent (an HTTP/2 Host header, when sent, must equal it).
 */
export function normalizeHttp2Headers(headers: Record<string, unknown>): void {
  if (headers.host === undefined) {
    const authority = headers[':authority'];
    if (typeof authority === 'string') headers.host = authority;
  }
}
