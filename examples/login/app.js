// Login with server-side sessions (express-session) and CSRF protection (csurf) on webapp.
const crypto = require('node:crypto');
const csrf = require('csurf');
const session = require('express-session');
const webapp = require('webappjs');
const { accountPage, forbiddenPage, homePage, loginPage } = require('./pages');
const { createUsers } = require('./users');

/** Only same-site relative paths are followed after login, never `//evil.test` or absolute URLs. */
function safeNext(value) {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : '/account';
}

function requireLogin(req, res, next) {
  if (req.session.user) return next();
  res.redirect(`/login?next=${encodeURIComponent(req.originalUrl)}`);
}

function createApp({ secret = process.env.SESSION_SECRET || crypto.randomBytes(32).toString('hex') } = {}) {
  const users = createUsers([['alice', 'wonderland', 'Alice Liddell']]);
  const app = webapp();

  app.disable('x-powered-by');
  // Behind a TLS-terminating proxy, set TRUST_PROXY=1 so secure cookies work.
  if (process.env.TRUST_PROXY) app.set('trust proxy', Number(process.env.TRUST_PROXY));

  app.use(webapp.urlencoded({ extended: false, limit: '4kb' }));
  app.use(
    session({
      name: 'sid',
      secret,
      resave: false,
      saveUninitialized: false,
      cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: 60 * 60 * 1000 },
    }),
  );
  // The CSRF secret lives in the session; every unsafe request must echo the token (_csrf field).
  app.use(csrf());
  app.use((req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  app.get('/', (req, res) => res.send(homePage()));

  app.get('/login', (req, res) => {
    const message = req.session.message;
    delete req.session.message;
    res.send(loginPage({ csrfToken: req.csrfToken(), message, next: req.query.next }));
  });

  app.post('/login', async (req, res, next) => {
    const user = await users.authenticate(req.body.username, req.body.password);
    if (!user) {
      req.session.message = 'Invalid username or password.';
      return res.redirect(303, `/login${req.body.next ? `?next=${encodeURIComponent(req.body.next)}` : ''}`);
    }
    // A new session id on login prevents session fixation.
    req.session.regenerate((err) => {
      if (err) return next(err);
      req.session.user = user.name;
      req.session.visits = 0;
      req.session.save((err2) => (err2 ? next(err2) : res.redirect(303, safeNext(req.body.next))));
    });
  });

  app.get('/account', requireLogin, (req, res) => {
    req.session.visits += 1;
    res.send(
      accountPage({
        csrfToken: req.csrfToken(),
        user: users.get(req.session.user),
        visits: req.session.visits,
      }),
    );
  });

  app.post('/logout', (req, res, next) => {
    req.session.destroy((err) => {
      if (err) return next(err);
      res.clearCookie('sid').redirect(303, '/');
    });
  });

  app.use((err, req, res, next) => {
    if (err.code !== 'EBADCSRFTOKEN') return next(err);
    res.status(403).send(forbiddenPage());
  });

  return app;
}

module.exports = { createApp };
