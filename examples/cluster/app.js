// The app each worker runs: sessions in Redis (connect-redis + redis), so any worker can serve
// any visitor. Nothing here lives in process memory between requests.
const session = require('express-session');
const RedisStore = require('connect-redis').default;
const webapp = require('webapp');

const CATALOG = [
  { sku: 'tea-1', name: 'Sencha' },
  { sku: 'tea-2', name: 'Assam' },
];

function createApp({ redis, secret }) {
  const app = webapp();

  app.use((req, res, next) => {
    // Shows which process answered; useful for checking the load is spread.
    res.set('X-Worker', String(process.pid));
    next();
  });
  app.use(webapp.json({ limit: '1kb' }));
  app.use(
    session({
      store: new RedisStore({ client: redis, prefix: 'webapp-cluster:', ttl: 3600 }),
      // Every worker must sign cookies with the same secret; the primary hands it down.
      secret,
      resave: false,
      saveUninitialized: false,
      cookie: { httpOnly: true, sameSite: 'lax', maxAge: 3600 * 1000 },
    }),
  );

  app.get('/', (req, res) => {
    req.session.views = (req.session.views ?? 0) + 1;
    res.json({ worker: process.pid, views: req.session.views });
  });

  app.put('/session/name', (req, res) => {
    const name = req.body?.name;
    if (typeof name !== 'string' || name.length === 0 || name.length > 100) {
      return res.status(400).json({ error: 'name must be a string of 1 to 100 characters' });
    }
    req.session.name = name;
    res.json({ worker: process.pid, saved: true });
  });

  app.get('/session', (req, res) => {
    res.json({ worker: process.pid, name: req.session.name ?? null, views: req.session.views ?? 0 });
  });

  // The same content gets the same ETag from every worker, so caches work across the cluster.
  app.get('/catalog', (req, res) => res.json(CATALOG));

  app.get('/health', (req, res) => res.json({ worker: process.pid, redis: redis.isReady }));

  return app;
}

module.exports = { createApp };
