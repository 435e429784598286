/**
 * The `trust proxy` setting compiled into `trust proxy fn`, and the walk through the forwarded
 * address chain that `req.ip` / `req.ips` are made of.
 *
 * The chain is the socket address followed by the X-Forwarded-For entries from right to left
 * (nearest proxy first). Hop `i` of the chain is passed to `trust(addr, i)`; the first address that
 * is not trusted is the client, and everything before it is the trusted proxy path.
 * @module
 */
import type { IncomingMessage } from 'node:http';
import { webappError } from '../errors/catalogue';
import { headerText } from './header-value';
import { isIPv4Mapped, netmaskPrefix, parseIPv4, parseIpInto } from './ip';

/** Decides whether the address at hop `hop` of the forwarded chain is a trusted proxy. */
export type TrustFn = (addr: string, hop: number) => boolean;

/** The pre-configured subnet names of the `trust proxy` setting. */
const NAMED_RANGES: ReadonlyMap<string, readonly string[]> = new Map([
  ['linklocal', ['169.254.0.0/16', 'fe80::/10']],
  ['loopback', ['127.0.0.1/8', '::1/128']],
  ['uniquelocal', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7']],
]);

/** A compiled subnet: the network words already masked, with one mask per 32-bit word. */
interface Subnet {
  v4: boolean;
  network: Uint32Array;
  mask: Uint32Array;
}

function trustNone(): boolean {
  return false;
}

function trustAll(): boolean {
  return true;
}

function maskWord(bits: number): number {
  if (bits <= 0) return 0;
  if (bits >= 32) return 0xffffffff;
  return (0xffffffff << (32 - bits)) >>> 0;
}

function makeSubnet(v4: boolean, words: Uint32Array, prefix: number): Subnet {
  const count = v4 ? 1 : 4;
  const network = new Uint32Array(count);
  const mask = new Uint32Array(count);
  for (let w = 0; w < count; w++) {
    mask[w] = maskWord(prefix - 32 * w);
    network[w] = (words[w] & mask[w]) >>> 0;
  }
  return { v4, network, mask };
}

function isDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/**
 * Parses one `trust proxy` entry: an address, `address/prefix` or `IPv4/netmask`.
 * Returns null for a valid subnet that can never match (an IPv4-mapped IPv6 subnet shorter than
 * /96, which Express also never matches). Throws Express's TypeError messages for bad input.
 */
function parseSubnet(note: unknown): Subnet | null {
  if (typeof note !== 'string') throw webappError('WEBAPP_TRUST_PROXY_ADDRESS_INVALID', String(note));
  const slash = note.lastIndexOf('/');
  const addrText = slash === -1 ? note : note.slice(0, slash);
  const words = new Uint32Array(4);
  const family = parseIpInto(addrText, words);
  if (family === 0) throw webappError('WEBAPP_TRUST_PROXY_ADDRESS_INVALID', addrText);

  const mapped = family === 6 && isIPv4Mapped(words);
  if (slash === -1) {
    // A bare IPv4-mapped address is stored as the IPv4 address it carries.
    if (mapped) {
      words[0] = words[3];
      return makeSubnet(true, words, 32);
    }
    return makeSubnet(family === 4, words, family === 4 ? 32 : 128);
  }

  const max = family === 6 ? 128 : 32;
  const rangeText = note.slice(slash + 1);
  let prefix = -1;
  if (isDigits(rangeText)) {
    prefix = Number.parseInt(rangeText, 10);
  } else if (family === 4) {
    const mask = parseIPv4(rangeText);
    if (mask !== -1) prefix = netmaskPrefix(mask);
  }
  if (!(prefix > 0 && prefix <= max)) throw webappError('WEBAPP_TRUST_PROXY_RANGE_INVALID', note);

  if (mapped) {
    // An IPv4-mapped subnet only spans IPv4 addresses when its prefix covers the ::ffff: marker.
    if (prefix < 96) return null;
    words[0] = words[3];
    return makeSubnet(true, words, prefix - 96);
  }
  return makeSubnet(family === 4, words, prefix);
}

function compileSubnets(entries: unknown[]): TrustFn {
  const subnets: Subnet[] = [];
  for (const entry of entries) {
    const names = typeof entry === 'string' ? NAMED_RANGES.get(entry) : undefined;
    for (const note of names ?? [entry]) {
      const subnet = parseSubnet(note);
      if (subnet) subnets.push(subnet);
    }
  }
  if (subnets.length === 0) return trustNone;

  // Scratch space owned by this compiled function; the check is synchronous, so it is never shared.
  const scratch = new Uint32Array(4);
  return function trust(addr: string): boolean {
    let family = parseIpInto(addr, scratch);
    if (family === 0) return false;
    // IPv4-mapped candidates are compared as IPv4, so they cannot slip past IPv4 rules.
    if (family === 6 && isIPv4Mapped(scratch)) {
      scratch[0] = scratch[3];
      family = 4;
    }
    const v4 = family === 4;
    for (const subnet of subnets) {
      if (subnet.v4 !== v4) continue;
      const { network, mask } = subnet;
      let match = true;
      for (let w = 0; w < network.length; w++) {
        if ((scratch[w] & mask[w]) >>> 0 !== network[w]) {
          match = false;
          break;
        }
      }
      if (match) return true;
    }
    return false;
  };
}

/**
 * Compiles a `trust proxy` value into a trust function. Accepts `true`/`false`, a hop count, a
 * comma-separated string or an array of addresses, CIDR subnets (`10.0.0.0/8`, `fc00::/7`),
 * netmask forms (`10.0.0.0/255.0.0.0`), the names `loopback` / `linklocal` / `uniquelocal`, or a
 * function. Invalid entries throw a TypeError here, when the setting is set, never per request.
 * @example
 * const trust = compileTrust('loopback, 10.0.0.0/8');
 * trust('10.1.2.3', 0) // true
 * compileTrust(1)('203.0.113.9', 0) // true: trust the first hop only
 */
export function compileTrust(value: unknown): TrustFn {
  if (typeof value === 'function') return value as TrustFn;
  if (value === true) return trustAll;
  if (typeof value === 'number') return (_addr, hop) => hop < value;
  if (typeof value === 'string') return compileSubnets(value.split(',').map((part) => part.trim()));
  if (Array.isArray(value)) return compileSubnets(value);
  if (!value) return trustNone;
  throw webappError('WEBAPP_TRUST_PROXY_INVALID');
}

/**
 * Splits an X-Forwarded-For value into addresses, nearest proxy first (right to left). Entries are
 * comma-separated; surrounding spaces are trimmed and empty entries dropped.
 * @example
 * forwardedFor('client, proxy1, proxy2') // ['proxy2', 'proxy1', 'client']
 */
export function forwardedFor(header: string): string[] {
  const list: string[] = [];
  let i = header.length - 1;
  while (i >= 0) {
    // Skip separators and the spaces around them.
    let c = header.charCodeAt(i);
    while (i >= 0 && (c === 0x20 || c === 0x2c)) c = header.charCodeAt(--i);
    if (i < 0) break;
    const end = i + 1;
    while (i >= 0 && header.charCodeAt(i) !== 0x2c) i--;
    let start = i + 1;
    while (header.charCodeAt(start) === 0x20) start++;
    list.push(header.slice(start, end));
  }
  return list;
}

function socketAddress(req: IncomingMessage): string | undefined {
  return req.socket?.remoteAddress;
}

function forwardedHeader(req: IncomingMessage): string | undefined {
  const header = headerText(req.headers['x-forwarded-for']);
  return header !== undefined && header.length > 0 ? header : undefined;
}

/**
 * The client address: the first untrusted address of the forwarded chain, or the farthest
 * address when every proxy is trusted. Without X-Forwarded-For it is the socket address.
 * @example
 * proxyAddr(req, compileTrust('loopback')) // '203.0.113.9'
 */
export function proxyAddr(req: IncomingMessage, trust: TrustFn): string | undefined {
  const socketAddr = socketAddress(req);
  const header = forwardedHeader(req);
  if (header === undefined || typeof trust !== 'function') return socketAddr;
  const list = forwardedFor(header);
  if (list.length === 0 || !trust(socketAddr as string, 0)) return socketAddr;
  const last = list.length - 1;
  for (let i = 0; i < last; i++) {
    if (!trust(list[i], i + 1)) return list[i];
  }
  return list[last];
}

/**
 * The forwarded chain from the socket address outward, cut after the first untrusted address:
 * `[socket, proxyN, …, client]`. The farthest address is never tested, as in Express.
 * @example
 * allAddrs(req, compileTrust(true)) // ['127.0.0.1', '10.0.0.2', '203.0.113.9']
 */
export function allAddrs(req: IncomingMessage, trust: TrustFn): (string | undefined)[] {
  const socketAddr = socketAddress(req);
  const header = forwardedHeader(req);
  const addrs: (string | undefined)[] = [socketAddr];
  if (header === undefined) return addrs;
  const list = forwardedFor(header);
  if (list.length === 0 || typeof trust !== 'function' || !trust(socketAddr as string, 0)) return addrs;
  const last = list.length - 1;
  for (let i = 0; i < last; i++) {
    addrs.push(list[i]);
    if (!trust(list[i], i + 1)) return addrs;
  }
  addrs.push(list[last]);
  return addrs;
}
