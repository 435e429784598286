/**
 * `req.ip` and `req.ips`: the client address and the forwarded address chain, per `trust proxy`.
 * @module
 */
import { allAddrs, proxyAddr } from '../http/proxy-addr';
import type { Req } from '../types/internal';
import { trustOf } from './trust';

/**
 * The client's address: the socket address, or with `trust proxy` the nearest untrusted address
 * of X-Forwarded-For.
 * @example
 * req.ip // '127.0.0.1'
 * // trust proxy true, X-Forwarded-For: 203.0.113.9, 10.0.0.2
 * req.ip // '203.0.113.9'
 */
export function ip(this: Req): string | undefined {
  // Without X-Forwarded-For the answer is the socket address whatever the setting says.
  if (!this.headers['x-forwarded-for']) return this.socket?.remoteAddress;
  return proxyAddr(this, trustOf(this));
}

/**
 * With `trust proxy`, the X-Forwarded-For addresses from the client to the farthest trusted
 * proxy, in header order (client first); otherwise an empty array.
 * @example
 * // trust proxy true, X-Forwarded-For: client, proxy1, proxy2
 * req.ips // ['client', 'proxy1', 'proxy2']
 */
export function ips(this: Req): string[] {
  if (!this.headers['x-forwarded-for']) return [];
  const addrs = allAddrs(this, trustOf(this));
  addrs.reverse();
  addrs.pop();
  return addrs as string[];
}
