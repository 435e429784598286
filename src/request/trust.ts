/**
 * The app's compiled `trust proxy fn`, shared by the getters that consult X-Forwarded-* headers.
 * @module
 */
import type { TrustFn } from '../http/proxy-addr';
import type { Req } from '../types/internal';

function trustNone(): boolean {
  return false;
}

/**
 * The request's app `trust proxy fn`; trusts nothing when the setting is missing.
 * @example
 * trustOf(req)('10.0.0.1', 1) // true with trust proxy '10.0.0.0/8'
 */
export function trustOf(req: Req): TrustFn {
  const fn = req.app.get('trust proxy fn');
  return typeof fn === 'function' ? fn : trustNone;
}

/**
 * Whether the directly connected peer (hop 0) is a trusted proxy.
 * @example
 * trustsPeer(req) // true with trust proxy 'loopback' for a local peer
 */
export function trustsPeer(req: Req): boolean {
  return trustOf(req)(req.socket?.remoteAddress as string, 0);
}
