// A bundler project (Vite, esbuild, webpack): moduleResolution bundler, ES module syntax.
import webapp, { type Express, type RequestHandler, Router, urlencoded } from 'webappjs';
import type { ParamsDictionary, Request } from 'webappjs/core';

const app: Express = webapp();
const router = Router();
const load: RequestHandler<ParamsDictionary, unknown, { name?: string }> = (req, res) => {
  res.send(req.body.name ?? 'anonymous');
};
router.post('/', urlencoded({ extended: true }), load);
app.use('/form', router);
app.get('/echo/:word', (req: Request<{ word: string }>, res) => res.send(req.params.word));

export { app };
