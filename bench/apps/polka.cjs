'use strict';
// polka 0.5 (what fastify/benchmarks runs) with the same apps. polka has no JSON, body or static helpers
// of its own: JSON is written by hand as its README shows, static files come from sirv (polka's companion),
// and bodies are read by hand.

const polka = require('polka');
const sirv = require('sirv');
const querystring = require('node:querystring');
const {
  ROUTE_COUNT,
  MIDDLEWARE_COUNT,
  STATIC_ROOT,
  BIG_DOCUMENT,
  chainSteps,
  eachApiRoute,
  readBody,
} = require('./shared.cjs');

function sendJson(res, value) {
  const body = JSON.stringify(value);
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

function readBodyOf(req, res, parse, answer) {
  readBody(req, parse, answer, (status) => {
    res.statusCode = status;
    res.end();
  });
}

function listen(app) {
  return new Promise((resolve, reject) => {
    app.listen(0, '127.0.0.1', (err) => {
      if (err) reject(err);
      else resolve(app.server.address().port);
    });
  });
}

module.exports = {
  hello() {
    return listen(polka().get('/', (_req, res) => sendJson(res, { hello: 'world' })));
  },
  routes() {
    const app = polka();
    for (let i = 0; i < ROUTE_COUNT; i++)
      app.get('/r' + i + '/:id/items/:item', (req, res) => sendJson(res, req.params));
    return listen(app);
  },
  api() {
    const app = polka();
    eachApiRoute((method, path, r) => {
      app[method.toLowerCase()](path, (req, res) => sendJson(res, { r, ...req.params }));
    });
    return listen(app);
  },
  middleware() {
    const app = polka();
    for (let i = 0; i < MIDDLEWARE_COUNT; i++) app.use((_req, _res, next) => next());
    app.get('/', (_req, res) => sendJson(res, { hello: 'world' }));
    return listen(app);
  },
  echo() {
    const app = polka();
    app.post('/echo', (req, res) =>
      readBodyOf(req, res, JSON.parse, (body) => sendJson(res, { name: body.name })),
    );
    return listen(app);
  },
  static() {
    return listen(polka().use(sirv(STATIC_ROOT, { etag: true })));
  },
  'static-big'() {
    return this.static();
  },
  'static-304'() {
    return this.static();
  },
  'mw-chain'() {
    const app = polka();
    for (const step of chainSteps()) app.use(step);
    app.get('/me', (req, res) => sendJson(res, { user: req.session.user }));
    return listen(app);
  },
  // polka mounts sub-apps under plain prefixes only, so the three levels are one route.
  nested() {
    const app = polka();
    app.get('/org/:org/team/:team/member/:member/profile', (req, res) =>
      sendJson(res, { org: req.params.org, team: req.params.team, member: req.params.member }),
    );
    return listen(app);
  },
  'json-big'() {
    return listen(polka().get('/big', (_req, res) => sendJson(res, BIG_DOCUMENT)));
  },
  urlencoded() {
    const app = polka();
    app.post('/form', (req, res) =>
      readBodyOf(req, res, querystring.parse, (body) =>
        sendJson(res, { name: body.name, email: body.email, plan: body.plan }),
      ),
    );
    return listen(app);
  },
};
