import { test } from 'node:test';

import { assertSameAsExpress } from '../support/http';

const report = (level: string) => (req: any, _res: any, next: any) => {
  req.seen = req.seen ?? [];
  req.seen.push({ level, url: req.url, path: req.path, baseUrl: req.baseUrl, params: { ...req.params } });
  next();
};

function build(lib: any) {
  const app = lib();
  const org = lib.Router({ mergeParams: true });
  const team = lib.Router({ mergeParams: true });
  const member = lib.Router({ mergeParams: true });
  member.use(report('member'));
  member.get('/profile', (req: any, res: any) => res.json({ seen: req.seen, originalUrl: req.originalUrl }));
  member.get('/', (req: any, res: any) => res.json({ seen: req.seen, end: true }));
  // The '.json' form: the mount path is followed by '.', so the child URL gets a '/' in front.
  member.get('/.json', (req: any, res: any) => res.json({ seen: req.seen, dot: true }));
  team.use(report('team'));
  team.use('/member/:member', member);
  org.use(report('org'));
  org.use('/team/:team', team);
  app.use('/org/:org', org);
  app.use((req: any, res: any) => res.status(404).json({ seen: req.seen ?? [], url: req.url }));
  app.use((err: any, req: any, res: any, _next: any) =>
    res.status(err.status ?? 500).json({ error: err.message, seen: req.seen ?? [] }),
  );
  return app;
}

test('nested routers see the URL, path, baseUrl and params Express 4 gives at every level', async () => {
  await assertSameAsExpress(build, [
    { path: '/org/acme/team/web/member/42/profile' },
    { path: '/org/acme/team/web/member/42/profile?tab=a&x=%20' },
    { path: '/org/acme/team/web/member/42/profile/' },
    { path: '/org/acme/team/web/member/42' },
    { path: '/org/acme/team/web/member/42?only=query' },
    { path: '/org/acme/team/web/member/42.json' },
    { path: '/ORG/Acme/Team/web/member/42/profile' },
    { path: '/org/a%20b/team/w%2Fc/member/4%2' },
    { path: '/org/acme/team/web/member/42/profile#fragment' },
    { path: '/org/acme/team/web/member/42/profile?q=1#frag' },
    { path: 'http://example.com/org/acme/team/web/member/42/profile?x=1' },
    { path: '/org/acme//team/web/member/42/profile' },
    { path: '/org/acme/team/web/member/42/other' },
  ]);
});

test('a URL rewritten by middleware between levels is read afresh, as in Express 4', async () => {
  await assertSameAsExpress(
    (lib: any) => {
      const app = lib();
      const outer = lib.Router();
      const inner = lib.Router();
      inner.get('/b/:id', (req: any, res: any) =>
        res.json({ url: req.url, path: req.path, id: req.params.id }),
      );
      outer.use((req: any, _res: any, next: any) => {
        // A rewrite (as a URL-normalizing middleware would do) after the parent stripped its mount path.
        if (req.url.startsWith('/x/')) req.url = `/b/${req.url.slice(3)}`;
        next();
      });
      outer.use('/', inner);
      app.use('/a', outer);
      return app;
    },
    [{ path: '/a/x/1?q' }, { path: '/a/b/2' }, { path: '/a/x/3.json' }],
  );
});

test('middleware that leaves req.url unreadable ends the walk, as in Express 4 (no later middleware runs)', async () => {
  await assertSameAsExpress(
    (lib: any) => {
      const app = lib();
      app.use((req: any, res: any, next: any) => {
        res.on('finish', () => undefined);
        req.url = req.path === '/number' ? 42 : undefined;
        next();
      });
      app.use((_req: any, res: any) => res.end('ran the next middleware'));
      app.use((err: any, _req: any, res: any, _next: any) => res.status(500).end(String(err)));
      return app;
    },
    [{ path: '/number' }, { path: '/undefined' }],
  );
});

test('a mount whose match is not a prefix of the path (a RegExp without ^) is skipped, as in Express 4', async () => {
  await assertSameAsExpress(
    (lib: any) => {
      const app = lib();
      const inner = lib.Router();
      inner.use((req: any, res: any) => res.json({ inner: true, url: req.url, baseUrl: req.baseUrl }));
      app.use(/\/b/, inner);
      app.use(['/c', /\/d(\/|$)/], inner);
      app.use((req: any, res: any) => res.status(404).json({ skipped: true, url: req.url }));
      return app;
    },
    [{ path: '/a/b' }, { path: '/b/x' }, { path: '/x/d/y' }, { path: '/d/y' }, { path: '/c/z' }],
  );
});

test('a small router that grows during a request (routes added by its own middleware) finds the new routes', async () => {
  await assertSameAsExpress(
    (lib: any) => {
      const app = lib();
      const router = lib.Router();
      let added = false;
      router.use((_req: any, _res: any, next: any) => {
        // Past the size at which a router's index starts to pass layers over.
        if (!added)
          for (let i = 0; i < 8; i++) router.get(`/late${i}`, (req: any, res: any) => res.send(req.url));
        added = true;
        next();
      });
      app.use('/r', router);
      return app;
    },
    [{ path: '/r/late7' }, { path: '/r/late3' }, { path: '/r/none' }],
  );
});

function buildAtRoot(lib: any) {
  const app = lib();
  const outer = lib.Router();
  const inner = lib.Router({ mergeParams: true });
  inner.use(report('inner'));
  inner.get('/item/:id', (req: any, res: any) => res.json({ seen: req.seen, originalUrl: req.originalUrl }));
  outer.use(report('outer'));
  outer.use(inner);
  app.use(outer);
  app.use(
    '/',
    lib.Router().get('/late', (req: any, res: any) => res.json({ path: req.path, url: req.url })),
  );
  app.use((req: any, res: any) => res.status(404).json({ seen: req.seen ?? [], url: req.url }));
  return app;
}

test('routers mounted at / see what Express 4 gives them (the pathname handed down, or read afresh)', async () => {
  const paths = [
    '/item/7',
    '/item/7?x=1&y=%20',
    '/item/7/',
    '/ITEM/7',
    '/item/7#frag',
    '/item/7?q#frag',
    'http://example.com/item/7?x=1',
    '/late?z',
    '//item/7',
    '/missing',
  ];
  // Twice each: a hand-off is used once, so a repeated URL is read again in its own request.
  await assertSameAsExpress(
    buildAtRoot,
    [...paths, ...paths].map((path) => ({ path })),
  );
});
