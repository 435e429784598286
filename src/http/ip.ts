/**
 * Textual IP address parsing into 32-bit words, for `trust proxy` subnet matching.
 *
 * Only the canonical textual forms that `node:net` `isIP` accepts are valid: dotted-decimal IPv4
 * without leading zeros, and RFC 4291 IPv6 (with an optional embedded IPv4 tail and zone id).
 * Legacy shorthands such as `127.1` or octal `010.0.0.1` are refused: an address a proxy writes
 * into X-Forwarded-For is always canonical, and a strict reader cannot be tricked into trusting
 * a disguised address.
 * @module
 */
import { isIPv6 } from 'node:net';

/** Result of {@link parseIpInto}: 0 invalid, 4 IPv4 (value in `out[0]`), 6 IPv6 (`out[0..3]`). */
export type IpFamily = 0 | 4 | 6;

/**
 * Parses dotted-decimal IPv4 text between `start` and `end` into an unsigned 32-bit number,
 * or returns -1. A hand-written scanner: no regex, no allocation.
 * @example
 * parseIPv4('10.0.0.1') // 167772161
 */
export function parseIPv4(text: string, start = 0, end = text.length): number {
  let value = 0;
  let parts = 0;
  let i = start;
  while (parts < 4) {
    const first = i;
    let octet = 0;
    while (i < end) {
      const c = text.charCodeAt(i);
      if (c < 0x30 || c > 0x39) break;
      octet = octet * 10 + (c - 0x30);
      i++;
    }
    const digits = i - first;
    // 1–3 digits, at most 255, and no leading zero ("01" is not canonical).
    if (digits === 0 || digits > 3 || octet > 255 || (digits > 1 && text.charCodeAt(first) === 0x30))
      return -1;
    value = value * 256 + octet;
    parts++;
    if (parts < 4) {
      if (i >= end || text.charCodeAt(i) !== 0x2e) return -1;
      i++;
    }
  }
  return i === end ? value : -1;
}

/** Parses one hexadecimal IPv6 group (already validated by isIPv6). */
function hexGroup(text: string): number {
  return Number.parseInt(text, 16);
}

/**
 * Parses `text` into `out`: IPv4 → `out[0]`; IPv6 → four big-endian 32-bit words in `out[0..3]`.
 * A zone id (`fe80::1%eth0`) is ignored. Returns the family, or 0 when `text` is not an address.
 * @example
 * const out = new Uint32Array(4);
 * parseIpInto('::1', out) // 6, out = [0, 0, 0, 1]
 */
export function parseIpInto(text: string, out: Uint32Array): IpFamily {
  if (typeof text !== 'string') return 0;
  if (text.indexOf(':') === -1) {
    const v4 = parseIPv4(text);
    if (v4 === -1) return 0;
    out[0] = v4;
    return 4;
  }
  if (!isIPv6(text)) return 0;
  let s = text;
  const zone = s.indexOf('%');
  if (zone !== -1) s = s.slice(0, zone);

  const groups: number[] = [];
  let tail = -1;
  const lastColon = s.lastIndexOf(':');
  if (s.indexOf('.', lastColon) !== -1) {
    tail = parseIPv4(s, lastColon + 1);
    s = s.slice(0, lastColon + 1);
    // Keep a trailing "::" (it elides groups); drop a single separating ":".
    if (!s.endsWith('::')) s = s.slice(0, -1);
  }
  const wanted = tail === -1 ? 8 : 6;
  const gap = s.indexOf('::');
  if (gap === -1) {
    for (const part of s.split(':')) groups.push(hexGroup(part));
  } else {
    const left = s.slice(0, gap);
    const right = s.slice(gap + 2);
    const leftGroups = left === '' ? [] : left.split(':');
    const rightGroups = right === '' ? [] : right.split(':');
    for (const part of leftGroups) groups.push(hexGroup(part));
    for (let n = wanted - leftGroups.length - rightGroups.length; n > 0; n--) groups.push(0);
    for (const part of rightGroups) groups.push(hexGroup(part));
  }
  if (tail !== -1) groups.push(Math.floor(tail / 65536), tail % 65536);
  for (let w = 0; w < 4; w++) out[w] = groups[2 * w] * 65536 + groups[2 * w + 1];
  return 6;
}

/**
 * True when the IPv6 words in `out` are an IPv4-mapped address (`::ffff:a.b.c.d`, i.e. ::ffff:0:0/96).
 * @example
 * parseIpInto('::ffff:10.0.0.1', out); isIPv4Mapped(out) // true
 */
export function isIPv4Mapped(out: Uint32Array): boolean {
  return out[0] === 0 && out[1] === 0 && out[2] === 0xffff;
}

/**
 * The prefix length of a contiguous IPv4 netmask (`255.255.0.0` → 16), or -1 when the mask has
 * holes (`255.0.255.0`).
 * @example
 * netmaskPrefix(0xffffff00) // 24
 */
export function netmaskPrefix(mask: number): number {
  const inverted = ~mask >>> 0;
  // A contiguous mask inverted is 2^k − 1, so adding one leaves a single bit set.
  if ((inverted & (inverted + 1)) !== 0) return -1;
  return 32 - Math.log2(inverted + 1);
}
