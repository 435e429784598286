// A typed notes API: route parameters inferred from the path, typed bodies and locals, a cookie session
// and compression from webapp's first-party middleware. Build and run it with `npm run start:typescript`
// (the package, then this example alone: its tsconfig.json compiles it into build/examples/typescript,
// against the `webappjs` types of dist/; the test suite is not compiled).
import webapp, { type ErrorRequestHandler, type NextFunction, type Request, type Response } from 'webappjs';
import compress from 'webappjs/compress';
import cookieSession from 'webappjs/cookie-session';

export interface Note {
  id: number;
  title: string;
  done: boolean;
}

interface NoteInput {
  title?: unknown;
  done?: unknown;
}

/** What handlers find in `res.locals`: set once per request by `countVisit`. */
interface Locals {
  visits: number;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function parseNote(body: NoteInput): Omit<Note, 'id'> {
  if (typeof body.title !== 'string' || body.title.trim() === '')
    throw new HttpError(400, 'title must be a non-empty string');
  if (body.done !== undefined && typeof body.done !== 'boolean')
    throw new HttpError(400, 'done must be a boolean');
  return { title: body.title.trim().slice(0, 200), done: body.done ?? false };
}

export function createApp(secret: string): ReturnType<typeof webapp> {
  const app = webapp();
  const notes = new Map<number, Note>();
  let nextId = 1;

  app.use(compress());
  app.use(cookieSession({ keys: [secret] }));
  app.use(webapp.json({ limit: '10kb' }));

  // Counts the visitor's requests in the signed session cookie.
  function countVisit(req: Request, res: Response<unknown, Locals>, next: NextFunction): void {
    const session = (req as Request & { session: { visits?: number } }).session;
    session.visits = (session.visits ?? 0) + 1;
    res.locals.visits = session.visits;
    next();
  }
  app.use(countVisit);

  const api = webapp.Router();
  api.get('/notes', (req, res: Response<{ notes: Note[]; visits: number }, Locals>) => {
    res.json({ notes: [...notes.values()], visits: res.locals.visits });
  });
  api.post('/notes', (req: Request<Record<string, never>, Note, NoteInput>, res: Response<Note>) => {
    const note = { id: nextId++, ...parseNote(req.body) };
    notes.set(note.id, note);
    res.status(201).json(note);
  });
  // `req.params.id` is a string, inferred from the path.
  api.get('/notes/:id', (req, res) => {
    const note = notes.get(Number(req.params.id));
    if (!note) throw new HttpError(404, `no note ${req.params.id}`);
    res.json(note);
  });
  api.delete('/notes/:id', async (req, res) => {
    if (!notes.delete(Number(req.params.id))) throw new HttpError(404, `no note ${req.params.id}`);
    res.sendStatus(204);
  });
  app.use('/api', api);

  const onError: ErrorRequestHandler = (err, req, res, next) => {
    if (err instanceof HttpError) {
      res.status(err.status).json({ error: err.message });
      return;
    }
    if ((err as { type?: string }).type === 'entity.parse.failed') {
      res.status(400).json({ error: 'invalid JSON' });
      return;
    }
    next(err);
  };
  app.use(onError);
  return app;
}
