/**
 * `req.protocol` and `req.secure`.
 * @module
 */
import type { TLSSocket } from 'node:tls';
import { headerText } from '../http/header-value';
import type { Req } from '../types/internal';
import { trustsPeer } from './trust';

/**
 * `https` on a TLS connection, else `http`; when the peer is a trusted proxy, the first value of
 * X-Forwarded-Proto instead.
 * @example
 * req.protocol // 'http'
 * // trust proxy true, X-Forwarded-Proto: https
 * req.protocol // 'https'
 */
export function protocol(this: Req): string {
  const proto = (this.socket as TLSSocket | undefined)?.encrypted ? 'https' : 'http';
  if (!trustsPeer(this)) return proto;
  const header = headerText(this.headers['x-forwarded-proto']) || proto;
  const comma = header.indexOf(',');
  return comma !== -1 ? header.substring(0, comma).trim() : header.trim();
}

/**
 * Whether the request came over TLS: `req.protocol === 'https'`.
 * @example
 * req.secure // false
 */
export function secure(this: Req): boolean {
  return this.protocol === 'https';
}
