import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { send } from '../support/http';
import { type RunningExample, startExample } from './run-example';

let app: RunningExample;

before(async () => {
  app = await startExample('showcase');
});

after(() => app.stop());

test('showcase: home page links the API', async () => {
  const res = await send(app.port, { path: '/' });
  assert.equal(res.status, 200);
  assert.match(String(res.headers['content-type']), /^text\/html/);
  assert.match(res.body, /href="\/api\/notes"/);
});

test('showcase: lists, filters, creates, reads and deletes notes', async () => {
  const list = await send(app.port, { path: '/api/notes' });
  assert.equal(list.status, 200);
  assert.equal(JSON.parse(list.body).length, 2);
  const done = await send(app.port, { path: '/api/notes?done=true' });
  assert.deepEqual(
    JSON.parse(done.body).map((n: { id: number }) => n.id),
    [2],
  );
  const created = await send(app.port, {
    method: 'POST',
    path: '/api/notes',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'write tests' }),
  });
  assert.equal(created.status, 201);
  const note = JSON.parse(created.body);
  assert.equal(note.title, 'write tests');
  assert.equal(created.headers.location, `/api/notes/${note.id}`);
  const read = await send(app.port, { path: `/api/notes/${note.id}` });
  assert.deepEqual(JSON.parse(read.body), note);
  const removed = await send(app.port, { method: 'DELETE', path: `/api/notes/${note.id}` });
  assert.equal(removed.status, 204);
  const gone = await send(app.port, { path: `/api/notes/${note.id}` });
  assert.equal(gone.status, 404);
  assert.deepEqual(JSON.parse(gone.body), { error: `note ${note.id} not found` });
});

test('showcase: bad input gets a 400 with a useful message, never a crash', async () => {
  const empty = await send(app.port, {
    method: 'POST',
    path: '/api/notes',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: '' }),
  });
  assert.equal(empty.status, 400);
  assert.match(JSON.parse(empty.body).error, /title/);
  const broken = await send(app.port, {
    method: 'POST',
    path: '/api/notes',
    headers: { 'content-type': 'application/json' },
    body: '{"title": ',
  });
  assert.equal(broken.status, 400);
  const health = await send(app.port, { path: '/health' });
  assert.equal(JSON.parse(health.body).status, 'ok');
});

// Last: it adds a note, which the tests above would count.
test('showcase: on start it prints where it listens and three URLs to try, each of which answers', async () => {
  while (!app.output.includes('curl ') && app.child.exitCode === null) {
    await new Promise((more) => app.child.stdout!.once('data', more));
  }
  const base = `http://localhost:${app.port}`;
  assert.match(app.output, new RegExp(`^webapp showcase listening on ${base} `));
  const urls = [...app.output.matchAll(/^ {2}(http:\/\/\S+)/gm)].map((match) => match[1]!);
  assert.equal(urls.length, 3, app.output);
  for (const url of urls) {
    const { pathname } = new URL(url);
    const res = await send(app.port, { path: pathname });
    assert.equal(res.status, 200, url);
  }
  const post = /curl -X POST -H 'content-type: application\/json' -d '(.+)' (\S+)/.exec(app.output);
  assert.ok(post, app.output);
  const created = await send(app.port, {
    method: 'POST',
    path: new URL(post[2]!).pathname,
    headers: { 'content-type': 'application/json' },
    body: post[1]!,
  });
  assert.equal(created.status, 201);
});
