/**
 * Every place webapp relies on something of node's http module that node does not document. Each
 * assumption is probed once, on first use (never when webapp loads), on node's own objects; when a
 * node release — or a runtime that emulates node:http, such as Bun or Deno — does something else, the
 * probe fails and webapp takes the documented way instead, so behaviour never depends on an internal.
 * test/http/node-internals.test.ts checks each assumption by name, so a changed one is reported
 * loudly instead of silently costing speed.
 *
 * The assumptions:
 * 1. `kOutHeaders`: an OutgoingMessage keeps its pending headers in an own property keyed by a symbol
 *    described 'kOutHeaders': `null` until the first header, then a dictionary of
 *    lower-cased name → [name as given, value]; getHeader, hasHeader, getHeaderNames and writeHead
 *    read that dictionary, whatever object it is. Used by ./header-store to set headers webapp
 *    generated without setHeader's per-call validation. Fallback: setHeader/getHeader.
 * 2. (none: `res.headersSent` is read as documented.)
 * 3. Server class slots: an http.Server keeps the IncomingMessage and ServerResponse classes it was
 *    created with (createServer's options) in own properties keyed by symbols described
 *    'IncomingMessage' and 'ServerResponse', read for every new connection. Used to let a server
 *    created by `http.createServer(app)` build its next requests on the app's classes. Fallback:
 *    none needed (every request's prototype is swapped in app.handle instead).
 *    An http2 server with `allowHTTP1` keeps its options in an own property keyed by a symbol
 *    described 'options', and on every HTTP/1.1 connection sets the two slots from the options'
 *    `Http1IncomingMessage`/`Http1ServerResponse`; those are replaced too.
 * 4. `socket.server`: a server-side net.Socket points at the server that accepted it. Used with 3.
 *    Fallback: as for 3.
 * 5. `shouldKeepAlive`: a ServerResponse's `shouldKeepAlive` is false when node will close the
 *    connection after the response (the request said `Connection: close`, or spoke HTTP/1.0), and
 *    setting it to true before the head is written keeps the connection open. Used by
 *    ../body/drain to read an unread body off before closing such a connection itself. Not probed
 *    (it needs a connection): its test says when it changes; the body is then still read off, but
 *    node may close the connection under a client still sending.
 * 6. node's 'finish' listener: node adds a 'finish' listener to each server response that dumps an
 *    unread request body (resumes it, unbounded, with its 'data' listeners removed). A listener
 *    prepended on 'finish' runs before it. Used by ../body/drain. Not probed: as for 5.
 * 7. http2 compatibility constructors: an http2 server constructs its `Http2ServerRequest` class
 *    with (stream, headers, options, rawHeaders) and its `Http2ServerResponse` class with (stream);
 *    @types/node declares fewer. ../middleware/http2 subclasses both with explicit constructors
 *    that forward exactly those (a rest parameter would cost per request). Kept there, not here,
 *    so that HTTP/1-only apps never load node:http2. Not probed: its test says when it changes.
 * 8. Tick objects: node runs each `process.nextTick` callback with its tick object (an object
 *    literal whose first properties have symbol keys, then `callback` and `args`) as the execution
 *    resource that `async_hooks.executionAsyncResource()` returns. Used by keepTickShapes, below.
 *    Probed on the one tick it schedules: a resource that does not carry its callback is not kept.
 * 9. (none: node switches its AsyncContextFrame on when it first needs it.)
 * 10. (none: a request nobody read is ended by node's own `_dump`.)
 * 11. A connection's messages: a server-side HTTP/1 socket's `_httpMessage` is the response being
 *    written on it (null between responses), and its `parser.incoming` the request parsed last.
 *    Used by ../lifecycle/shutdown to find the response that should say `Connection: close` on a
 *    busy connection. Not probed (it needs a connection): both are checked for their type where read,
 *    and their test says when they change; without them, a busy connection is closed once it is idle
 *    (polled), its last response still saying keep-alive.
 * @module
 */
import { executionAsyncResource } from 'node:async_hooks';
import { IncomingMessage, Server, ServerResponse } from 'node:http';

/** A pending header: [name as given, value], under the lower-cased name. */
export type HeaderEntry = [name: string, value: string | number | readonly string[]];
/** The pending-headers dictionary of an OutgoingMessage. */
export type HeaderDictionary = Record<string, HeaderEntry>;

type Probed = ServerResponse & { _header?: unknown } & Record<symbol, unknown>;

/** A response that no connection will ever see, for probing. */
function probeResponse(): Probed {
  return new ServerResponse(new IncomingMessage(null as never)) as Probed;
}

/*
 * The dictionary webapp creates when it sets the first header of a response (see ./header-store).
 * node creates its own with `{ __proto__: null }`, a hash table that is slow to enumerate when
 * writeHead serialises it (a for-in per response). Instances of this constructor have ordinary fast
 * properties, and their prototype chain is one empty object without a prototype: no `constructor`,
 * `toString` or `__proto__` for a header name to collide with, as in node's own dictionary.
 */
// Sound: called with `new`, it returns an empty object whose prototype (set below) is a null-prototype one.
export const HeaderStore = function HeaderStore() {} as unknown as new () => HeaderDictionary;
HeaderStore.prototype = Object.create(null);

/**
 * Assumption 1, checked end to end on a real response: the symbol, its initial `null`, the entry
 * layout setHeader writes, and that a HeaderStore put in its place is what getHeader, hasHeader,
 * getHeaderNames and writeHead read. `make` is a parameter for the tests.
 */
export function probeOutHeaders(make: () => Probed = probeResponse): symbol | undefined {
  try {
    const res = make();
    const key = Object.getOwnPropertySymbols(res).find((s) => s.description === 'kOutHeaders');
    if (key === undefined || res[key] !== null) return undefined;
    res.setHeader('X-Native', 'one');
    const entry = (res[key] as HeaderDictionary | null)?.['x-native'];
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

/** The symbols under which a server keeps its request and response classes. */
export interface ServerClassSlots {
  request: symbol;
  response: symbol;
  /**
   * An http2 server's options (symbol `options`): with allowHTTP1 it sets the two slots above from
   * `Http1IncomingMessage`/`Http1ServerResponse` there on every HTTP/1.1 connection.
   */
  options: symbol | undefined;
}

/** Finds assumption 3's slots on `server`, or undefined. */
function findClassSlots(server: object): ServerClassSlots | undefined {
  let request: symbol | undefined;
  let response: symbol | undefined;
  let options: symbol | undefined;
  for (const key of Object.getOwnPropertySymbols(server)) {
    if (key.description === 'IncomingMessage') request = key;
    else if (key.description === 'ServerResponse') response = key;
    else if (key.description === 'options') options = key;
  }
  return request === undefined || response === undefined ? undefined : { request, response, options };
}

/** Assumption 3 on a server that was never started: the slots hold the classes it was given. */
export function probeServerClassSlots(make?: (req: unknown, res: unknown) => object): boolean {
  try {
    class ProbeRequest extends IncomingMessage {}
    class ProbeResponse extends ServerResponse {}
    const server = make
      ? make(ProbeRequest, ProbeResponse)
      : new Server({ IncomingMessage: ProbeRequest, ServerResponse: ProbeResponse });
    const slots = findClassSlots(server);
    if (slots === undefined) return false;
    const held = server as Record<symbol, unknown>;
    return held[slots.request] === ProbeRequest && held[slots.response] === ProbeResponse;
  } catch {
    return false;
  }
}

/** What the probes found. */
interface Findings {
  outHeaders: symbol | undefined;
  serverClassSlots: boolean;
}

let findings: Findings | undefined;

/** Probes every assumption once, the first time any is needed (a server starting, a first header). */
function probed(): Findings {
  findings ??= {
    outHeaders: probeOutHeaders(),
    serverClassSlots: probeServerClassSlots(),
  };
  return findings;
}

/** node's symbol for the pending-headers dictionary, when it behaves as ./header-store relies on. */
export function outHeadersKey(): symbol | undefined {
  return probed().outHeaders;
}

/**
 * The server that accepted `socket` (assumption 4), if node says.
 * @example
 * serverOf(req.socket) // the http.Server, or undefined
 */
export function serverOf(socket: unknown): Record<symbol, unknown> | undefined {
  const server = (socket as { server?: unknown } | null)?.server;
  return server !== null && typeof server === 'object' ? (server as Record<symbol, unknown>) : undefined;
}

/**
 * The slots of `server` that hold its request and response classes (assumption 3), or undefined
 * when this node keeps them elsewhere.
 */
export function serverClassSlots(server: object): ServerClassSlots | undefined {
  return probed().serverClassSlots ? findClassSlots(server) : undefined;
}

/**
 * Makes `server` build its next requests and responses with the classes `makeRequest` and
 * `makeResponse` return (assumption 3, and the http2 `options` of assumption 3), when it still
 * builds them with node's own classes. Returns whether it did; false too when this node keeps the
 * classes elsewhere.
 * @example
 * adoptServerClasses(serverOf(req.socket), () => AppRequest, () => AppResponse)
 */
export function adoptServerClasses(
  server: Record<symbol, unknown>,
  makeRequest: () => object,
  makeResponse: () => object,
): boolean {
  const slots = serverClassSlots(server);
  if (slots === undefined) return false;
  if (server[slots.request] !== IncomingMessage || server[slots.response] !== ServerResponse) return false;
  const Request = makeRequest();
  const Response = makeResponse();
  server[slots.request] = Request;
  server[slots.response] = Response;
  // An http2 server with allowHTTP1 sets those two from its options on every HTTP/1.1 connection.
  const options =
    slots.options === undefined ? undefined : (server[slots.options] as Record<string, unknown> | undefined);
  if (options?.Http1IncomingMessage === IncomingMessage && options.Http1ServerResponse === ServerResponse) {
    options.Http1IncomingMessage = Request;
    options.Http1ServerResponse = Response;
  }
  return true;
}

/**
 * Whether node will keep the connection of `res` open after it (assumption 5).
 * @example
 * keepsConnection(res) // false for a request with `Connection: close`
 */
export function keepsConnection(res: ServerResponse): boolean {
  return res.shouldKeepAlive;
}

/**
 * Makes node keep the connection of `res` open after it (assumption 5): call before the head is
 * written; closing the connection is then the caller's job.
 * @example
 * holdConnection(res); res.removeHeader('Connection');
 */
export function holdConnection(res: ServerResponse): void {
  res.shouldKeepAlive = true;
}

/**
 * Runs `listener` when `res` finishes, before node's own 'finish' listener dumps an unread request
 * body (assumption 6).
 * @example
 * beforeBodyDump(res, () => drain(req, res, done));
 */
export function beforeBodyDump(res: ServerResponse, listener: () => void): void {
  res.prependOnceListener('finish', listener);
}

/*
 * Why keep a tick object (assumption 8): the engine holds the shapes of the tick literal only weakly; a
 * full collection while no tick is alive lets them go, and every later `nextTick` of the process then
 * defines its properties the slow way (5–14 µs more per request on a loaded server, bench/README.md).
 * One tick kept alive keeps the shapes for every server in the process.
 */
let keptTick: Record<PropertyKey, unknown> | undefined;
let tickScheduled = false;

/**
 * Keeps one `process.nextTick` tick object alive for the life of the process (once; later calls do
 * nothing). The tick is scheduled now and kept when it runs.
 * @example
 * keepTickShapes(); // in webapp(): the process keeps its nextTick fast whatever the collector does
 */
export function keepTickShapes(): void {
  if (tickScheduled) return;
  tickScheduled = true;
  process.nextTick(keepCurrentTick);
}

function keepCurrentTick(): void {
  const tick = executionAsyncResource() as Record<PropertyKey, unknown> | null;
  if (tick === null || typeof tick !== 'object' || tick.callback !== keepCurrentTick) return;
  // The async context active when the tick was queued must not live on with it: node 22+ keeps it
  // under a symbol described 'kAsyncContextFrame', AsyncLocalStorage on node 20 its store under
  // 'kResourceStore' (the ids under the other symbols are numbers). Overwriting a field keeps the
  // object's map, which is the point; deleting it would not.
  for (const key of Object.getOwnPropertySymbols(tick)) {
    const value = tick[key];
    // Reflect.set answers false where an assignment would throw (a tick some hook froze): not kept then.
    if (value !== null && typeof value === 'object' && !Reflect.set(tick, key, undefined)) return;
  }
  keptTick = tick;
}

/**
 * The process-wide change webapp makes (assumption 8), once, when the first app is created — unless
 * the environment says `WEBAPP_PROCESS_TUNING=off`.
 * @example
 * tuneProcess(); // in webapp()
 */
export function tuneProcess(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.WEBAPP_PROCESS_TUNING === 'off') return false;
  keepTickShapes();
  return true;
}

/** The tick object keepTickShapes kept, once its tick has run: for tests. */
export function keptTickObject(): object | undefined {
  return keptTick;
}

/**
 * The response node is writing on HTTP/1 `socket`, if one can be seen (assumption 11).
 * @example
 * currentResponse(req.socket) === res
 */
export function currentResponse(socket: unknown): ServerResponse | undefined {
  const message = (socket as { _httpMessage?: unknown } | null)?._httpMessage;
  return message instanceof ServerResponse ? message : undefined;
}

/**
 * The request parsed last on HTTP/1 `socket`, if one can be seen (assumption 11): with pipelining,
 * later than the one `currentResponse` answers.
 * @example
 * latestRequest(req.socket) === req
 */
export function latestRequest(socket: unknown): IncomingMessage | undefined {
  const incoming = (socket as { parser?: { incoming?: unknown } | null } | null)?.parser?.incoming;
  return incoming instanceof IncomingMessage ? incoming : undefined;
}

/**
 * Makes node close the connection of `res` once it is sent, saying `Connection: close` (assumption 5):
 * call before the head is written.
 * @example
 * closeConnectionAfter(res);
 */
export function closeConnectionAfter(res: ServerResponse): void {
  res.shouldKeepAlive = false;
  // A Connection header set by the application would keep the connection open: it no longer can.
  if (res.hasHeader('connection')) res.setHeader('Connection', 'close');
}

/** What the probes found (probing now if nothing has yet), for tests and diagnostics. */
export function nodeInternals(): {
  outHeaders: boolean;
  serverClassSlots: boolean;
} {
  const found = probed();
  return {
    outHeaders: found.outHeaders !== undefined,
    serverClassSlots: found.serverClassSlots,
  };
}
