/**
 * The app-level differential suite over HTTP/2: loads the test files below with the HTTP/2
 * transport on, so each of their assertSameAsExpress checks serves the webapp app over HTTP/2 and
 * compares it with express@4 over HTTP/1.1 (see test/support/http.ts). Their other tests run as
 * usual, over HTTP/1.1.
 */
import { transport } from '../support/http';

transport.http2 = true;

/*
 * Timing checks (a parser or matcher "answers quickly", "stays linear") measure code that does not
 * depend on the transport: they run in their own files over HTTP/1.1, and are left out of this
 * second pass, where they would only double the CPU load they are sensitive to.
 */
const TIMING = /quickly|\bfast\b|linear time/;
const nodeTest = require('node:test') as Record<string, unknown>;
for (const name of ['it', 'test']) {
  const original = nodeTest[name] as (...args: unknown[]) => unknown;
  nodeTest[name] = function (this: unknown, title: unknown, ...rest: unknown[]) {
    if (typeof title === 'string' && TIMING.test(title)) return undefined;
    return original.call(this, title, ...rest);
  };
}

/*
 * The files: what HTTP/2 changes for an app, each covered by the differential checks of a file
 * (every file here calls assertSameAsExpress). The other app-level files run over HTTP/1.1 only:
 * their members are functions of headers that do not depend on the transport, and
 * test/http2/members.test.ts, server.test.ts and robustness.test.ts cover each member, the
 * first-party and third-party middleware, compress and sessions over HTTP/2 directly.
 * Kept in name order: a file's tests may see the late work of the file before (app.final-handler
 * counts console.error calls), as in the order they were written against.
 */
const FILES = [
  'app.final-handler', // the final handler answers 404s and errors over the stream
  'app.request-response', // req and res come from the app's HTTP/2 prototypes, per app
  'app.use', // mounted sub-apps switch prototypes; req.url rewriting from :path
  'req.hostname', // hostname comes from :authority, not a Host header
  'req.ip', // the address of the session's socket
  'req.protocol', // protocol from the session (TLS or not)
  'res.append', // multi-valued headers through Http2ServerResponse
  'res.cookie', // several Set-Cookie values
  'res.download', // a file streamed into an HTTP/2 stream, with Content-Disposition
  'res.redirect', // Location and a body chosen by Accept
  'res.send', // Content-Length, ETag, HEAD and 204/304 without a body
  'res.sendFile', // files into an HTTP/2 stream: ranges, conditional, errors
  'res.sendStatus', // status text bodies: HTTP/2 has no reason phrase
  'res.set', // setHeader, Content-Type and charset
  'static/serve-static', // serve-static over a stream: HEAD, redirects, index, 404 fall-through
  'static/serve-static.conditional', // 304 answers without a body
  'static/serve-static.range', // 206 and 416 over a stream
  'static/serve-static.security', // raw :path values reach the path checks as they came
  'static/serve-static.streaming', // large files and backpressure on a stream
  'body/json', // parsers read an HTTP/2 request stream, where Content-Length is optional
  'body/urlencoded',
  'body/read', // encodings, limits and aborts on a stream
  'router/router.use', // mounting: baseUrl and url from :path
  'router/error-handlers', // error middleware answers over the stream
  'router/req-props', // originalUrl, baseUrl, path and params from :path
  'router/head-options', // automatic HEAD and OPTIONS answers
  'router/nested-routers', // nested routers: req.url written through HTTP/2's accessor
  'router/route-table', // route tables: req.params/next/route over the stream
  'middleware/query', // the query string from :path
  'compat/body-parser', // a third-party parser reading a stream
  'compat/helmet', // many headers set by third-party middleware
  'compat/cors', // preflight answers written by third-party middleware
];

for (const file of FILES) require(`../${file}.test`);
