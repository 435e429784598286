// A new user's project: `npm i webappjs typescript`, a default tsconfig plus strict, nothing else
// installed (no hand-installed @types/node: TypeScript 6+ defaults `types` to []).
import webapp, { type ErrorRequestHandler, Router } from 'webappjs';
import cookieSession from 'webappjs/cookie-session';

const users = { find: async (id: string) => (id === '1' ? { id, name: 'Ada' } : undefined) };

const app = webapp();
app.use(webapp.json());
app.use(cookieSession({ keys: [process.env.SESSION_KEY ?? 'dev'] }));

const api = Router();
api.get('/users/:id/:tab?', async (req, res) => {
  const user = await users.find(req.params.id);
  if (!user) return void res.status(404).json({ error: 'no such user' });
  if (req.session) req.session.lastUser = user.id;
  res.json({ user, tab: req.params.tab ?? 'profile' });
});
app.use('/api', api);

const onError: ErrorRequestHandler = (err, _req, res, _next) => {
  res.status(500).json({ error: err instanceof Error ? err.message : String(err) });
};
app.use(onError);

const server = app.listen(3000, () => console.log('http://localhost:3000'));
const body: Buffer = Buffer.from('ok');

export { body, server };
