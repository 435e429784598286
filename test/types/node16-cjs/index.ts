// moduleResolution node16 in a CommonJS package: "exports" is resolved with the "require" and "types" conditions.
import webapp = require('webappjs');

import defaulted, * as namespaced from 'webappjs';
import { type ErrorRequestHandler, type Request, type Response, Router } from 'webappjs';
import type * as core from 'webappjs/core';

const app: webapp.Express = defaulted();
const other = webapp();
const router = namespaced.Router({ caseSensitive: true });
router.post('/:id', namespaced.json({ limit: '1mb' }), (req, res) => {
  res.status(201).json({ id: req.params.id, body: req.body });
});
const onError: ErrorRequestHandler = (err, _req: Request, res: Response, _next) => {
  res.status(500).send(String(err));
};
app.use('/api', router, Router());
app.use(onError);
other.use(app);

// A namespace import is not callable under esModuleInterop (as with express).
// @ts-expect-error call the default import or the import = require binding instead
namespaced();

const asCore: core.Express = app;
const handler: core.RequestHandler = (req, res) => res.end(req.path);

export { asCore, handler };
