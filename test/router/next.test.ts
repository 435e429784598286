/** next(), next('route'), next('router') in middleware, routes and nested routers. */
import { test } from 'node:test';

import { assertSameAsExpress } from '../support/http';

const log = (name: string) => (req: any, _res: any, next: any) => {
  req.log = `${req.log ?? ''}${name} `;
  next();
};
const finish = (name: string) => (req: any, res: any) => {
  res.setHeader('Content-Type', 'text/plain');
  res.end(`${name}: ${req.log ?? ''}`);
};

test('next("route") skips the rest of the route handlers and continues with later layers', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.get('/x', log('a'), (_req: any, _res: any, next: any) => next('route'), finish('never'));
      app.use(log('mw'));
      app.get('/x', finish('second-route'));
      return app;
    },
    [{ path: '/x' }, { path: '/x?q=1' }],
  );
});

test('next("route") in plain middleware acts like next()', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.use((_req: any, _res: any, next: any) => next('route'));
      app.use(log('after'));
      app.get('/', finish('route'));
      return app;
    },
    [{ path: '/' }],
  );
});

test('next("router") leaves the current router; in the app router it ends in a 404', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const router = lib.Router();
      router.use(log('router-mw'));
      router.use('/mw-exit', (_req: any, _res: any, next: any) => next('router'));
      router.get(
        '/route-exit',
        log('route-first'),
        (_req: any, _res: any, next: any) => next('router'),
        finish('never'),
      );
      router.get('/mw-exit', finish('never'));
      router.get('/route-exit', finish('never'));
      app.use('/r', router);
      app.use(log('app-after-router'));
      app.get('/r/*', finish('app-route'));
      app.get('/app-exit', (_req: any, _res: any, next: any) => next('router'));
      app.get('/app-exit', finish('never'));
      return app;
    },
    [{ path: '/r/mw-exit' }, { path: '/r/route-exit' }, { path: '/app-exit' }],
  );
});

test('next("router") inside a sub-app leaves the sub-app only', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const sub = lib();
      sub.use((_req: any, _res: any, next: any) => next('router'));
      sub.get('/', finish('never'));
      app.use('/sub', sub);
      app.get('/sub', finish('parent'));
      return app;
    },
    [{ path: '/sub' }],
  );
});

test('next() after the last layer of a nested router returns to the parent', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const outer = lib.Router();
      const inner = lib.Router();
      inner.use(log('inner'));
      outer.use('/in', inner);
      outer.use(log('outer'));
      app.use('/out', outer);
      app.use(finish('app'));
      return app;
    },
    [{ path: '/out/in/x' }, { path: '/out/x' }, { path: '/x' }],
  );
});

test('calling next twice does not run later layers twice for a response already sent', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      let count = 0;
      app.use((req: any, _res: any, next: any) => {
        count++;
        req.count = count;
        next();
      });
      app.get('/', (req: any, res: any) => res.end(`count ${req.count}`));
      return app;
    },
    [{ path: '/' }, { path: '/' }],
  );
});
