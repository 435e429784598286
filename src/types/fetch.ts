/**
 * Public types of the Fetch API entries: `app.fetch(request, options)` and `webapp.fromFetch(handler,
 * options)`. Self-contained: `Request` and `Response` are the web-standard globals.
 * @module
 */

/**
 * Where the connection `app.fetch` answers on claims to come from: what `req.socket` shows, and so
 * what `req.ip`, `req.ips`, `req.protocol` and `trust proxy` read. Every field is optional; an address
 * not given is `undefined`, as on a socket that no longer knows it.
 * @example
 * app.fetch(request, { remoteAddress: '203.0.113.7', encrypted: true });
 */
export interface FetchConnectionOptions {
  /** The client's address (`req.socket.remoteAddress`, `req.ip` without trust proxy). */
  remoteAddress?: string;
  /** The client's port (`req.socket.remotePort`). */
  remotePort?: number;
  /** `'IPv4'` or `'IPv6'` (`req.socket.remoteFamily`); derived from `remoteAddress` when left out. */
  remoteFamily?: string;
  /** The server's address (`req.socket.localAddress`). */
  localAddress?: string;
  /** The server's port (`req.socket.localPort`). */
  localPort?: number;
  /**
   * Whether the connection is TLS (`req.socket.encrypted`: `req.protocol` is `'https'`). Defaults to
   * whether the request's URL is `https:`.
   */
  encrypted?: boolean;
}

/**
 * The second argument `Deno.serve` passes to its handler: the client's address is read from it.
 * @example
 * Deno.serve(app.fetch); // (request, info) => …
 */
export interface DenoServeInfo {
  remoteAddr: { hostname: string; port: number; transport?: string };
}

/**
 * The second argument `Bun.serve` passes to its `fetch`: the client's address is read with its
 * `requestIP(request)`.
 * @example
 * Bun.serve({ fetch: app.fetch }); // (request, server) => …
 */
export interface BunServeServer {
  requestIP(request: Request): { address: string; port: number; family?: string } | null;
}

/**
 * The second argument of `app.fetch`: connection details, or what `Deno.serve` / `Bun.serve` pass.
 * @example
 * await app.fetch(new Request('http://localhost/'), { remoteAddress: '127.0.0.1' });
 */
export type FetchOptions = FetchConnectionOptions | DenoServeInfo | BunServeServer;

/**
 * `app.fetch`: answers a web-standard Request with the app (bound: callable detached).
 * @example
 * Bun.serve({ fetch: app.fetch });
 * const response = await app.fetch(new Request('http://localhost/users/1'));
 */
export type AppFetch = (request: Request, options?: FetchOptions) => Promise<Response>;

/**
 * A fetch handler `webapp.fromFetch` mounts: a function from Request to Response, or an object with
 * such a `fetch` method (a Hono app, an h3 v2 app, …).
 * @example
 * const handler: FetchHandler = (request) => new Response('hi');
 */
export type FetchHandler =
  | ((request: Request) => Response | Promise<Response>)
  | { fetch(request: Request): Response | Promise<Response> };

/**
 * Options of `webapp.fromFetch`.
 * @example
 * app.use('/api', webapp.fromFetch(hono.fetch, { notFound: 'next' }));
 */
export interface FromFetchOptions {
  /**
   * `'next'`: when the handler answers 404, its response is dropped and the request goes on to the
   * next middleware (`next()`), as if the handler had not matched. Default `'send'`: the 404 is sent.
   */
  notFound?: 'send' | 'next';
}
