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

const FILES = [
  'app.METHOD',
  'app.all',
  'app.final-handler',
  'app.handle',
  'app.mountpath',
  'app.param',
  'app.render',
  'app.request-response',
  'app.route',
  'app.set.json',
  'app.settings-inheritance',
  'app.use',
  'app.x-powered-by',
  'req.accepts',
  'req.acceptsCharsets',
  'req.acceptsEncodings',
  'req.acceptsLanguages',
  'req.fresh',
  'req.get',
  'req.host',
  'req.hostname',
  'req.ip',
  'req.ips',
  'req.is',
  'req.param',
  'req.path',
  'req.protocol',
  'req.query',
  'req.range',
  'req.secure',
  'req.stale',
  'req.subdomains',
  'req.xhr',
  'res.append',
  'res.attachment',
  'res.clearCookie',
  'res.contentType',
  'res.cookie',
  'res.download',
  'res.format',
  'res.get',
  'res.header',
  'res.json',
  'res.jsonp',
  'res.links',
  'res.location',
  'res.redirect',
  'res.render',
  'res.send',
  'res.sendFile',
  'res.sendStatus',
  'res.sendfile-3x',
  'res.set',
  'res.status',
  'res.type',
  'res.vary',
  'static/serve-static',
  'static/serve-static.conditional',
  'static/serve-static.range',
  'static/serve-static.security',
  'static/serve-static.streaming',
  'body/json',
  'body/raw',
  'body/text',
  'body/urlencoded',
  'body/read',
  'router/router.METHOD',
  'router/router.route',
  'router/router.use',
  'router/router.param',
  'router/router.all',
  'router/error-handlers',
  'router/merge-params',
  'router/bad-input',
  'router/req-props',
  'router/next',
  'router/head-options',
  'middleware/query',
  'compat/body-parser',
  'compat/express-validator',
  'compat/serve-favicon',
  'compat/method-override',
  'compat/cookie-parser',
  'compat/helmet',
  'compat/cors',
];

for (const file of FILES) require(`../${file}.test`);
