'use strict';
// fastify v5 with its defaults (no response schemas, logger off) running the same apps.

const Fastify = require('fastify');
const { ROUTE_COUNT, MIDDLEWARE_COUNT, STATIC_ROOT } = require('./shared.cjs');

async function listen(app) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app.server.address().port;
}

module.exports = {
  hello() {
    const app = Fastify();
    app.get('/', async () => ({ hello: 'world' }));
    return listen(app);
  },
  routes() {
    const app = Fastify();
    for (let i = 0; i < ROUTE_COUNT; i++) {
      app.get('/r' + i + '/:id/items/:item', async (request) => request.params);
    }
    return listen(app);
  },
  // Fastify has no app-level middleware without @fastify/middie; onRequest hooks are its equivalent.
  middleware() {
    const app = Fastify();
    for (let i = 0; i < MIDDLEWARE_COUNT; i++) app.addHook('onRequest', (_request, _reply, done) => done());
    app.get('/', async () => ({ hello: 'world' }));
    return listen(app);
  },
  echo() {
    const app = Fastify();
    app.post('/echo', async (request) => ({ name: request.body.name }));
    return listen(app);
  },
  static() {
    const app = Fastify();
    app.register(require('@fastify/static'), { root: STATIC_ROOT });
    return listen(app);
  },
};
