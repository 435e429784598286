/**
 * req.baseUrl, req.originalUrl, req.url, req.path, req.route and req.params as seen inside mounted
 * routers and sub-apps, and restored after them.
 */
import { test } from 'node:test';

import { assertSameAsExpress } from '../support/http';

const snapshot = (where: string) => (req: any, _res: any, next: any) => {
  req.trace = `${req.trace ?? ''}${where}{baseUrl=${req.baseUrl} url=${req.url} originalUrl=${req.originalUrl} path=${req.path} params=${JSON.stringify(req.params)} route=${req.route ? String(req.route.path) : '-'}} `;
  next();
};
const done = (req: any, res: any) => {
  res.setHeader('Content-Type', 'text/plain');
  res.end(req.trace);
};

test('request URL properties inside and after mounted routers', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const inner = lib.Router();
      inner.use(snapshot('inner-mw'));
      inner.get('/leaf/:id', snapshot('inner-route'), (_req: any, _res: any, next: any) => next());
      const outer = lib.Router();
      outer.use(snapshot('outer-mw'));
      outer.use('/in/:x', inner);
      outer.use(snapshot('outer-after'));
      app.use(snapshot('app-before'));
      app.use('/out', outer);
      app.get('/out/*', snapshot('app-route'));
      app.use(snapshot('app-after'));
      app.use(done);
      return app;
    },
    [
      { path: '/out/in/X/leaf/7?q=1' },
      { path: '/out/in/X' },
      { path: '/out' },
      { path: '/OUT/In/x/LEAF/1' },
      { path: '/elsewhere' },
    ],
  );
});

test('request URL properties inside and after sub-apps, with mount patterns', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const sub = lib();
      sub.use(snapshot('sub-mw'));
      sub.get('/page', snapshot('sub-route'), (_req: any, _res: any, next: any) => next());
      const subsub = lib();
      subsub.use(snapshot('subsub'));
      sub.use('/deeper', subsub);
      app.use(['/s*b', '/alias/:name'], sub);
      app.use(snapshot('after'));
      app.use(done);
      return app;
    },
    [{ path: '/sub/page' }, { path: '/sssb/page?x' }, { path: '/alias/joe/deeper/x' }, { path: '/sub' }],
  );
});

test('req.route is the matched route during its handlers and stays set afterwards', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.get('/r/:id', snapshot('route'), (_req: any, _res: any, next: any) => next());
      app.get(/^\/r\/(\d+)$/, snapshot('regex-route'), (_req: any, _res: any, next: any) => next());
      app.use(snapshot('after-routes'));
      app.use(done);
      return app;
    },
    [{ path: '/r/5' }, { path: '/r/x' }],
  );
});

test('req.params values are URI-decoded; "+" and encoded slashes stay as decoded characters', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.get('/p/:value', snapshot('p'), done);
      app.get('/star/*', snapshot('star'), done);
      return app;
    },
    [
      { path: '/p/a%20b' },
      { path: '/p/a+b' },
      { path: '/p/a%2Fb' },
      { path: '/p/%E2%82%AC' },
      { path: '/p/%25' },
      { path: '/star/a%20b/c%2Fd' },
    ],
  );
});

test('the mount path stripping is visible to middleware mounted at "/" (nothing stripped)', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.use('/', snapshot('slash'));
      app.use('', snapshot('empty-string'));
      app.use(done);
      return app;
    },
    [{ path: '/a/b' }, { path: '/' }],
  );
});
