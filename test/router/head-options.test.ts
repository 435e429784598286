/** HEAD served by GET routes, and the automatic OPTIONS response with Allow. */
import { test } from 'node:test';

import { assertSameAsExpress } from '../support/http';

const reply = (tag: string) => (req: any, res: any) => {
  res.setHeader('X-Handler', tag);
  res.setHeader('Content-Type', 'text/plain');
  res.end(`${tag} ${req.method}`);
};

test('HEAD is served by the GET route unless a HEAD route was registered earlier', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.get('/get-first', reply('get'));
      app.head('/get-first', reply('head-late'));
      app.head('/head-first', reply('head'));
      app.get('/head-first', reply('get-late'));
      app.route('/same-route').get(reply('route-get')).head(reply('route-head'));
      app.get('/only-get', reply('only-get'));
      app.post('/only-post', reply('only-post'));
      app.all('/all', reply('all'));
      return app;
    },
    ['/get-first', '/head-first', '/same-route', '/only-get', '/only-post', '/all'].flatMap((path) => [
      { method: 'HEAD', path },
      { method: 'GET', path },
    ]),
  );
});

test('OPTIONS without a route of its own answers 200 with Allow of all matching routes', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.get('/users', reply('get'));
      app.post('/users', reply('post'));
      app.put('/:any', reply('put'));
      app.get('/users', reply('dup-get'));
      app.route('/chain').patch(reply('patch')).delete(reply('delete')).head(reply('head'));
      app.options('/own', reply('own-options'));
      app.get('/own', reply('own-get'));
      app.use('/mw', (_req: any, _res: any, next: any) => next());
      app.get('/mw', reply('mw-get'));
      app.all('/every', reply('every'));
      app.get('/erroring', (_req: any, _res: any, next: any) => next());
      return app;
    },
    [
      { method: 'OPTIONS', path: '/users' },
      { method: 'OPTIONS', path: '/chain' },
      { method: 'OPTIONS', path: '/own' },
      { method: 'OPTIONS', path: '/mw' },
      { method: 'OPTIONS', path: '/every' },
      { method: 'OPTIONS', path: '/nothing/here' },
      { method: 'OPTIONS', path: '/users?x=1' },
    ],
  );
});

test('automatic OPTIONS inside mounted routers, and not after an error', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const router = lib.Router();
      router.get('/item', reply('get'));
      router.delete('/item', reply('delete'));
      app.use('/api', router);
      app.post('/api/item', reply('app-post'));
      app.use('/broken', (_req: any, _res: any, next: any) => next(new Error('broken')));
      app.get('/broken', reply('never'));
      app.use((err: any, _req: any, res: any, _next: any) => {
        res.statusCode = 500;
        res.end(`error ${err.message}`);
      });
      return app;
    },
    [
      { method: 'OPTIONS', path: '/api/item' },
      { method: 'OPTIONS', path: '/broken' },
    ],
  );
});

test('router.all answers OPTIONS itself', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const router = lib.Router();
      router.all('/x', reply('router-all'));
      app.use(router);
      return app;
    },
    [{ method: 'OPTIONS', path: '/x' }],
  );
});
