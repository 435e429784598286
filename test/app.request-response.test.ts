/**
 * Per-app `app.request`/`app.response` prototypes: requests of an app get its prototypes, sub-apps
 * inherit the parent's, and a sub-app's additions never reach the parent. Also the globals
 * `webapp.request`, `webapp.response`, `webapp.application`.
 */
import assert from 'node:assert/strict';
import { IncomingMessage, ServerResponse } from 'node:http';
import { test } from 'node:test';

import webapp = require('../src/index');

import { assertSameAsExpress, request } from './support/http';

test('app.request/app.response derive from webapp.request/webapp.response and point back to the app', () => {
  const app = webapp() as any;
  assert.equal(Object.getPrototypeOf(app.request), webapp.request);
  assert.equal(Object.getPrototypeOf(app.response), webapp.response);
  assert.equal(app.request.app, app);
  assert.equal(app.response.app, app);
  assert.ok(webapp.request instanceof IncomingMessage);
  assert.ok(webapp.response instanceof ServerResponse);
  assert.notEqual(webapp().request, app.request);
});

test('members added to webapp.request/response/application reach every app', async () => {
  const added = ['greet', 'shout', 'hello'];
  (webapp.request as any).greet = function (this: any) {
    return `hi ${this.url}`;
  };
  (webapp.response as any).shout = function (this: any, text: string) {
    this.end(text.toUpperCase());
  };
  (webapp.application as any).hello = () => 'hello';
  try {
    const app = webapp() as any;
    assert.equal(app.hello(), 'hello');
    app.get('/x', (req: any, res: any) => res.shout(req.greet()));
    assert.equal((await request(app, { path: '/x' })).body, 'HI /X');
  } finally {
    delete (webapp.request as any)[added[0]];
    delete (webapp.response as any)[added[1]];
    delete (webapp.application as any)[added[2]];
  }
});

test('app.request/app.response members apply to that app only', async () => {
  const a = webapp() as any;
  const b = webapp() as any;
  a.request.who = 'a';
  a.response.tag = function (this: any) {
    this.end(`tag ${this.req.who}`);
  };
  a.get('/', (_req: any, res: any) => res.tag());
  b.get('/', (req: any, res: any) => res.end(`b ${req.who} ${typeof res.tag}`));
  assert.equal((await request(a, {})).body, 'tag a');
  assert.equal((await request(b, {})).body, 'b undefined undefined');
});

test('a sub-app inherits the parent prototypes; its own additions never reach the parent', async () => {
  const parent = webapp() as any;
  const child = webapp() as any;
  parent.request.fromParent = 'p';
  child.request.fromChild = 'c';
  child.response.childOnly = () => {};
  parent.use('/child', child);
  assert.equal(Object.getPrototypeOf(child.request), parent.request);
  assert.equal(Object.getPrototypeOf(child.response), parent.response);
  assert.equal(parent.request.fromChild, undefined);
  assert.equal(parent.response.childOnly, undefined);
  child.get('/', (req: any, res: any) => res.end(`${req.fromParent} ${req.fromChild}`));
  parent.get('/', (req: any, res: any) =>
    res.end(`${req.fromParent} ${req.fromChild} ${typeof res.childOnly}`),
  );
  assert.equal((await request(parent, { path: '/child' })).body, 'p c');
  assert.equal((await request(parent, { path: '/' })).body, 'p undefined undefined');
});

test('req.app and res.app switch to the sub-app inside it and back after it (differential)', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.set('name', 'parent');
      const sub = lib();
      sub.set('name', 'sub');
      const report = (where: string) => (req: any, res: any, next: any) => {
        req.seen = `${req.seen ?? ''}${where}:${req.app.get('name')}/${res.app.get('name')}/${req.app === res.app} `;
        next();
      };
      sub.use(report('in-sub'));
      sub.get('/end', (req: any, res: any) => res.end(req.seen));
      app.use(report('before'));
      app.use('/sub', sub);
      app.use(report('after'));
      app.use((req: any, res: any) => res.end(req.seen));
      return app;
    },
    [{ path: '/sub/x' }, { path: '/sub/end' }, { path: '/other' }],
  );
});

test('inside a sub-app requests have the sub-app prototypes, and the parent ones after', async () => {
  const app = webapp() as any;
  const sub = webapp() as any;
  const seen: string[] = [];
  sub.use((req: any, res: any, next: any) => {
    seen.push(
      String(Object.getPrototypeOf(req) === sub.request && Object.getPrototypeOf(res) === sub.response),
    );
    next();
  });
  app.use('/sub', sub);
  app.use((req: any, res: any) => {
    seen.push(
      String(Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response),
    );
    res.end();
  });
  await request(app, { path: '/sub/x' });
  assert.deepEqual(seen, ['true', 'true']);
});

test('req.res, res.req and req.next are set', async () => {
  const app = webapp() as any;
  app.use((req: any, res: any, next: any) => {
    res.setHeader('X-Links', `${req.res === res} ${res.req === req} ${req.next === next}`);
    next();
  });
  app.get('/', (req: any, res: any, next: any) => {
    res.end(`${req.res === res} ${res.req === req} ${typeof req.next} ${req.next === next}`);
  });
  const res = await request(app, {});
  assert.equal(res.headers['x-links'], 'true true true');
  // A route's handlers get the route's own `next`, not the router's (req.next), as in Express.
  assert.equal(res.body, 'true true function false');
});
