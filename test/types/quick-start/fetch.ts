// app.fetch and webapp.fromFetch as a new user types them: web-standard Request/Response, the
// options of each, and what must not compile.
import webapp, { type FetchHandler, type FetchOptions, type FromFetchOptions } from 'webappjs';

const app = webapp();
const answer: Promise<Response> = app.fetch(new Request('http://localhost/'));
// Bound: callable detached, as Bun.serve and Deno.serve call it.
const { fetch } = app;
const options: FetchOptions = { remoteAddress: '127.0.0.1', remotePort: 5000, encrypted: true };
void fetch(new Request('http://localhost/'), options);
void app.fetch(new Request('http://localhost/'), { remoteAddr: { hostname: '203.0.113.1', port: 1 } });
void app.fetch(new Request('http://localhost/'), { requestIP: () => ({ address: '::1', port: 2 }) });
// @ts-expect-error a URL string is not a Request
void app.fetch('http://localhost/');
// @ts-expect-error a misspelt option
void app.fetch(new Request('http://localhost/'), { remoteAdress: '127.0.0.1' });

const handler: FetchHandler = (request) => new Response(request.url);
const fromFetchOptions: FromFetchOptions = { notFound: 'next' };
app.use(webapp.fromFetch(handler, fromFetchOptions));
app.use('/h', webapp.fromFetch({ fetch: async (request: Request) => new Response(request.method) }));
// @ts-expect-error a handler must answer with a Response
webapp.fromFetch(() => 'text');
// @ts-expect-error notFound is 'send' or 'next'
webapp.fromFetch(handler, { notFound: 'skip' });

export { answer };
