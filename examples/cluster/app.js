// The app each worker runs: sessions in PostgreSQL (express-session + connect-pg-simple), so any
// worker can serve any visitor. Nothing here lives in process memory between requests.
const session = require('express-session');
const PgStore = require('connect-pg-simple')(session);
const webapp = require('webappjs');

const CATALOG = [
  { sku: 'tea-1', name: 'Sencha' },
  { sku: 'tea-2', name: 'Assam' },
];

/** `pool` is a pg.Pool; `secret` is the same in every worker. The session table must exist. */
function createApp({ pool, secret }) {
  const app = webapp();

  app.use((req, res, next) => {
    // Shows which process answered; useful for checking the load is spread.
    res.set('X-Worker', String(process.pid));
    next();
  });
  app.use(webapp.json({ limit: '1kb' }));
  app.use(
    session({
      // The primary creates the table once (see schema.js): two workers creating it at the same
      // time would race.
      store: new PgStore({ pool, tableName: 'session', createTableIfMissing: false, ttl: 3600 }),
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

  // Healthy only while the database answers: a load balancer takes the worker out otherwise.
  app.get('/health', (req, res) => {
    pool.query('SELECT 1').then(
      () => res.json({ worker: process.pid, database: true }),
      () => res.status(503).json({ worker: process.pid, database: false }),
    );
  });

  return app;
}

module.exports = { createApp };
