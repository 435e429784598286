// What importing a subpath adds to every request, as the @types packages of the npm middleware do.
import webapp = require('webappjs');

import 'webappjs/basic-auth';
import 'webappjs/cookie-parser';
import 'webappjs/cookie-session';
import 'webappjs/csrf';

const app = webapp();
app.get('/', (req, res) => {
  const views: number = (req.session?.views ?? 0) + 1;
  if (req.session) req.session.views = views;
  const isNew: boolean = req.session?.isNew ?? true;
  req.sessionOptions.maxAge = 30 * 86_400_000;
  const token: string = req.csrfToken();
  const cookies: Record<string, any> = req.cookies;
  const secret: string | undefined = req.secret;
  const who: string | undefined = req.remoteUser;
  res.json({ views, isNew, token, cookies, secret, who, user: req.user });
});
app.post('/logout', (req, res) => {
  req.session = null;
  res.redirect('/');
});

// @ts-expect-error csrfToken takes no argument
app.get('/x', (req, res) => res.send(req.csrfToken('x')));
// @ts-expect-error the session may be absent (null after logout)
app.get('/y', (req, res) => res.send(req.session.views));
