// moduleResolution node10 reads "types"/"typesVersions", not "exports"; no esModuleInterop.
import webapp = require('webappjs');

import defaulted, * as namespaced from 'webappjs';
import { json, type NextFunction, type Request, type RequestHandler, type Response, Router } from 'webappjs';
import type { Request as CoreRequest, ParsedQs, RouteParameters } from 'webappjs/core';

const app: webapp.Express = webapp();
const viaNamespace: webapp.Application = namespaced();
const viaDefault: webapp.Express = defaulted();
const router: webapp.Router = Router();

const logger: RequestHandler = (req: Request, _res: Response, next: NextFunction) => {
  console.log(req.method, req.originalUrl);
  next();
};
const handler: webapp.RequestHandler<{ id: string }> = (req, res) => res.send(req.params.id);

router.get('/:id', handler);
app.use(json(), logger, webapp.urlencoded({ extended: false }));
app.use('/items', router);
viaNamespace.use(viaDefault);

// webapp/core names the same types as webapp.*
const same = (req: webapp.Request): CoreRequest => req;
const query: ParsedQs = { a: ['1', { b: '2' }] };
const params: RouteParameters<'/a/:b'> = { b: 'x' };

export { app, params, query, same };
