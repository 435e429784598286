import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { send } from '../support/http';
import { type RunningExample, startExample } from './run-example';

let app: RunningExample;
before(async () => {
  app = await startExample('views');
});
after(() => app.stop());

test('views: the product list is rendered inside the site layout', async () => {
  const res = await send(app.port, { path: '/' });
  assert.equal(res.status, 200);
  assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
  assert.match(
    res.body,
    /^<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Products · Tea Shop<\/title>/,
  );
  // The nav partial marks the current page, from res.locals.currentPath.
  assert.match(
    res.body,
    /<nav><a class="active" href="\/">Products<\/a><a href="\/admin\/stats">Admin<\/a><\/nav>/,
  );
  // The mixin, the app.locals.price helper and escaping of product names.
  assert.match(res.body, /<li><a href="\/products\/1">Teapot<\/a> — \$24\.50<\/li>/);
  assert.match(res.body, /<a href="\/products\/2">Mug &lt;large&gt;<\/a> — \$9\.00/);
  assert.match(res.body, /<footer>&copy; 2024 Tea Shop<\/footer><\/body><\/html>$/);
});

test('views: a product page and the nested admin layout', async () => {
  const product = await send(app.port, { path: '/products/2' });
  assert.match(
    product.body,
    /<h1>Mug &lt;large&gt;<\/h1><p class="price">\$9\.00<\/p><p>Holds a pint\.<\/p>/,
  );
  assert.match(product.body, /<nav><a href="\/">Products<\/a><a href="\/admin\/stats">Admin<\/a><\/nav>/);

  const stats = await send(app.port, { path: '/admin/stats' });
  assert.equal(stats.status, 200);
  assert.match(stats.body, /<title>Stats · Tea Shop<\/title>/);
  assert.match(stats.body, /<a class="active" href="\/admin\/stats">Admin<\/a>/);
  assert.match(
    stats.body,
    /<main><div class="admin"><aside>Admin tools<\/aside><section><h1>Stats<\/h1><p>Products: 2<\/p><\/section><\/div><\/main>/,
  );
});

test('views: unknown pages render the error view with status 404', async () => {
  const res = await send(app.port, { path: '/products/99' });
  assert.equal(res.status, 404);
  assert.match(res.body, /<h1>Not found<\/h1><p>Nothing at \/products\/99<\/p>/);
  assert.match(res.body, /<title>Not found · Tea Shop<\/title>/);
});
