/**
 * The request prototype (`webapp.request`): `http.IncomingMessage.prototype` plus every `req`
 * member of Express 4. Each app derives `app.request` from it and each request gets that as its
 * prototype, so nothing is allocated per request: getters compute on access, methods are shared.
 * @module
 */
import { IncomingMessage } from 'node:http';
import { installRequestSignal } from '../lifecycle/signal';
import * as acceptance from './accepts';
import { ip, ips } from './address';
import { fresh, stale } from './fresh';
import { get } from './header';
import { host, hostname, subdomains } from './host';
import { is } from './is';
import { param } from './param';
import { path } from './path';
import { protocol, secure } from './protocol';
import { getQuery, setQuery } from './query';
import { range } from './range';
import type { RequestPrototype } from './types';
import { xhr } from './xhr';

export type { ByteRange, RangeOptions, Ranges, RequestMembers, RequestPrototype } from './types';

/**
 * The request prototype (`webapp.request`). Add members here to extend every app's requests.
 * @example
 * webapp.request.isJson = function () { return this.is('json') === 'json'; };
 */
export const request = Object.create(IncomingMessage.prototype) as RequestPrototype;

// Methods are plain assignable properties, as in Express, so apps and tests can override them.
Object.assign(request, {
  get,
  header: get,
  accepts: acceptance.accepts,
  acceptsCharsets: acceptance.acceptsCharsets,
  acceptsEncodings: acceptance.acceptsEncodings,
  acceptsLanguages: acceptance.acceptsLanguages,
  acceptsCharset: acceptance.acceptsCharset,
  acceptsEncoding: acceptance.acceptsEncoding,
  acceptsLanguage: acceptance.acceptsLanguage,
  is,
  range,
  param,
});

const getters: Record<string, () => unknown> = {
  protocol,
  secure,
  ip,
  ips,
  subdomains,
  path,
  hostname,
  host,
  fresh,
  stale,
  xhr,
};
for (const name of Object.keys(getters)) {
  Object.defineProperty(request, name, { get: getters[name], enumerable: true, configurable: true });
}

// `req.signal` (see ../lifecycle/signal): created on first read.
installRequestSignal(request);

Object.defineProperty(request, 'query', {
  get: getQuery,
  set: setQuery,
  enumerable: true,
  configurable: true,
});
