import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { send } from '../support/http';
import { type RunningExample, startExample } from './run-example';

let app: RunningExample;
before(async () => {
  app = await startExample('hello');
});
after(() => app.stop());

test('hello: GET / says hello', async () => {
  const res = await send(app.port, { path: '/' });
  assert.equal(res.status, 200);
  assert.equal(res.body, 'Hello World!');
  assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
  assert.equal(res.headers['content-length'], '12');
  assert.equal(res.headers['x-powered-by'], 'webapp');
});

test('hello: a route parameter, JSON-encoded', async () => {
  const res = await send(app.port, { path: '/hello/%3Cscript%3E' });
  assert.equal(res.status, 200);
  assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
  assert.deepEqual(JSON.parse(res.body), { greeting: 'Hello, <script>!' });
});

test('hello: anything else is a 404 from the final handler', async () => {
  const res = await send(app.port, { path: '/nope' });
  assert.equal(res.status, 404);
  assert.match(res.body, /<pre>Cannot GET \/nope<\/pre>/);
  const head = await send(app.port, { method: 'HEAD', path: '/' });
  assert.equal(head.status, 200);
  assert.equal(head.body, '');
});
