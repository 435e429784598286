/**
 * Direct access to a response's pending headers for the few headers webapp writes on every response
 * (X-Powered-By, Content-Type, Content-Length, ETag) with values it generated itself.
 *
 * Why: node's setHeader re-validates the name and value with regular expressions and lower-cases the
 * name on every call (~170 ns each in node 20, four calls per res.json); for a constant name and a value
 * we built from digits and base64, that work proves nothing. And the store webapp creates serialises
 * faster than node's (see HeaderStore). The store is node's own (the object behind
 * getHeader/getHeaders, read by writeHead), so every byte still leaves through the instance's
 * writeHead/write/end, and getHeader, hasHeader, removeHeader and wrappers of writeHead see the header
 * exactly as if setHeader had set it.
 *
 * The shortcut is taken only when it is provably equivalent: the store was recognised at startup by a
 * probe of node's own OutgoingMessage (otherwise every call goes through setHeader), the response's
 * setHeader/getHeader are node's (a middleware that wraps them gets its calls), and headers are not sent
 * yet (setHeader then throws ERR_HTTP_HEADERS_SENT, as it should).
 * @module
 */
import { IncomingMessage, OutgoingMessage, ServerResponse } from 'node:http';

type Entry = [name: string, value: string | number | readonly string[]];
type Store = Record<string, Entry>;
type Message = OutgoingMessage & { _header?: string | null };

const nativeSetHeader = OutgoingMessage.prototype.setHeader;
const nativeGetHeader = OutgoingMessage.prototype.getHeader;

/*
 * The store webapp creates when it sets the first header of a response. node creates its own with
 * `{ __proto__: null }`, a dictionary-mode object that V8 enumerates slowly when writeHead serialises
 * it (a for-in per response: ~400 ns for four headers). Instances of this constructor have ordinary
 * fast properties, and their prototype chain is one empty object without a prototype: no `constructor`,
 * `toString` or `__proto__` for a header name to collide with, as in node's own store.
 */
const HeaderStore = function HeaderStore() {} as unknown as new () => Store;
HeaderStore.prototype = Object.create(null);

/** node's symbol for the pending-headers store, when it behaves as this module relies on. */
const storeKey: symbol | undefined = findStore();

/** Checks node's layout end to end on a real response: entries, reads, and what writeHead sends. */
function findStore(): symbol | undefined {
  try {
    const res = new ServerResponse(new IncomingMessage(null as never)) as ServerResponse & {
      _header?: string | null;
    } & Record<symbol, unknown>;
    const key = Object.getOwnPropertySymbols(res).find((s) => s.description === 'kOutHeaders');
    if (key === undefined || res[key] !== null) return undefined;
    res.setHeader('X-Native', 'one');
    const entry = (res[key] as Store | null)?.['x-native'];
    if (!Array.isArray(entry) || entry.length !== 2 || entry[0] !== 'X-Native' || entry[1] !== 'one')
      return undefined;
    const store = new HeaderStore();
    store['x-direct'] = ['X-Direct', 'two'];
    res[key] = store;
    res.setHeader('X-Native', 'one');
    if (res.getHeader('x-direct') !== 'two' || !res.hasHeader('X-Native') || res.hasHeader('constructor')) {
      return undefined;
    }
    if (res.getHeaderNames().join() !== 'x-direct,x-native') return undefined;
    res.writeHead(200);
    const head = res._header;
    if (typeof head !== 'string' || !head.includes('\r\nX-Direct: two\r\nX-Native: one\r\n'))
      return undefined;
    return key;
  } catch {
    return undefined;
  }
}

/**
 * Sets a header whose name is a valid token and whose value webapp generated (no CR, LF or other
 * control character). `lower` is `name` lower-cased.
 * @example
 * setTrustedHeader(res, 'Content-Length', 'content-length', '17');
 */
export function setTrustedHeader(res: OutgoingMessage, name: string, lower: string, value: string): void {
  if (storeKey === undefined || res.setHeader !== nativeSetHeader || (res as Message)._header) {
    res.setHeader(name, value);
    return;
  }
  const holder = res as unknown as Record<symbol, Store | null>;
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
export function readHeader(res: OutgoingMessage, lower: string): Entry[1] | undefined {
  if (storeKey === undefined || res.getHeader !== nativeGetHeader) return res.getHeader(lower);
  const store = (res as unknown as Record<symbol, Store | null>)[storeKey];
  if (!store) return undefined;
  const entry = store[lower];
  return entry === undefined ? undefined : entry[1];
}

/** Whether the direct store is in use (for tests: on node versions without it, setHeader is). */
export const hasDirectStore: boolean = storeKey !== undefined;
