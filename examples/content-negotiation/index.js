// One resource, several representations: res.format() picks HTML, JSON, plain text, CSV or XML
// from the Accept header (adding Vary: Accept), req.acceptsLanguages() picks the greeting's
// language, and clients that accept none of the types get 406 with the list of what is offered.
// Run it with `node examples/content-negotiation`, then e.g.
//   curl -H 'Accept: text/csv' localhost:3000/users
const webapp = require('webappjs');

const USERS = [
  { id: 1, name: 'Tobi', email: 'tobi@example.test' },
  { id: 2, name: 'Loki & Jane', email: 'loki@example.test' },
];

const GREETINGS = { en: 'Hello', fr: 'Bonjour', de: 'Hallo' };

const FORMATS = new Map([
  ['html', 'text/html'],
  ['json', 'application/json'],
  ['txt', 'text/plain'],
  ['csv', 'text/csv'],
  ['xml', 'application/xml'],
]);

const escapeXml = (value) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c],
  );
const csvField = (value) =>
  /[",\n]/.test(String(value)) ? `"${String(value).replace(/"/g, '""')}"` : String(value);

function sendUsers(res, users) {
  res.format({
    'text/html': () => {
      res.send(
        `<ul>${users.map((u) => `<li>${escapeXml(u.name)} &lt;${escapeXml(u.email)}&gt;</li>`).join('')}</ul>`,
      );
    },
    'application/json': () => res.json(users),
    'text/plain': () => res.send(users.map((u) => `${u.id}\t${u.name}\t${u.email}`).join('\n')),
    'text/csv': () => {
      const rows = users.map((u) => [u.id, u.name, u.email].map(csvField).join(','));
      res.attachment('users.csv').send(['id,name,email', ...rows].join('\r\n'));
    },
    'application/xml': () => {
      const items = users.map((u) => `<user id="${u.id}"><name>${escapeXml(u.name)}</name></user>`).join('');
      res.send(`<?xml version="1.0" encoding="utf-8"?><users>${items}</users>`);
    },
  });
}

function createApp() {
  const app = webapp();

  // ?format=json|csv|... overrides the Accept header, for links and quick checks in a browser.
  app.use((req, res, next) => {
    const type = typeof req.query.format === 'string' && FORMATS.get(req.query.format);
    if (type) req.headers.accept = type;
    next();
  });

  app.get('/users', (req, res) => sendUsers(res, USERS));

  app.get('/users/:id', (req, res, next) => {
    const user = USERS.find((u) => String(u.id) === req.params.id);
    if (!user) return next();
    sendUsers(res, [user]);
  });

  app.get('/greeting', (req, res) => {
    const lang = req.acceptsLanguages(...Object.keys(GREETINGS)) || 'en';
    res.vary('Accept-Language').set('Content-Language', lang);
    if (req.accepts(['json', 'text']) === 'json') return res.json({ lang, text: GREETINGS[lang] });
    res.type('text').send(GREETINGS[lang]);
  });

  app.use((req, res) => res.status(404).type('text').send('Not Found'));

  // res.format() passes a 406 error listing the types it could have sent.
  app.use((err, req, res, next) => {
    if (err.status !== 406) return next(err);
    res
      .status(406)
      .type('text')
      .send(`Not Acceptable. Available: ${err.types.join(', ')}`);
  });

  return app;
}

if (require.main === module) {
  const server = createApp().listen(Number(process.env.PORT ?? 3000), () => {
    console.log(`content-negotiation listening on http://localhost:${server.address().port}`);
  });
}

module.exports = { createApp };
