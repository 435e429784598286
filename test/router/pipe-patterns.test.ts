/**
 * A `|` in a string route path reaches Express 4's compiled regexp as alternation (`a|/sr` compiles to
 * `^a|\/sr\/?(?=\/|$)`): an alternative after the first is not anchored, so it can match further into
 * the path. Express then mounts middleware only where the match is a prefix of the path, and routes
 * wherever the regexp matches. Differential: a table of `|` patterns under `use`, a route and a nested
 * router's `use`, against paths that meet their alternatives, with express@4's answers.
 */
import { describe, test } from 'node:test';

import { assertSameAsExpress, type RequestOptions } from '../support/http';

const PATTERNS = [
  'a|/sr',
  'a|a',
  '/a|/b',
  '/x|y',
  '/a|',
  '|/a',
  '|',
  '/:id|/z',
  '/a/b|c',
  '/a|b/c',
  '/foo|bar',
  '/(a|b)',
  '/:id(a|b)',
  '/a\\|b',
  '/users/:id|/admin',
];

const PATHS = [
  '/a|/sr',
  '//a',
  '/sr',
  '/x/sr',
  '/a',
  '/aa',
  '/a/a',
  '/b',
  '/x/b',
  '/b/x',
  '/x',
  '/y',
  '/x/y',
  '/z',
  '/q/z',
  '/a/b',
  '/a/b/c',
  '/c',
  '/b/c',
  '/x/b/c',
  '/foo',
  '/bar',
  '/x/bar',
  '/a|b',
  '/a%7Cb',
  '/users/7',
  '/admin',
  '/x/admin/y',
  '/',
];

type Kind = 'use' | 'route' | 'nested use';

function appFor(kind: Kind, pattern: string) {
  return (lib: any) => {
    const app = lib();
    const answer = (req: any, res: any) =>
      res.json({ baseUrl: req.baseUrl, url: req.url, params: req.params, path: req.route?.path });
    if (kind === 'use') app.use(pattern, answer);
    else if (kind === 'route') app.get(pattern, answer);
    else {
      const router = lib.Router();
      router.use(pattern, answer);
      app.use('/m', router);
    }
    return app;
  };
}

describe('string paths with |: the answers of express@4', () => {
  for (const kind of ['use', 'route', 'nested use'] as Kind[]) {
    test(kind, async () => {
      const requests: RequestOptions[] = PATHS.map((path) => ({
        path: kind === 'nested use' ? `/m${path}` : path,
      }));
      for (const pattern of PATTERNS) await assertSameAsExpress(appFor(kind, pattern), requests);
    });
  }
});
