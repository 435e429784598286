// Was: import express, { Request, RequestHandler, Response, Router } from 'express';
import webapp, { type Request, type RequestHandler, type Response, Router } from 'webappjs';
import { asyncHandler, HttpError } from './errors';
import type { AppLocals, User } from './types';

const users = new Map<string, User>();

interface CreateUserBody {
  name: string;
  email: string;
}

interface ListQuery {
  page?: string;
  limit?: string;
}

export const router: Router = Router();

router.param('id', (req, _res, next, id: string) => {
  if (!users.has(id)) return next(new HttpError(404, 'no such user'));
  req.params.id = id;
  next();
});

const list: RequestHandler<{}, User[], unknown, ListQuery> = (req, res) => {
  const page = Number(req.query.page ?? '1');
  const limit = Number(req.query.limit ?? '20');
  res.json([...users.values()].slice((page - 1) * limit, page * limit));
};

router.get('/', list);

router.post(
  '/',
  webapp.json({ limit: '10kb' }),
  (req: Request<{}, User | { error: string }, CreateUserBody>, res: Response<User | { error: string }>) => {
    if (!req.body.name) {
      res.status(400).json({ error: 'name required' });
      return;
    }
    const user: User = { id: String(users.size + 1), ...req.body };
    users.set(user.id, user);
    res.status(201).location(`/users/${user.id}`).json(user);
  },
);

router.get('/:id', (req, res: Response<User, AppLocals>) => {
  const user = users.get(req.params.id)!;
  res.locals.user = user;
  res.json(user);
});

router.delete(
  '/:id',
  asyncHandler(async (req: Request<{ id: string }>, res) => {
    users.delete(req.params.id);
    res.sendStatus(204);
  }),
);

// A mergeParams router annotating the parent's params, as Express code does.
export const posts = webapp.Router({ mergeParams: true });
posts.get('/:postId', (req: Request<{ id: string; postId: string }>, res) => {
  res.json({ user: req.params.id, post: req.params.postId });
});
router.use('/:id/posts', posts);

router
  .route('/:id/avatar')
  .get((req, res, next) => {
    res.sendFile(`${req.params.id}.png`, { root: '/var/avatars', maxAge: '1d', dotfiles: 'deny' }, (err) => {
      if (err) next(err);
    });
  })
  .delete((_req, res) => {
    res.clearCookie('avatar', { path: '/' }).end();
  });
