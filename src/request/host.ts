/**
 * `req.hostname`, `req.subdomains`, and the deprecated `req.host`.
 * @module
 */
import { isIP } from 'node:net';
import { headerText } from '../http/header-value';
import type { Req } from '../types/internal';
import { deprecate } from '../utils/deprecate';
import { trustsPeer } from './trust';

/**
 * The Host header without its port (an IPv6 literal keeps its brackets: `[::1]`); when the peer
 * is a trusted proxy, the first X-Forwarded-Host value instead. Undefined without a host.
 * @example
 * // Host: example.com:3000
 * req.hostname // 'example.com'
 */
export function hostname(this: Req): string | undefined {
  // Node joins repeated X-Forwarded-* headers into one comma-separated string.
  let host = headerText(this.headers['x-forwarded-host']);
  if (!host || !trustsPeer(this)) {
    host = headerText(this.headers.host);
  } else {
    const comma = host.indexOf(',');
    if (comma !== -1) host = host.substring(0, comma).trimEnd();
  }
  if (!host) return undefined;
  // The port colon of an IPv6 literal comes after its closing bracket.
  const offset = host.charCodeAt(0) === 0x5b ? host.indexOf(']') + 1 : 0;
  const colon = host.indexOf(':', offset);
  return colon !== -1 ? host.substring(0, colon) : host;
}

/**
 * Deprecated alias of {@link hostname}. Warns once per process.
 * @example
 * req.host // 'example.com'
 */
export function host(this: Req): string | undefined {
  deprecate('WEBAPP_REQ_HOST', 'req.host: Use req.hostname instead');
  return this.hostname;
}

/**
 * The subdomains of the hostname, nearest to the domain first, after dropping `subdomain offset`
 * (default 2) parts. An IP address host has none.
 * @example
 * // Host: tobi.ferrets.example.com
 * req.subdomains // ['ferrets', 'tobi']
 */
export function subdomains(this: Req): string[] {
  const name = this.hostname;
  if (!name) return [];
  const offset = this.app.get('subdomain offset');
  const parts = isIP(name) === 0 ? name.split('.').reverse() : [name];
  return parts.slice(offset);
}
