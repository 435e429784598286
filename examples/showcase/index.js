// The showcase: a small notes service. Run it with `npm start` (or `node examples/showcase`).
// It shows routes, a Router mounted at /api, JSON bodies and responses, a param handler and an
// error handler — written exactly as it would be for Express 4, importing webapp instead.
const webapp = require('webappjs');

function createApp() {
  const app = webapp();
  const notes = new Map([
    [1, { id: 1, title: 'Try webapp', done: false }],
    [2, { id: 2, title: 'Read the README', done: true }],
  ]);
  let nextId = 3;

  app.get('/', (req, res) => {
    res
      .type('html')
      .send(
        '<h1>webapp showcase</h1><ul><li><a href="/api/notes">GET /api/notes</a></li>' +
          '<li><a href="/api/notes/1">GET /api/notes/1</a></li><li><a href="/health">GET /health</a></li></ul>',
      );
  });

  app.get('/health', (req, res) => res.json({ status: 'ok', uptime: Math.round(process.uptime()) }));

  const api = webapp.Router();
  api.use(webapp.json({ limit: '10kb' }));

  // Loads the note once for every route that names :id; unknown ids become a 404 error.
  api.param('id', (req, res, next, id) => {
    const note = notes.get(Number(id));
    if (!note) {
      const err = new Error(`note ${id} not found`);
      err.status = 404;
      return next(err);
    }
    req.note = note;
    next();
  });

  api.get('/notes', (req, res) => {
    const list = [...notes.values()];
    res.json(req.query.done === undefined ? list : list.filter((n) => String(n.done) === req.query.done));
  });

  api.post('/notes', (req, res) => {
    const title = typeof req.body?.title === 'string' ? req.body.title.trim() : '';
    if (title.length === 0 || title.length > 200) {
      return res.status(400).json({ error: 'title must be a non-empty string of at most 200 characters' });
    }
    const note = { id: nextId++, title, done: false };
    notes.set(note.id, note);
    res.status(201).location(`/api/notes/${note.id}`).json(note);
  });

  api.get('/notes/:id', (req, res) => res.json(req.note));

  api.delete('/notes/:id', (req, res) => {
    notes.delete(req.note.id);
    res.sendStatus(204);
  });

  app.use('/api', api);

  // Errors from anywhere above end up here as JSON.
  app.use((err, req, res, next) => {
    const status = err.status || err.statusCode || 500;
    res.status(status).json({ error: status < 500 ? err.message : 'internal server error' });
  });

  return app;
}

if (require.main === module) {
  const port = Number(process.env.PORT ?? 3000);
  const server = createApp().listen(port, () => {
    const base = `http://localhost:${server.address().port}`;
    console.log(`webapp showcase listening on ${base} (PORT sets the port; Ctrl-C stops it)`);
    console.log('Try:');
    console.log(`  ${base}/                 the home page`);
    console.log(`  ${base}/api/notes        the notes as JSON (?done=true filters)`);
    console.log(`  ${base}/api/notes/1      one note; a missing one is a 404 in JSON`);
    console.log(
      `  curl -X POST -H 'content-type: application/json' -d '{"title":"Buy tea"}' ${base}/api/notes`,
    );
  });
}

module.exports = createApp;
