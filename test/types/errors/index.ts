// Compiled expecting errors: test/types.test.ts asserts their text names Request, not internal helpers.
import webapp, { type Request, Router } from 'webappjs';
import 'webappjs/cookie-session';

const app = webapp();
app.get('/users/:id', (req, res) => {
  res.send(req.params.tab);
});
app.get('/files/*', (req, res) => {
  const z: string = req.params[0];
  res.send(z);
});
app.get('/s', (req, res) => {
  res.send(req.session.x);
});
app.get('/y', (req, res) => {
  res.send(req.nope);
});
const posts = Router({ mergeParams: true });
posts.get('/:postId', (req: Request<{ userId: string; postId: string }>, res) => {
  res.json({ user: req.params.userId });
});
