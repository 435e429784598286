// Code typed for Express 4 (@types/express v4) working with webapp, in both directions.
import type * as express from 'express';

import webapp = require('webappjs');

// A library's functions typed against Express.
declare function installRoutes(app: express.Application): void;
declare function installOnExpress(app: express.Express): void;
declare function mountRouter(router: express.Router): void;
declare function useMiddleware(...handlers: express.RequestHandler[]): void;
declare function useErrorHandler(handler: express.ErrorRequestHandler): void;

const app = webapp();
const router = webapp.Router();

// A webapp app and Router where Express's are wanted.
installRoutes(app);
installOnExpress(app);
mountRouter(router);

// Handlers return void, as in @types/express; async ones return Promise<void>.
const handler: webapp.RequestHandler = (req, res) => {
  res.send(req.path);
};
const asyncHandler: webapp.RequestHandler<{ id: string }> = async (req, res) => {
  res.json(await Promise.resolve({ id: req.params.id }));
};
const onError: webapp.ErrorRequestHandler = (err, _req, res, _next) => {
  res.status(500).send(String(err));
};
// biome-ignore lint/suspicious/noConfusingVoidType: the fixture checks Express's declared `void` return type.
const returnsVoid: void = handler(app.request, app.response, () => {});
const returnsPromise: void | Promise<void> = asyncHandler(
  app.request as webapp.Request<{ id: string }>,
  app.response,
  () => {},
);

// webapp's middleware where Express handlers are wanted.
useMiddleware(webapp.json(), webapp.urlencoded({ extended: false }), webapp.static('public'));
useMiddleware(webapp.cookieParser('secret'));

// The documented exception (docs/guide/typescript.md): a handler typed with webapp's Request is not an
// express.RequestHandler, because @types/express 4.19+ no longer declares req.acceptsCharset,
// acceptsEncoding and acceptsLanguage, which Express 4 still has and webapp's Request declares.
// @ts-expect-error express.Request lacks acceptsCharset, acceptsEncoding, acceptsLanguage
useMiddleware(handler);
// @ts-expect-error the same for error handlers
useErrorHandler(onError);

// Express-typed middleware in webapp's use and route methods.
declare const expressMiddleware: express.RequestHandler;
declare const expressErrorHandler: express.ErrorRequestHandler;
declare const expressRouter: express.Router;
app.use(expressMiddleware, handler);
app.get('/items/:id', expressMiddleware, asyncHandler);
router.use(expressMiddleware);
app.use('/legacy', expressRouter);
app.use(expressErrorHandler, onError);

// A handler typed with Express's types is both: it fits Express-typed libraries and webapp.
const typed: express.RequestHandler<{ id: string }> = (req, res) => {
  res.send(req.params.id);
};
useMiddleware(typed as express.RequestHandler);
app.get('/typed/:id', typed);

export { returnsPromise, returnsVoid };
