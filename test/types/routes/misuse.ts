// What must not compile: wrong argument types to the factory, the middleware and req/res members.
import webapp = require('webappjs');

// @ts-expect-error not exported by the package
import { NotAnExport } from 'webappjs';

const app = webapp();

// @ts-expect-error a status is a number
app.get('/a', (_req, res) => res.status('200').end());
// @ts-expect-error send takes one body
app.get('/b', (_req, res) => res.send(200, 'ok'));
// @ts-expect-error the body type is declared by Response<ResBody>
app.get('/c', (_req, res: webapp.Response<{ ok: boolean }>) => res.json({ ok: 'yes' }));
// @ts-expect-error redirect needs a URL
app.get('/d', (_req, res) => res.redirect(301));
// @ts-expect-error cookie options are checked
app.get('/e', (_req, res) => res.cookie('a', 'b', { sameSite: 'sometimes' }));
// @ts-expect-error headers are read by name
app.get('/f', (req, res) => res.send(req.get(42)));
// @ts-expect-error req.ip is read-only
app.get('/g', (req, res) => res.send((req.ip = '1.2.3.4')));

// @ts-expect-error limit is a number or a string
app.use(webapp.json({ limit: true }));
// @ts-expect-error unknown option
app.use(webapp.urlencoded({ extended: true, depthLimit: 3 }));
// @ts-expect-error the root directory is required
app.use(webapp.static());
// @ts-expect-error dotfiles is 'allow', 'deny' or 'ignore'
app.use(webapp.static('public', { dotfiles: 'show' }));
// @ts-expect-error a secret is a string or a list of strings
app.use(webapp.cookieParser(42));
// @ts-expect-error a password check returns its answer or calls back
app.use(webapp.basicAuth(42));

// @ts-expect-error settings have names
app.set(42, true);
// @ts-expect-error app.param takes a callback
app.param('id', 'nope');
// @ts-expect-error Router options are typed
webapp.Router({ strict: 'yes' });
// @ts-expect-error a route needs a path
app.route();

app.get('/h/:id', (req, res, next) => {
  // @ts-expect-error req.params values are strings
  const id: number = req.params.id;
  // next accepts an error, 'route' or 'router'
  next(id > 0 ? 'route' : 'router');
  res.end();
});

export { NotAnExport };
