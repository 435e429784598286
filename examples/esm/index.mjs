// A guestbook as an ES module, with webapp's first-party middleware: cookie sessions, CSRF tokens and
// compression. Run it with `npm run build && node examples/esm/index.mjs`.
import webapp, { urlencoded } from 'webappjs';
import compress from 'webappjs/compress';
import cookieSession from 'webappjs/cookie-session';
import csrf from 'webappjs/csrf';

const escapeHtml = (text) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

export function createApp({ secret = process.env.SESSION_SECRET ?? 'change me' } = {}) {
  const app = webapp();
  const entries = [];

  app.use(compress({ threshold: 512 }));
  app.use(cookieSession({ keys: [secret], sameSite: 'lax' }));
  app.use(urlencoded({ extended: false, limit: '4kb' }));
  app.use(csrf());

  app.get('/', (req, res) => {
    const list = entries
      .map((e) => `<li><b>${escapeHtml(e.name)}</b>: ${escapeHtml(e.message)}</li>`)
      .join('');
    res.send(
      `<h1>Guestbook</h1><p>You signed ${req.session.signed ?? 0} time(s).</p><ul>${list}</ul>` +
        `<form method="post"><input type="hidden" name="_csrf" value="${req.csrfToken()}">` +
        '<input name="name" placeholder="name"><input name="message" placeholder="message"><button>Sign</button></form>',
    );
  });

  app.post('/', (req, res) => {
    const name = String(req.body.name ?? '').trim();
    const message = String(req.body.message ?? '').trim();
    if (!name || !message) return res.status(400).send('name and message are required');
    entries.push({ name: name.slice(0, 40), message: message.slice(0, 200) });
    req.session.signed = (req.session.signed ?? 0) + 1;
    res.redirect(303, '/');
  });

  // A missing or wrong CSRF token (csurf's EBADCSRFTOKEN) is a 403; anything else a 500.
  app.use((err, req, res, next) => {
    if (err.code === 'EBADCSRFTOKEN') return res.status(403).send('invalid form token: reload the page');
    next(err);
  });
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = createApp().listen(Number(process.env.PORT ?? 3000), () => {
    console.log(`esm guestbook on http://localhost:${server.address().port}`);
  });
}
