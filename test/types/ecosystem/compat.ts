// Structural compatibility with @types/express in both directions where it matters.
import type * as express from 'express';

import webapp = require('webappjs');

declare const req: webapp.Request;
declare const res: webapp.Response;
declare const next: webapp.NextFunction;
declare const app: webapp.Express;

// webapp's request and response are assignable to Express's (what strictFunctionTypes needs for
// Express-typed handlers to be accepted by webapp's use() and route methods).
export const asExpressRequest: express.Request = req;
export const asExpressResponse: express.Response = res;
export const asExpressNext: express.NextFunction = next;
export const asExpressApplication: express.Application = app;

// Handlers typed with Express's types are webapp handlers.
declare const expressHandler: express.RequestHandler;
declare const expressTypedHandler: express.RequestHandler<{ id: string }, { ok: boolean }, { name: string }>;
declare const expressErrorHandler: express.ErrorRequestHandler;
export const handler: webapp.RequestHandler = expressHandler;
export const errorHandler: webapp.ErrorRequestHandler = expressErrorHandler;

app.use(expressHandler);
app.use(expressErrorHandler);
app.get('/users/:id', expressHandler, (request, response) => response.send(request.params.id));
app.post('/users/:id', expressTypedHandler, (request, response) => {
  const name: string = request.body.name;
  response.json({ ok: name === request.params.id });
});

// An Express router's handlers can be mounted too (as a function of req, res, next).
declare const expressRouter: express.Router;
app.use('/legacy', expressRouter);

// And webapp's middleware fits an Express app.
declare const expressApp: express.Express;
expressApp.use(webapp.json(), webapp.urlencoded({ extended: true }), webapp.static('public'));
expressApp.use(webapp.cookieParser('secret'));
