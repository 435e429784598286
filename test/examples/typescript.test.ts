/** examples/typescript, compiled by `npm run build:test` (its own tsconfig.json: the project's strict settings), then run. */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { send } from '../support/http';
import { type RunningExample, startExample } from './run-example';

let app: RunningExample;
before(async () => {
  app = await startExample(resolve(__dirname, '..', '..', 'examples', 'typescript', 'index.js'));
});
after(() => app.stop());

const JSON_BODY = { 'content-type': 'application/json' };

test('typescript: notes are created, read and deleted', async () => {
  const created = await send(app.port, {
    method: 'POST',
    path: '/api/notes',
    headers: JSON_BODY,
    body: JSON.stringify({ title: '  Write docs ' }),
  });
  assert.equal(created.status, 201);
  const note = JSON.parse(created.body);
  assert.deepEqual(note, { id: note.id, title: 'Write docs', done: false });
  const read = await send(app.port, { path: `/api/notes/${note.id}` });
  assert.deepEqual(JSON.parse(read.body), note);
  const removed = await send(app.port, { method: 'DELETE', path: `/api/notes/${note.id}` });
  assert.equal(removed.status, 204);
  const gone = await send(app.port, { path: `/api/notes/${note.id}` });
  assert.equal(gone.status, 404);
  assert.deepEqual(JSON.parse(gone.body), { error: `no note ${note.id}` });
});

test('typescript: bad bodies are 400s with a reason', async () => {
  const noTitle = await send(app.port, {
    method: 'POST',
    path: '/api/notes',
    headers: JSON_BODY,
    body: '{"done":true}',
  });
  assert.equal(noTitle.status, 400);
  assert.deepEqual(JSON.parse(noTitle.body), { error: 'title must be a non-empty string' });
  const badDone = await send(app.port, {
    method: 'POST',
    path: '/api/notes',
    headers: JSON_BODY,
    body: '{"title":"x","done":"yes"}',
  });
  assert.deepEqual(JSON.parse(badDone.body), { error: 'done must be a boolean' });
  const notJson = await send(app.port, {
    method: 'POST',
    path: '/api/notes',
    headers: JSON_BODY,
    body: '{nope',
  });
  assert.equal(notJson.status, 400);
  assert.deepEqual(JSON.parse(notJson.body), { error: 'invalid JSON' });
  const unknownDelete = await send(app.port, { method: 'DELETE', path: '/api/notes/999' });
  assert.equal(unknownDelete.status, 404, 'a rejected async handler reaches the error handler');
});

test('typescript: the session counts visits, and large lists are compressed', async () => {
  const first = await send(app.port, { path: '/api/notes' });
  const cookie = ([] as string[])
    .concat(first.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0])
    .join('; ');
  assert.match(cookie, /connect\.sess=.*connect\.sess\.sig=/);
  const second = await send(app.port, { path: '/api/notes', headers: { cookie } });
  assert.equal(JSON.parse(second.body).visits, 2);
  for (let i = 0; i < 20; i++) {
    await send(app.port, {
      method: 'POST',
      path: '/api/notes',
      headers: JSON_BODY,
      body: JSON.stringify({ title: `note ${i} ${'x'.repeat(60)}` }),
    });
  }
  const zipped = await send(app.port, { path: '/api/notes', headers: { 'accept-encoding': 'gzip' } });
  assert.equal(zipped.headers['content-encoding'], 'gzip');
  assert.equal(JSON.parse(gunzipSync(zipped.raw).toString()).notes.length >= 20, true);
});
