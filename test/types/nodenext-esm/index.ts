// An ES module ("type": "module") with moduleResolution nodenext: "exports" with the "import" and "types" conditions.

import * as namespaced from 'webappjs';
import webapp, {
  json,
  type NextFunction,
  type Request,
  type Response,
  Router,
  static as serveStatic,
} from 'webappjs';
import type { Application, RequestHandler, RouteParameters } from 'webappjs/core';

const app = webapp();
const router = Router({ mergeParams: true });
router.get('/:file', (req, res) => res.sendFile(req.params.file, { root: 'public' }));
app.use(json());
app.use('/static', serveStatic('public', { maxAge: '1d', immutable: true }));
app.use('/:section', router);
app.use(namespaced.default.text());

const auth: RequestHandler = (req: Request, res: Response, next: NextFunction) =>
  req.get('authorization') ? next() : res.sendStatus(401);
app.get('/private/:id', auth, (req, res) => {
  const params: RouteParameters<'/private/:id'> = req.params;
  res.json(params);
});

const asApplication: Application = app;
export default asApplication;
