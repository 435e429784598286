import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { send } from '../support/http';
import { type RunningExample, startExample } from './run-example';

let app: RunningExample;
before(async () => {
  app = await startExample('vhost');
});
after(() => app.stop());

const get = (host: string, path: string, headers: Record<string, string> = {}) =>
  send(app.port, { path, headers: { host, ...headers } });

test('vhost: each host name reaches its own sub-app', async () => {
  const api = await get('api.example.test', '/status');
  assert.equal(api.status, 200);
  assert.equal(api.body, '{"service":"api","mountpath":"/","host":"api.example.test"}');

  const site = await get('example.test', '/');
  assert.equal(site.body, 'Welcome to Example (example.test)');
  const www = await get('www.example.test:8080', '/');
  assert.equal(www.body, 'Welcome to Example (www.example.test)');

  const user = await get('tobi.users.example.test', '/');
  assert.equal(user.body, 'Profile of tobi');
  assert.equal(user.headers['content-type'], 'text/plain; charset=utf-8');

  const unknown = await get('other.test', '/');
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body, 'unknown host other.test');
  const deeper = await get('a.b.users.example.test', '/');
  assert.equal(deeper.status, 404, '* matches exactly one label');
});

test('vhost: a sub-app keeps its own settings (case sensitive routing, its own 404)', async () => {
  assert.equal((await get('api.example.test', '/Users')).body, '["tobi","loki"]');
  const lower = await get('api.example.test', '/users');
  assert.equal(lower.status, 404);
  assert.equal(lower.body, '{"error":"no such endpoint"}');
  // The main site does not see the API's routes.
  assert.equal((await get('example.test', '/status')).status, 404);
});

test('vhost: a sub-app mounted at /blog sees its mount path, inherited settings and parent locals', async () => {
  const blog = await get('example.test', '/blog');
  assert.deepEqual(JSON.parse(blog.body), {
    site: 'Example',
    path: '/blog',
    baseUrl: '/blog',
    trustProxy: 'loopback',
  });
  const post = await get('example.test', '/blog/posts/1?ref=x');
  assert.deepEqual(JSON.parse(post.body), {
    id: 1,
    title: 'Hello',
    url: '/blog/posts/1',
    originalUrl: '/blog/posts/1?ref=x',
  });
  const missing = await get('example.test', '/blog/posts/2');
  assert.equal(missing.status, 404);
  assert.equal(missing.body, 'unknown host example.test', 'falls through the blog, the site and the vhosts');
});

test('vhost: router-level middleware guards only its router', async () => {
  const denied = await get('example.test', '/admin');
  assert.equal(denied.status, 401);
  assert.equal(denied.body, 'admin only');
  const allowed = await get('example.test', '/admin/', { 'x-admin-token': 'letmein' });
  assert.equal(allowed.body, 'admin home (/admin)');
  assert.equal((await get('example.test', '/')).status, 200, 'the guard does not apply outside /admin');
});
