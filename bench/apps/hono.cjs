'use strict';
// hono 4 on its node adapter (@hono/node-server) with the same apps, written the way hono's docs write them.

const path = require('node:path');
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const { serveStatic } = require('@hono/node-server/serve-static');
const {
  ROUTE_COUNT,
  MIDDLEWARE_COUNT,
  STATIC_ROOT,
  BIG_DOCUMENT,
  chainSteps,
  eachApiRoute,
} = require('./shared.cjs');

function listenOnPort(app) {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port));
    server.once('error', reject);
  });
}

function staticApp(listen) {
  const app = new Hono();
  // serveStatic takes a root relative to the working directory.
  app.use('/*', serveStatic({ root: path.relative(process.cwd(), STATIC_ROOT) || '.' }));
  return listen(app);
}

// `listen` serves an app; bench/fetch.mjs passes `(app) => app` to drive app.fetch in-process.
function appsWith(listen) {
  return {
    hello() {
      const app = new Hono();
      app.get('/', (c) => c.json({ hello: 'world' }));
      return listen(app);
    },
    routes() {
      const app = new Hono();
      for (let i = 0; i < ROUTE_COUNT; i++) {
        app.get('/r' + i + '/:id/items/:item', (c) =>
          c.json({ id: c.req.param('id'), item: c.req.param('item') }),
        );
      }
      return listen(app);
    },
    api() {
      const app = new Hono();
      eachApiRoute((method, path, r) => {
        app.on(method, path, (c) => c.json({ r, ...c.req.param() }));
      });
      return listen(app);
    },
    middleware() {
      const app = new Hono();
      for (let i = 0; i < MIDDLEWARE_COUNT; i++) app.use(async (_c, next) => next());
      app.get('/', (c) => c.json({ hello: 'world' }));
      return listen(app);
    },
    echo() {
      const app = new Hono();
      app.post('/echo', async (c) => c.json({ name: (await c.req.json()).name }));
      return listen(app);
    },
    static: () => staticApp(listen),
    'static-big': () => staticApp(listen),
    'static-304': () => staticApp(listen),
    // The same 20 steps on the node objects the adapter exposes (c.env.incoming / c.env.outgoing).
    'mw-chain'() {
      const app = new Hono();
      for (const step of chainSteps()) {
        app.use(async (c, next) => {
          let proceed = false;
          step(c.env.incoming, c.env.outgoing, () => {
            proceed = true;
          });
          if (proceed) await next();
        });
      }
      app.get('/me', (c) => c.json({ user: c.env.incoming.session.user }));
      return listen(app);
    },
    nested() {
      const member = new Hono();
      member.get('/profile', (c) =>
        c.json({ org: c.req.param('org'), team: c.req.param('team'), member: c.req.param('member') }),
      );
      const team = new Hono();
      team.route('/member/:member', member);
      const org = new Hono();
      org.route('/team/:team', team);
      const app = new Hono();
      app.route('/org/:org', org);
      return listen(app);
    },
    'json-big'() {
      const app = new Hono();
      app.get('/big', (c) => c.json(BIG_DOCUMENT));
      return listen(app);
    },
    urlencoded() {
      const app = new Hono();
      app.post('/form', async (c) => {
        const body = await c.req.parseBody();
        return c.json({ name: body.name, email: body.email, plan: body.plan });
      });
      return listen(app);
    },
  };
}

module.exports = appsWith(listenOnPort);
Object.defineProperty(module.exports, 'appsWith', { value: appsWith });
