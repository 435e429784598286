/**
 * Types of the members the request prototype adds to `http.IncomingMessage`.
 * @module
 */
import type { IncomingMessage } from 'node:http';
import type { Request } from '../types/public';

export type { ByteRange, RangeOptions, Ranges } from '../http/range';

/**
 * The properties and methods of Express 4's `req` that the request prototype defines: the public
 * `Request` type's own members, so the implementation and the published type cannot drift apart.
 */
export type RequestMembers = Pick<
  Request,
  | 'get'
  | 'header'
  | 'accepts'
  | 'acceptsCharsets'
  | 'acceptsEncodings'
  | 'acceptsLanguages'
  | 'acceptsCharset'
  | 'acceptsEncoding'
  | 'acceptsLanguage'
  | 'is'
  | 'range'
  | 'param'
  | 'protocol'
  | 'secure'
  | 'ip'
  | 'ips'
  | 'subdomains'
  | 'path'
  | 'hostname'
  | 'host'
  | 'fresh'
  | 'stale'
  | 'xhr'
  | 'query'
  | 'signal'
>;

/** The request prototype object: `http.IncomingMessage.prototype` plus {@link RequestMembers}. */
export type RequestPrototype = IncomingMessage & RequestMembers;
