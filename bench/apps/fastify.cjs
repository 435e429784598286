'use strict';
// fastify v5 with its defaults (no response schemas, logger off) running the same apps.

const Fastify = require('fastify');
const {
  ROUTE_COUNT,
  MIDDLEWARE_COUNT,
  STATIC_ROOT,
  BIG_DOCUMENT,
  chainSteps,
  eachApiRoute,
} = require('./shared.cjs');

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
  api() {
    const app = Fastify();
    eachApiRoute((method, url, r) => {
      app.route({ method, url, handler: async (request) => ({ r, ...request.params }) });
    });
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
  'static-big'() {
    return this.static();
  },
  'static-304'() {
    return this.static();
  },
  // The same 20 steps as onRequest hooks on the raw objects (what @fastify/middie does for Express middleware).
  'mw-chain'() {
    const app = Fastify();
    for (const step of chainSteps()) {
      app.addHook('onRequest', (request, reply, done) => {
        step(request.raw, reply.raw, done);
      });
    }
    app.get('/me', async (request) => ({ user: request.raw.session.user }));
    return listen(app);
  },
  // Three plugins, each registered under a parameterized prefix inside the previous one.
  nested() {
    const app = Fastify();
    app.register(
      async (org) => {
        org.register(
          async (team) => {
            team.register(
              async (member) => {
                member.get('/profile', async (request) => ({
                  org: request.params.org,
                  team: request.params.team,
                  member: request.params.member,
                }));
              },
              { prefix: '/member/:member' },
            );
          },
          { prefix: '/team/:team' },
        );
      },
      { prefix: '/org/:org' },
    );
    return listen(app);
  },
  'json-big'() {
    const app = Fastify();
    app.get('/big', async () => BIG_DOCUMENT);
    return listen(app);
  },
  urlencoded() {
    const app = Fastify();
    app.register(require('@fastify/formbody'));
    app.post('/form', async (request) => ({
      name: request.body.name,
      email: request.body.email,
      plan: request.body.plan,
    }));
    return listen(app);
  },
};
