// Real middleware typed with @types/express, used on a webapp app under strict (no casts).
import { tmpdir } from 'node:os';
import cookieParser from 'cookie-parser';
import cors from 'cors';
import { rateLimit } from 'express-rate-limit';
import session from 'express-session';
import helmet from 'helmet';
import morgan from 'morgan';
import multer from 'multer';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import webapp, { type NextFunction, type Request, type RequestHandler, type Response } from 'webappjs';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
function expectType<T extends true>(): T | undefined {
  return undefined;
}

declare module 'express-session' {
  interface SessionData {
    views: number;
  }
}

declare global {
  namespace Express {
    interface User {
      id: string;
      name: string;
    }
  }
}

passport.use(
  new LocalStrategy((username, password, done) =>
    done(null, password === 'secret' ? { id: '1', name: username } : false),
  ),
);
passport.serializeUser((user, done) => done(null, user.id));
passport.deserializeUser((id: string, done) => done(null, { id, name: 'tobi' }));

const upload = multer({ dest: tmpdir(), limits: { fileSize: 1_000_000 } });
const limiter = rateLimit({ windowMs: 60_000, limit: 100 });

// Each factory's return value is one of webapp's own typed handlers, not only an escape-hatch fit.
const typed: RequestHandler[] = [
  helmet(),
  cors({ origin: true }),
  morgan('tiny'),
  cookieParser('secret'),
  session({ secret: 'keyboard cat', resave: false, saveUninitialized: false }),
  passport.initialize(),
  passport.session(),
  limiter,
  upload.single('avatar'),
];

const app = webapp();
app.use(helmet(), cors());
app.use(morgan('combined'));
app.use(cookieParser('secret'));
app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false }));
app.use(passport.initialize());
app.use(passport.session());
app.use('/api', limiter);
app.use(typed);

app.post('/login', passport.authenticate('local', { failureRedirect: '/login' }), (_req, res) => {
  res.redirect('/');
});

app.get('/me', (req, res) => {
  if (!req.isAuthenticated()) return res.sendStatus(401);
  expectType<Equal<typeof req.user, Express.User>>();
  req.session.views = (req.session.views ?? 0) + 1;
  const sid: string = req.sessionID;
  res.json({ user: req.user, views: req.session.views, sid, cookies: req.cookies });
});

app.post('/logout', (req, res, next) => {
  req.logout((err) => (err ? next(err) : res.redirect('/')));
});

// Typed middleware mixed with inline handlers: the inline ones keep the path's params.
app.post('/users/:id/avatar', limiter, upload.single('avatar'), (req, res) => {
  const file: Express.Multer.File | undefined = req.file;
  expectType<Equal<typeof req.params, { id: string }>>();
  // @ts-expect-error not a parameter of the path: proves the typed overload was chosen, not the escape hatch
  req.params.other;
  res.json({ id: req.params.id, size: file?.size });
});

app.post('/gallery', upload.array('photos', 12), (req, res) => {
  const files = req.files as Express.Multer.File[] | undefined;
  res.json({ count: files?.length ?? 0 });
});

// Handlers written against webapp's types, passed alongside.
const requireUser = (req: Request, res: Response, next: NextFunction) =>
  req.user ? next() : res.sendStatus(401);
app.get('/admin/:section', requireUser, (req, res) => res.send(req.params.section));

export { app };
