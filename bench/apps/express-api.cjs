'use strict';
// The apps written once against the Express 4 API, so webapp and express@4 run byte-identical code.

const { ROUTE_COUNT, MIDDLEWARE_COUNT, STATIC_ROOT } = require('./shared.cjs');

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

// `factory` is the module's callable export: express or webapp; `configure(app)`, if given, runs on every app.
function appsFor(factory, configure = () => {}) {
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
  };
}

module.exports = { appsFor };
