'use strict';
// The apps written once against the Express 4 API, so webapp and express@4 run byte-identical code.

const {
  ROUTE_COUNT,
  MIDDLEWARE_COUNT,
  STATIC_ROOT,
  BIG_DOCUMENT,
  chainSteps,
  eachApiRoute,
} = require('./shared.cjs');

function listen(app) {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server.address().port));
    server.once('error', reject);
  });
}

function requireFunction(factory, name) {
  if (typeof factory[name] !== 'function') throw new TypeError(`${name} is not available on this framework`);
  return factory[name];
}

// `factory` is the module's callable export: express or webapp; `configure(app)`, if given, runs on every app;
// `serve` serves it (bench/fetch.mjs passes `(app) => app` to drive app.fetch in-process).
function appsFor(factory, configure = () => {}, serve = listen) {
  const listen = serve;
  const create = () => {
    const app = factory();
    configure(app);
    return app;
  };
  return {
    hello() {
      const app = create();
      app.get('/', (_req, res) => res.json({ hello: 'world' }));
      return listen(app);
    },
    routes() {
      const app = create();
      for (let i = 0; i < ROUTE_COUNT; i++) {
        app.get('/r' + i + '/:id/items/:item', (req, res) => res.json(req.params));
      }
      return listen(app);
    },
    api() {
      const app = create();
      eachApiRoute((method, path, r) => {
        app[method.toLowerCase()](path, (req, res) => res.json({ r, ...req.params }));
      });
      return listen(app);
    },
    middleware() {
      const app = create();
      for (let i = 0; i < MIDDLEWARE_COUNT; i++) app.use((_req, _res, next) => next());
      app.get('/', (_req, res) => res.json({ hello: 'world' }));
      return listen(app);
    },
    echo() {
      const json = requireFunction(factory, 'json');
      const app = create();
      app.post('/echo', json(), (req, res) => res.json({ name: req.body.name }));
      return listen(app);
    },
    static() {
      const serve = requireFunction(factory, 'static');
      const app = create();
      app.use(serve(STATIC_ROOT));
      return listen(app);
    },
    'static-big'() {
      return this.static();
    },
    'static-304'() {
      return this.static();
    },
    'mw-chain'() {
      const app = create();
      for (const step of chainSteps()) app.use(step);
      app.get('/me', (req, res) => res.json({ user: req.session.user }));
      return listen(app);
    },
    nested() {
      const Router = requireFunction(factory, 'Router');
      const app = create();
      const org = Router({ mergeParams: true });
      const team = Router({ mergeParams: true });
      const member = Router({ mergeParams: true });
      member.get('/profile', (req, res) =>
        res.json({ org: req.params.org, team: req.params.team, member: req.params.member }),
      );
      team.use('/member/:member', member);
      org.use('/team/:team', team);
      app.use('/org/:org', org);
      return listen(app);
    },
    'json-big'() {
      const app = create();
      app.get('/big', (_req, res) => res.json(BIG_DOCUMENT));
      return listen(app);
    },
    urlencoded() {
      const urlencoded = requireFunction(factory, 'urlencoded');
      const app = create();
      app.post('/form', urlencoded({ extended: false }), (req, res) =>
        res.json({ name: req.body.name, email: req.body.email, plan: req.body.plan }),
      );
      return listen(app);
    },
  };
}

// fastify/benchmarks' Express configuration (issue 23): no ETag, no X-Powered-By. `lean` and `base` use it.
function leanSettings(app) {
  app.set('etag', false);
  app.disable('x-powered-by');
}

module.exports = { appsFor, leanSettings };
