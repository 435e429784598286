/**
 * Direct access to a response's pending headers for the few headers webapp writes on every response
 * (X-Powered-By, Content-Type, Content-Length, ETag) and on its error pages (Content-Security-Policy,
 * X-Content-Type-Options), with values it generated itself.
 *
 * Why: node's setHeader re-validates the name and value with regular expressions and lower-cases the
 * name on every call (four calls per res.json); for a constant name and a value we built from digits and
 * base64, that work proves nothing. And the store webapp creates serialises faster than node's (see
 * HeaderStore in ./node-internals). Both together: 7% req/s on `hello` (lean, Node 20, bench/README.md).
 * The store is node's own (the object behind getHeader/getHeaders, read by writeHead), so every byte
 * still leaves through the instance's writeHead/write/end, and getHeader, hasHeader, removeHeader and
 * wrappers of writeHead see the header exactly as if setHeader had set it.
 *
 * The shortcut is taken only when it is provably equivalent: the store was recognised at startup by a
 * probe of node's own OutgoingMessage (see ./node-internals, assumption 1; otherwise every call goes
 * through setHeader), the response's setHeader/getHeader are node's (a middleware that wraps them gets
 * its calls), and headers are not sent yet (setHeader then throws ERR_HTTP_HEADERS_SENT, as it should).
 * @module
 */
import { OutgoingMessage } from 'node:http';
import { type HeaderDictionary, type HeaderEntry, HeaderStore, outHeadersKey } from './node-internals';

type Store = HeaderDictionary;

const nativeSetHeader = OutgoingMessage.prototype.setHeader;
const nativeGetHeader = OutgoingMessage.prototype.getHeader;

/** The headers webapp sets itself through the store (see setTrustedHeader), lower-cased. */
export type TrustedHeader =
  | 'content-type'
  | 'content-length'
  | 'etag'
  | 'x-powered-by'
  // The final handler's error page.
  | 'content-security-policy'
  | 'x-content-type-options';

/**
 * Sets a header whose name is a valid token and whose value webapp generated (no CR, LF or other
 * control character; a number is kept as one, as setHeader keeps it). `lower` is `name` lower-cased.
 * @example
 * setTrustedHeader(res, 'Content-Length', 'content-length', '17');
 */
export function setTrustedHeader(
  res: OutgoingMessage,
  name: string,
  lower: TrustedHeader,
  value: string | number,
): void {
  const storeKey = outHeadersKey();
  if (storeKey === undefined || !isNodeSetHeader(res.setHeader) || res.headersSent) {
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
  // One store per name, each written as a named property: a computed key costs a generic lookup.
  const entry: HeaderEntry = [name, value];
  switch (lower) {
    case 'content-type':
      store['content-type'] = entry;
      break;
    case 'content-length':
      store['content-length'] = entry;
      break;
    case 'etag':
      store.etag = entry;
      break;
    case 'x-powered-by':
      store['x-powered-by'] = entry;
      break;
    case 'content-security-policy':
      store['content-security-policy'] = entry;
      break;
    case 'x-content-type-options':
      store['x-content-type-options'] = entry;
      break;
    default:
      // Not a name this module knows (a caller outside the types): node validates it.
      res.setHeader(name, value);
  }
}

/**
 * A pending header's value, as res.getHeader returns it. `lower` is the lower-cased name.
 * @example
 * readHeader(res, 'content-type') // 'application/json; charset=utf-8'
 */
export function readHeader(res: OutgoingMessage, lower: TrustedHeader): HeaderEntry[1] | undefined {
  const storeKey = outHeadersKey();
  if (storeKey === undefined || res.getHeader !== nativeGetHeader) return res.getHeader(lower);
  const store = (res as OutgoingMessage & Record<symbol, Store | null>)[storeKey];
  if (!store) return undefined;
  // Named loads, one per name, for the reason given in setTrustedHeader.
  let entry: HeaderEntry | undefined;
  switch (lower) {
    case 'content-type':
      entry = store['content-type'];
      break;
    case 'content-length':
      entry = store['content-length'];
      break;
    case 'etag':
      entry = store.etag;
      break;
    case 'x-powered-by':
      entry = store['x-powered-by'];
      break;
    default:
      // Names webapp only writes (the error page's): getHeader answers as well.
      return res.getHeader(lower);
  }
  return entry === undefined ? undefined : entry[1];
}

type SetHeader = OutgoingMessage['setHeader'];
const kParent = Symbol('webapp.setHeader.parent');
/** A setHeader made by {@link setHeaderWithFastStore}, marked with the prototype it defers to. */
type FastStoreSetHeader = SetHeader & { [kParent]?: { setHeader: SetHeader } };

/**
 * The setHeader of the responses webapp's server classes build (../application, responseClass): the
 * first header of a response puts a HeaderStore in node's slot where node would make its
 * `{ __proto__: null }` dictionary, then the setHeader the response would otherwise have (looked up
 * on `parent` at each call: an app's own override or an agent's patch of node's prototype still runs)
 * does the rest, validation included: node's null-prototype literal is a hash table, and every later
 * header, getHeader and the head's serialisation would pay hash lookups.
 */
export function setHeaderWithFastStore(parent: { setHeader: SetHeader }): SetHeader {
  const setHeader = function setHeader<T extends OutgoingMessage>(
    this: T,
    name: string,
    value: number | string | readonly string[],
  ): T {
    const storeKey = outHeadersKey();
    if (storeKey !== undefined) {
      // The slot is node's (./node-internals, assumption 1), not in @types/node.
      const holder = this as unknown as Record<symbol, Store | null>;
      if (holder[storeKey] === null && !this.headersSent) holder[storeKey] = new HeaderStore();
    }
    return parent.setHeader.call(this, name, value) as T;
  } as FastStoreSetHeader;
  setHeader[kParent] = parent;
  return setHeader;
}

/** Whether `setHeader` ends in node's own: it is, or it is a fast-store setHeader deferring to it. */
function isNodeSetHeader(setHeader: FastStoreSetHeader): boolean {
  return setHeader === nativeSetHeader || setHeader[kParent]?.setHeader === nativeSetHeader;
}

/** Whether the direct store is in use (for tests: on node versions without it, setHeader is). */
export function hasDirectStore(): boolean {
  return outHeadersKey() !== undefined;
}
