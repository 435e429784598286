import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { send } from '../support/http';
import { type RunningExample, startExample } from './run-example';

let app: RunningExample;
before(async () => {
  app = await startExample('rest-api');
});
after(() => app.stop());

const JSON_TYPE = { 'content-type': 'application/json' };
const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  send(app.port, {
    method,
    path,
    headers: body === undefined ? headers : { ...JSON_TYPE, ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });

test('rest-api: lists books with paging, X-Total-Count and Link headers', async () => {
  const res = await call('GET', '/api/books?limit=2');
  assert.equal(res.status, 200);
  assert.equal(res.headers['x-total-count'], '3');
  assert.equal(res.headers.link, '</api/books?limit=2&offset=2>; rel="next"');
  const page = JSON.parse(res.body);
  assert.deepEqual(
    page.items.map((b: any) => b.title),
    ['Moby-Dick', 'Bartleby, the Scrivener'],
  );
  const second = await call('GET', '/api/books?limit=2&offset=2');
  assert.equal(second.headers.link, '</api/books?limit=2&offset=0>; rel="prev"');
  const byAuthor = JSON.parse((await call('GET', '/api/books?author=george%20eliot')).body);
  assert.equal(byAuthor.total, 1);
  assert.equal(res.headers['x-powered-by'], undefined);
});

test('rest-api: bad queries are 400 with details', async () => {
  const res = await call('GET', '/api/books?limit=0&offset=x&author=a&author=b');
  assert.equal(res.status, 400);
  assert.deepEqual(JSON.parse(res.body), {
    error: 'invalid query',
    details: [
      { field: 'limit', message: 'limit must be an integer from 1 to 100' },
      { field: 'offset', message: 'offset must be an integer from 0 to 100000' },
      { field: 'author', message: 'author must be given once, as a string' },
    ],
  });
});

test('rest-api: create, read (with ETag/304), replace, patch and delete a book', async () => {
  const created = await call('POST', '/api/books', { title: ' Emma ', author: 'Jane Austen', year: 1815 });
  assert.equal(created.status, 201);
  const book = JSON.parse(created.body);
  assert.deepEqual(book, { id: book.id, title: 'Emma', author: 'Jane Austen', year: 1815, tags: [] });
  assert.equal(created.headers.location, `/api/books/${book.id}`);

  const read = await call('GET', `/api/books/${book.id}`);
  assert.deepEqual(JSON.parse(read.body), book);
  assert.ok(read.headers.etag);
  const cached = await call('GET', `/api/books/${book.id}`, undefined, {
    'if-none-match': String(read.headers.etag),
  });
  assert.equal(cached.status, 304);
  assert.equal(cached.body, '');

  const replaced = await call('PUT', `/api/books/${book.id}`, {
    title: 'Emma',
    author: 'Jane Austen',
    year: 1816,
    tags: ['novel'],
  });
  assert.equal(JSON.parse(replaced.body).year, 1816);
  const patched = await call('PATCH', `/api/books/${book.id}`, { tags: ['classic'] });
  assert.deepEqual(JSON.parse(patched.body).tags, ['classic']);
  assert.equal(JSON.parse(patched.body).year, 1816);

  const removed = await call('DELETE', `/api/books/${book.id}`);
  assert.equal(removed.status, 204);
  const gone = await call('GET', `/api/books/${book.id}`);
  assert.equal(gone.status, 404);
  assert.deepEqual(JSON.parse(gone.body), { error: `book ${book.id} not found` });
});

test('rest-api: validation failures are 422 with one entry per problem', async () => {
  const res = await call('POST', '/api/books', { title: '', year: 3000, tags: 'x', isbn: 1 });
  assert.equal(res.status, 422);
  assert.deepEqual(JSON.parse(res.body), {
    error: 'validation failed',
    details: [
      { field: 'isbn', message: 'unknown field isbn' },
      { field: 'title', message: 'title must be a non-empty string' },
      { field: 'author', message: 'author must be a non-empty string' },
      { field: 'year', message: `year must be an integer between 1450 and ${new Date().getFullYear()}` },
      { field: 'tags', message: 'tags must be an array of at most 10 strings of at most 30 characters' },
    ],
  });
  const notObject = await call('PATCH', '/api/books/1', '[1,2]');
  assert.equal(notObject.status, 422);
});

test('rest-api: malformed JSON, oversize bodies, wrong content types and methods', async () => {
  const malformed = await call('POST', '/api/books', '{"title": ');
  assert.equal(malformed.status, 400);
  assert.deepEqual(JSON.parse(malformed.body), { error: 'malformed JSON' });

  const huge = await call('POST', '/api/books', JSON.stringify({ title: 'x'.repeat(20_000) }));
  assert.equal(huge.status, 413);
  assert.deepEqual(JSON.parse(huge.body), { error: 'request entity too large' });

  const form = await send(app.port, {
    method: 'POST',
    path: '/api/books',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'title=x',
  });
  assert.equal(form.status, 415);

  const wrongMethod = await call('POST', '/api/books/1', { title: 'x' });
  assert.equal(wrongMethod.status, 405);
  assert.equal(wrongMethod.headers.allow, 'GET, HEAD, PUT, PATCH, DELETE');

  const badId = await call('GET', '/api/books/abc');
  assert.equal(badId.status, 404);
  const unknown = await call('GET', '/api/authors');
  assert.equal(unknown.status, 404);
  assert.deepEqual(JSON.parse(unknown.body), { error: 'no route for GET /api/authors' });
});
