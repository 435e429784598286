/**
 * Direct access to a response's pending headers for the few headers webapp writes on every response
 * (X-Powered-By, Content-Type, Content-Length, ETag) with values it generated itself.
 *
 * Why: node's setHeader re-validates the name and value with regular expressions and lower-cases the
 * name on every call (~170 ns each in node 20, four calls per res.json); for a constant name and a value
 * we built from digits and base64, that work proves nothing. And the store webapp creates serialises
 * faster than node's (see HeaderStore in ./node-internals). The store is node's own (the object behind
 * getHeader/getHeaders, read by writeHead), so every byte still leaves through the instance's
 * writeHead/write/end, and getHeader, hasHeader, removeHeader and wrappers of writeHead see the header
 * exactly as if setHeader had set it.
 *
 * The shortcut is taken only when it is provably equivalent: the store was recognised at startup by a
 * probe of node's own OutgoingMessage (see ./node-internals, assumption 1; otherwise every call goes
 * through setHeader), the response's setHeader/getHeader are node's (a middleware that wraps them gets
 * its calls), and headers are not sent yet (setHeader then throws ERR_HTTP_HEADERS_SENT, as it should).
 * @module
 */
import { OutgoingMessage } from 'node:http';
import {
  type HeaderDictionary,
  type HeaderEntry,
  HeaderStore,
  headWritten,
  outHeadersKey,
} from './node-internals';

type Store = HeaderDictionary;

const nativeSetHeader = OutgoingMessage.prototype.setHeader;
const nativeGetHeader = OutgoingMessage.prototype.getHeader;

/** node's symbol for the pending-headers store, when it behaves as this module relies on. */
const storeKey: symbol | undefined = outHeadersKey;

/**
 * Sets a header whose name is a valid token and whose value webapp generated (no CR, LF or other
 * control character). `lower` is `name` lower-cased.
 * @example
 * setTrustedHeader(res, 'Content-Length', 'content-length', '17');
 */
export function setTrustedHeader(res: OutgoingMessage, name: string, lower: string, value: string): void {
  if (storeKey === undefined || res.setHeader !== nativeSetHeader || headWritten(res)) {
    res.setHeader(name, value);
    return;
  }
  // The store sits in node's own symbol slot (./node-internals, assumption 1), not in @types/node.
  const holder = res as OutgoingMessage & Record<symbol, Store | null>;
  let store = holder[storeKey];
  if (store === null) {
    store = new HeaderStore();
    holder[storeKey] = store;
  }
  store[lower] = [name, value];
}

/**
 * A pending header's value, as res.getHeader returns it. `lower` is the lower-cased name.
 * @example
 * readHeader(res, 'content-type') // 'application/json; charset=utf-8'
 */
export function readHeader(res: OutgoingMessage, lower: string): HeaderEntry[1] | undefined {
  if (storeKey === undefined || res.getHeader !== nativeGetHeader) return res.getHeader(lower);
  const store = (res as OutgoingMessage & Record<symbol, Store | null>)[storeKey];
  if (!store) return undefined;
  const entry = store[lower];
  return entry === undefined ? undefined : entry[1];
}

/** Whether the direct store is in use (for tests: on node versions without it, setHeader is). */
export const hasDirectStore: boolean = storeKey !== undefined;
