// Route-parameter inference: what `req.params` is for Express 4 path syntax, and what must not compile.
import webapp = require('webappjs');

import type { RouteParameters } from 'webappjs/core';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
function expectType<T extends true>(): T | undefined {
  return undefined;
}

// The type itself.
expectType<Equal<RouteParameters<'/users/:id'>, { id: string }>>();
expectType<Equal<RouteParameters<'/users/:id/:tab?'>, { id: string; tab?: string }>>();
expectType<Equal<RouteParameters<'/user/:id(\\d+)'>, { id: string }>>();
expectType<Equal<RouteParameters<'/user/:id(\\d+)?'>, { id?: string }>>();
expectType<Equal<RouteParameters<'/files/*'>, { 0: string }>>();
expectType<Equal<RouteParameters<'/a/*/b/*'>, { 0: string; 1: string }>>();
expectType<Equal<RouteParameters<'/:from-:to'>, { from: string; to: string }>>();
expectType<Equal<RouteParameters<'/:file.:ext'>, { file: string; ext: string }>>();
expectType<Equal<RouteParameters<'/flights/:from_city-:to_city'>, { from_city: string; to_city: string }>>();
expectType<Equal<RouteParameters<'/path/:rest*'>, { rest: string; 0: string }>>();
expectType<Equal<RouteParameters<'/ab(cd)?e/:x'>, { 0: string; x: string }>>();
expectType<Equal<RouteParameters<'/time\\:now/:zone'>, { zone: string }>>();
expectType<
  Equal<RouteParameters<'/:user@:host/:a~:b'>, { user: string; host: string; a: string; b: string }>
>();
expectType<Equal<RouteParameters<'/:name/'>, { name: string }>>();
expectType<Equal<RouteParameters<'/ab(?=c)c/:site'>, { site: string }>>();
expectType<Equal<RouteParameters<'/'>, {}>>();
expectType<Equal<RouteParameters<'/plain/path'>, {}>>();
expectType<Equal<RouteParameters<string>, webapp.ParamsDictionary>>();

const app = webapp();

app.get('/users/:id/:tab?', (req, res) => {
  const id: string = req.params.id;
  const tab: string | undefined = req.params.tab;
  // @ts-expect-error an optional parameter may be undefined
  const strictTab: string = req.params.tab;
  // @ts-expect-error not a parameter of this path
  req.params.name;
  res.send(`${id} ${tab ?? ''} ${strictTab}`);
});

app.get('/user/:id(\\d+)', (req, res) => {
  expectType<Equal<typeof req.params, { id: string }>>();
  res.json({ id: Number(req.params.id) });
});

app.get('/files/*', (req, res) => {
  const rest: string = req.params[0];
  // @ts-expect-error only one numbered parameter
  req.params[1];
  res.send(rest);
});

// RegExp paths and lists of paths: string-indexed params.
app.get(/^\/commits\/(\w+)(?:\.\.(\w+))?$/, (req, res) => {
  expectType<Equal<typeof req.params, webapp.ParamsDictionary>>();
  res.send(req.params[0] + req.params[1]);
});
app.get(['/a/:x', '/b/:y'], (req, res) => {
  const anything: string = req.params.whatever;
  res.send(anything);
});

// use() with a path types the params too; without one they are a dictionary.
app.use('/items/:itemId', (req, _res, next) => {
  const itemId: string = req.params.itemId;
  next(itemId === '' ? new Error('empty') : undefined);
});
app.use((req, _res, next) => {
  expectType<Equal<typeof req.params, webapp.ParamsDictionary>>();
  next();
});

// app.route(path) types every method's handlers.
app
  .route('/books/:bookId')
  .get((req, res) => res.send(req.params.bookId))
  .put((req, res) => {
    // @ts-expect-error not a parameter of the route
    req.params.chapter;
    res.end();
  });

// Several handlers share the inferred params; next('route') / next('router') are accepted.
app.get(
  '/orgs/:org/repos/:repo',
  (req, _res, next) => (req.params.org === 'x' ? next('route') : next()),
  (req, res) => res.json({ org: req.params.org, repo: req.params.repo }),
);

// Explicit params type wins over the path.
app.get('/legacy/:id', (req: webapp.Request<{ id: string; extra?: string }>, res: webapp.Response) => {
  res.send(req.params.extra ?? req.params.id);
});

// mergeParams: a router declared with its parent's params sees them next to its own.
const posts = webapp.Router<{ userId: string }>({ mergeParams: true });
posts.get('/:postId', (req, res) => {
  expectType<Equal<typeof req.params.userId, string>>();
  expectType<Equal<typeof req.params.postId, string>>();
  // @ts-expect-error neither the parent's nor this route's parameter
  req.params.commentId;
  res.end();
});
posts.route('/:postId/likes').get((req, res) => res.send(req.params.userId + req.params.postId));
app.use('/users/:userId/posts', posts);

// mergeParams without a declared parent: the parent's params are string-indexed.
const loose = webapp.Router({ mergeParams: true });
loose.get('/:b', (req, res) => {
  const a: string = req.params.a;
  const b: string = req.params.b;
  res.send(a + b);
});

// A router without mergeParams does not see the parent's params.
const plain = webapp.Router();
plain.get('/:b', (req, res) => {
  // @ts-expect-error no mergeParams: only this route's params
  req.params.a;
  res.send(req.params.b);
});

// A path whose value is only known at run time gives a dictionary.
const dynamic: string = process.env.ROUTE ?? '/';
app.get(dynamic, (req, res) => res.send(req.params.anything));

// Wrong arguments.
// @ts-expect-error a path must be a string, RegExp or list of them
app.get(42, (_req: webapp.Request, res: webapp.Response) => res.end());
// @ts-expect-error handlers must be functions
app.get('/x', 'not a handler');
// @ts-expect-error mergeParams is a boolean
webapp.Router({ mergeParams: 'yes' });

// A handler typed with a plain dictionary does not widen the params of the inline handlers beside it.
const audit: webapp.RequestHandler = (req, _res, next) => {
  console.log(req.params);
  next();
};
app.get('/audit/:entry', audit, (req, res) => {
  expectType<Equal<typeof req.params, { entry: string }>>();
  res.end();
});

// Error handlers: annotated, as with @types/express (a four-parameter arrow cannot be told apart from a
// (req, res, next) handler by contextual typing, and a call that mixes both gives no contextual types).
app.use((err: unknown, req: webapp.Request, res: webapp.Response, next: webapp.NextFunction) => {
  if (res.headersSent) return next(err);
  res.status(500).send(req.path);
});
app.get(
  '/boom/:id',
  (req: webapp.Request<{ id: string }>, _res: webapp.Response, next: webapp.NextFunction) =>
    next(new Error(req.params.id)),
  (err: Error, req: webapp.Request, res: webapp.Response, _next: webapp.NextFunction) => {
    res.status(500).send(req.path + err.message);
  },
);
