import { test } from 'node:test';

import { assertSameAsExpress, type RequestOptions } from '../support/http';

/* Every list is sent three times to the same app: a merge must not depend on the requests before it. */
const thrice = (list: RequestOptions[]): RequestOptions[] => [...list, ...list, ...list];

const params = (tag: string) => (req: any, res: any) => {
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ tag, params: req.params, keys: Object.keys(req.params) }));
};

test('mergeParams: parent params are visible, the child wins on conflict', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const merged = lib.Router({ mergeParams: true });
      merged.get('/', params('root'));
      merged.get('/posts/:post', params('post'));
      merged.get('/override/:user', params('override'));
      const plain = lib.Router();
      plain.get('/posts/:post', params('plain'));
      app.use('/users/:user', merged);
      app.use('/people/:user', plain);
      return app;
    },
    thrice([
      { path: '/users/tobi' },
      { path: '/users/tobi/posts/1' },
      { path: '/users/tobi/override/loki' },
      { path: '/people/tobi/posts/1' },
    ]),
  );
});

test('mergeParams: numbered captures of the child shift past the parent ones', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const merged = lib.Router({ mergeParams: true });
      merged.get(/^\/(\d+)\/(\w+)$/, params('regex-child'));
      merged.get('/*', params('star-child'));
      merged.get('/named/:n', params('named-child'));
      app.use(/^\/p(\d+)\/(\w+)/, merged);
      app.use('/s/*', merged);
      app.use('/x/:name', merged);
      return app;
    },
    thrice([
      { path: '/p1/ab/2/cd' },
      { path: '/p1/ab/zz/yy' },
      { path: '/s/a/b/named/n1' },
      { path: '/x/joe/1/z' },
      { path: '/x/joe/rest' },
    ]),
  );
});

test('mergeParams through three levels, and params restored when leaving a router', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const level1 = lib.Router({ mergeParams: true });
      const level2 = lib.Router({ mergeParams: true });
      const level3 = lib.Router();
      level3.get('/:c', params('level3-unmerged'));
      level2.get('/:b/end', params('level2'));
      level2.use('/:b', level3);
      level1.use('/:a', level2);
      level1.use('/:a', (req: any, _res: any, next: any) => {
        req.after = JSON.stringify(req.params);
        next();
      });
      app.use('/root/:r', level1);
      app.use((req: any, res: any) => res.end(`fallthrough ${req.after} ${JSON.stringify(req.params)}`));
      return app;
    },
    thrice([{ path: '/root/R/A/B/end' }, { path: '/root/R/A/B/C' }, { path: '/root/R/A/B/C/D' }]),
  );
});

test('mergeParams on a sub-app router is not available (sub-apps never merge)', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const sub = lib();
      sub.get('/:child', params('sub'));
      app.use('/p/:parent', sub);
      return app;
    },
    thrice([{ path: '/p/1/2' }]),
  );
});

test("middleware mounted at '/' gets a fresh params object per layer, merged with the parent's in a mergeParams router", async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const merged = lib.Router({ mergeParams: true });
      const plain = lib.Router();
      for (const router of [merged, plain]) {
        router.use((req: any, _res: any, next: any) => {
          req.seen = [JSON.stringify(req.params)];
          req.first = req.params;
          req.params.added = 'by-first';
          next();
        });
        router.use((req: any, _res: any, next: any) => {
          req.seen.push(JSON.stringify(req.params), String(req.params === req.first));
          next();
        });
        router.get('/:leaf', (req: any, res: any) =>
          res.end(`${req.seen.join(' ')} ${JSON.stringify(req.params)}`),
        );
      }
      app.use('/m/:user', merged);
      app.use('/p/:user', plain);
      return app;
    },
    thrice([{ path: '/m/tobi/x' }, { path: '/p/tobi/x' }]),
  );
});

test('mergeParams copies the parent params as Express 4 does: inherited enumerable keys included', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const child = lib.Router({ mergeParams: true });
      child.get('/:id', (req: any, res: any) => {
        res.json({ id: req.params.id, tenant: req.params.tenant, own: Object.keys(req.params).sort() });
      });
      const outer = lib.Router({ mergeParams: true });
      // Parent params whose key comes from the prototype, as a plugin building them with Object.create would.
      outer.use((req: any, _res: any, next: any) => {
        req.params = Object.create({ tenant: 'acme' });
        next();
      });
      outer.use('/items', child);
      app.use('/t', outer);
      return app;
    },
    thrice([{ path: '/t/items/7' }]),
  );
});

test('a merge whose parent changes shape between requests answers as Express does, every time', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const child = lib.Router({ mergeParams: true });
      child.get('/:id', params('child'));
      // The parent params differ by request: more names, other order, a numbered one, a prototype.
      const shapes: Array<() => Record<string, unknown>> = [
        () => ({ a: '1' }),
        () => ({ a: '1', b: '2' }),
        () => ({ b: '2', a: '1' }),
        () => ({ 0: 'zero', a: '1' }),
        () => Object.assign(Object.create({ up: 'inherited' }), { a: '1' }),
        () => ({ id: 'parent-id', z: '26' }),
      ];
      let n = 0;
      const outer = lib.Router({ mergeParams: true });
      outer.use((req: any, _res: any, next: any) => {
        req.params = shapes[n++ % shapes.length]();
        next();
      });
      outer.use('/items', child);
      app.use('/t', outer);
      return app;
    },
    Array.from({ length: 18 }, (_, i) => ({ path: `/t/items/${i}` })),
  );
});

test('a layer whose keys a tool renames between requests merges under the new names, as Express does', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const child = lib.Router({ mergeParams: true });
      child.get('/:id', params('child'));
      let served = 0;
      app.use((_req: any, _res: any, next: any) => {
        if (++served === 3) {
          app._router.stack.find((layer: any) => layer.keys?.[0]?.name === 'org').keys[0].name = 'company';
          child.stack[0].keys[0].name = 'ident';
        }
        next();
      });
      app.use('/org/:org', child);
      return app;
    },
    Array.from({ length: 6 }, (_, i) => ({ path: `/org/acme/${i}` })),
  );
});

test('names the builders refuse (__proto__, a name used twice) keep the loop, and answer as Express does', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const child = lib.Router({ mergeParams: true });
      child.get('/:__proto__', params('proto-route'));
      child.get('/twice/:a/:a', params('twice-route'));
      app.use('/p/:__proto__', child);
      app.use('/d/:b/x/:b', child);
      return app;
    },
    thrice([
      { path: '/p/x/y' },
      { path: '/p/x/twice/1/2' },
      { path: '/d/1/x/2/z' },
      { path: '/d/1/x/2/twice/3/4' },
    ]),
  );
});
