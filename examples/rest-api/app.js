// The books API: routing, validation, errors and HTTP semantics (Location, Link, ETag, 405, 415),
// written as an Express 4 app would be, importing webapp instead.
const webapp = require('webappjs');
const { createStore } = require('./store');
const { parseListQuery, validateBook } = require('./validate');

/** An error carrying an HTTP status and, optionally, validation details. */
function httpError(status, message, details) {
  const err = new Error(message);
  err.status = status;
  if (details) err.details = details;
  return err;
}

function requireJson(req, res, next) {
  if (!req.is('application/json')) return next(httpError(415, 'send the book as application/json'));
  next();
}

function methodNotAllowed(allowed) {
  return (req, res) => {
    res
      .set('Allow', allowed)
      .status(405)
      .json({ error: `${req.method} is not allowed here` });
  };
}

function createApp({ seed } = {}) {
  const app = webapp();
  const store = createStore(
    seed ?? [
      { title: 'Moby-Dick', author: 'Herman Melville', year: 1851, tags: ['sea'] },
      { title: 'Bartleby, the Scrivener', author: 'Herman Melville', year: 1853, tags: [] },
      { title: 'Middlemarch', author: 'George Eliot', year: 1871, tags: ['novel'] },
    ],
  );

  app.disable('x-powered-by');
  app.set('json spaces', process.env.NODE_ENV === 'production' ? 0 : 2);

  const books = webapp.Router();
  books.use(webapp.json({ limit: '16kb' }));

  // Loads the book for every route with :id; a rejected promise here also reaches the error handler.
  books.param('id', async (req, res, next, id) => {
    const book = /^\d{1,9}$/.test(id) ? await store.get(Number(id)) : undefined;
    if (!book) return next(httpError(404, `book ${id} not found`));
    req.book = book;
    next();
  });

  books
    .route('/')
    .get(async (req, res) => {
      const { problems, limit, offset, author } = parseListQuery(req.query);
      if (problems.length) throw httpError(400, 'invalid query', problems);
      const page = await store.list({ author, limit, offset });
      const links = {};
      const base = `${req.baseUrl}?limit=${limit}${author ? `&author=${encodeURIComponent(author)}` : ''}`;
      if (offset + limit < page.total) links.next = `${base}&offset=${offset + limit}`;
      if (offset > 0) links.prev = `${base}&offset=${Math.max(0, offset - limit)}`;
      if (Object.keys(links).length) res.links(links);
      res.set('X-Total-Count', String(page.total)).json(page);
    })
    .post(requireJson, async (req, res) => {
      const problems = validateBook(req.body);
      if (problems.length) throw httpError(422, 'validation failed', problems);
      const { title, author, year, tags = [] } = req.body;
      const book = await store.create({ title: title.trim(), author: author.trim(), year, tags });
      res.status(201).location(`${req.baseUrl}/${book.id}`).json(book);
    })
    .all(methodNotAllowed('GET, HEAD, POST'));

  books
    .route('/:id')
    // res.json sets an ETag, and webapp answers a matching If-None-Match with 304 on its own.
    .get((req, res) => res.json(req.book))
    .put(requireJson, async (req, res) => {
      const problems = validateBook(req.body);
      if (problems.length) throw httpError(422, 'validation failed', problems);
      const { title, author, year, tags = [] } = req.body;
      res.json(await store.update(req.book.id, { title, author, year, tags }));
    })
    .patch(requireJson, async (req, res) => {
      const problems = validateBook(req.body, { partial: true });
      if (problems.length) throw httpError(422, 'validation failed', problems);
      res.json(await store.update(req.book.id, req.body));
    })
    .delete(async (req, res) => {
      await store.remove(req.book.id);
      res.sendStatus(204);
    })
    .all(methodNotAllowed('GET, HEAD, PUT, PATCH, DELETE'));

  app.use('/api/books', books);

  app.get('/', (req, res) => res.json({ books: '/api/books' }));

  // Anything not matched above.
  app.use((req, res) => res.status(404).json({ error: `no route for ${req.method} ${req.path}` }));

  // One place turns every error into a JSON answer; body-parser style errors carry status and type.
  app.use((err, req, res, next) => {
    if (res.headersSent) return next(err);
    let status = err.status || err.statusCode || 500;
    if (status < 400 || status > 599) status = 500;
    const body = { error: status >= 500 ? 'internal server error' : err.message };
    if (err.type === 'entity.parse.failed') body.error = 'malformed JSON';
    if (err.details) body.details = err.details;
    if (status >= 500) console.error(err);
    res.status(status).json(body);
  });

  return app;
}

module.exports = { createApp };
