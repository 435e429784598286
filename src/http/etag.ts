/**
 * Entity tags for dynamic responses and the `etag` setting compiled into `etag fn`.
 * The tag format is Express 4's (`"<byte length hex>-<27 chars of base64 sha1>"`), so caches that
 * hold tags issued by an Express app keep validating after the switch.
 * @module
 */
import { Buffer } from 'node:buffer';
import crypto from 'node:crypto';
import { webappError } from '../errors/catalogue';

export type ETagFn = (body: string | Buffer, encoding?: BufferEncoding) => string | undefined;

// The tag of the empty body, precomputed (sha1 of nothing).
const EMPTY_TAG = '"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';
const WEAK_EMPTY_TAG = `W/${EMPTY_TAG}`;

type OneShotHash = (algorithm: string, data: string | Buffer, enc: 'base64') => string;

// One-shot hashing (node >= 20.12) skips the Hash object; the 20.0-20.11 releases that lack it fall
// back to createHash.
function sha1Base64(data: string | Buffer): string {
  const oneShotHash = (crypto as { hash?: OneShotHash }).hash;
  return oneShotHash
    ? oneShotHash('sha1', data, 'base64')
    : crypto.createHash('sha1').update(data).digest('base64');
}

/** The part of the base64 SHA-1 a tag carries (27 characters, the padding left out). */
function tagHash(body: string | Buffer): string {
  return sha1Base64(body).slice(0, 27);
}

/**
 * The entity tag of a body, `W/` prefixed when weak. Strings are hashed as UTF-8 without a Buffer copy
 * unless another `encoding` is given. `knownLength`, when the caller has it, is the body's byte length.
 * @example
 * entityTag('hello', true) // 'W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"'
 */
export function entityTag(
  body: string | Buffer,
  weak: boolean,
  encoding?: BufferEncoding,
  knownLength?: number,
): string {
  let data = body;
  if (typeof data === 'string' && encoding !== undefined && encoding !== 'utf8' && encoding !== 'utf-8') {
    data = Buffer.from(data, encoding);
    knownLength = undefined;
  }
  const length =
    knownLength !== undefined
      ? knownLength
      : typeof data === 'string'
        ? Buffer.byteLength(data, 'utf8')
        : data.length;
  if (length === 0) return weak ? WEAK_EMPTY_TAG : EMPTY_TAG;
  // One template per form: the weak tag is built in one go, not as a prefix to a second string.
  const hex = length.toString(16);
  const hash = tagHash(data);
  return weak ? `W/"${hex}-${hash}"` : `"${hex}-${hash}"`;
}

/**
 * The default `etag fn` (setting `etag` = true or 'weak').
 * @example
 * weakETag('hello') // 'W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"'
 */
export function weakETag(body: string | Buffer, encoding?: BufferEncoding): string {
  return entityTag(body, true, encoding);
}

/**
 * The `etag fn` for setting `etag` = 'strong'.
 * @example
 * strongETag('hello') // '"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"'
 */
export function strongETag(body: string | Buffer, encoding?: BufferEncoding): string {
  return entityTag(body, false, encoding);
}

/**
 * Whether `fn` is one of the built-in generators, which accept strings directly; a user function
 * gets a Buffer, as Express 4 hands it one.
 * @example
 * isBuiltinETag(compileETag('weak')) // true
 */
export function isBuiltinETag(fn: unknown): boolean {
  return fn === weakETag || fn === strongETag;
}

/**
 * Turns the raw `etag` setting into a generator, or undefined when ETags are off.
 * @example
 * compileETag('strong')('hello') // '"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"'
 */
export function compileETag(value: unknown): ETagFn | undefined {
  if (typeof value === 'function') return value as ETagFn;
  switch (value) {
    case true:
    case 'weak':
      return weakETag;
    case false:
      return undefined;
    case 'strong':
      return strongETag;
    default:
      throw webappError('WEBAPP_SETTING_ETAG_INVALID', value);
  }
}
