// Was: import express, { NextFunction, Request, Response } from 'express';
import type { Server } from 'node:http';
import path from 'node:path';
import webapp, { type NextFunction, type Request, type Response } from 'webappjs';
import { errorHandler, notFound } from './errors';
import { router as usersRouter } from './users';
import './types';

const app = webapp();

app.set('trust proxy', 'loopback');
app.set('view engine', 'ejs');
app.set('views', path.join(__dirname, 'views'));
app.disable('x-powered-by');
app.locals.title = 'Demo';
const env: string = app.get('env');

app.use((req: Request, res: Response, next: NextFunction) => {
  req.requestId = req.get('x-request-id') ?? `${Date.now()}`;
  res.setHeader('X-Request-Id', req.requestId);
  next();
});
app.use(webapp.json());
app.use(webapp.urlencoded({ extended: true }));
app.use('/assets', webapp.static(path.join(__dirname, 'public'), { maxAge: '7d', index: false }));
// Express 4 code that teaches the static MIME table a type (express.static.mime).
webapp.static.mime.define({ 'text/x-notes': ['notes'] });
const iconType: string = webapp.static.mime.lookup('favicon.ico', webapp.static.mime.default_type);
void iconType;
app.use('/users', usersRouter);

app.get('/', (req, res) => {
  res.render('index', { title: app.locals.title, env, ip: req.ip });
});

app.get('/download/:file', (req, res, next) => {
  res.download(path.join('/srv/files', req.params.file), req.params.file, (err) => err && next(err));
});

app.get('/search', (req, res) => {
  const q = typeof req.query.q === 'string' ? req.query.q : '';
  const type = req.accepts(['json', 'html']);
  if (type === 'json') return res.json({ q });
  res.send(`<p>${q}</p>`);
});

app.get('/video', (req, res) => {
  const ranges = req.range(10_000);
  if (ranges === -1 || ranges === -2) return res.sendStatus(416);
  res.status(ranges ? 206 : 200).end();
});

app.post('/session', (req, res) => {
  res.cookie('sid', String(req.body.id), {
    httpOnly: true,
    sameSite: 'lax',
    maxAge: 3_600_000,
    signed: false,
  });
  res.redirect(303, '/');
});

app.get('/old', (_req, res) => res.redirect(301, '/new'));
app.all('/health', (_req, res) => res.sendStatus(200));

app.render('mail', { name: 'x' }, (err, html) => {
  if (!err) console.log(html.length);
});

app.use(notFound);
app.use(errorHandler);

const server: Server = app.listen(Number(process.env.PORT ?? 3000), () => {
  console.log('listening on', server.address());
});

export default app;
