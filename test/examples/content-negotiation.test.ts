import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { send } from '../support/http';
import { type RunningExample, startExample } from './run-example';

let app: RunningExample;
before(async () => {
  app = await startExample('content-negotiation');
});
after(() => app.stop());

const get = (path: string, headers: Record<string, string> = {}) => send(app.port, { path, headers });

test('content-negotiation: the Accept header picks the representation, with Vary: Accept', async () => {
  const html = await get('/users', { accept: 'text/html' });
  assert.equal(html.headers['content-type'], 'text/html; charset=utf-8');
  assert.equal(html.headers.vary, 'Accept');
  assert.equal(
    html.body,
    '<ul><li>Tobi &lt;tobi@example.test&gt;</li><li>Loki &amp; Jane &lt;loki@example.test&gt;</li></ul>',
  );

  const json = await get('/users', { accept: 'application/json' });
  assert.equal(json.headers['content-type'], 'application/json; charset=utf-8');
  assert.equal(JSON.parse(json.body)[1].name, 'Loki & Jane');

  const text = await get('/users/1', { accept: 'text/plain' });
  assert.equal(text.body, '1\tTobi\ttobi@example.test');

  const csv = await get('/users', { accept: 'text/csv' });
  assert.equal(csv.headers['content-type'], 'text/csv; charset=utf-8');
  assert.equal(csv.headers['content-disposition'], 'attachment; filename="users.csv"');
  assert.equal(csv.body, 'id,name,email\r\n1,Tobi,tobi@example.test\r\n2,Loki & Jane,loki@example.test');

  const xml = await get('/users/2', { accept: 'application/xml' });
  assert.equal(xml.headers['content-type'], 'application/xml; charset=utf-8');
  assert.equal(
    xml.body,
    '<?xml version="1.0" encoding="utf-8"?><users><user id="2"><name>Loki &amp; Jane</name></user></users>',
  );
});

test('content-negotiation: quality values, wildcards and the ?format override', async () => {
  const preferJson = await get('/users', { accept: 'text/html;q=0.5, application/json' });
  assert.match(String(preferJson.headers['content-type']), /^application\/json/);
  const any = await get('/users', { accept: '*/*' });
  assert.match(String(any.headers['content-type']), /^text\/html/, 'the first listed type wins for */*');
  const none = await get('/users');
  assert.match(String(none.headers['content-type']), /^text\/html/, 'no Accept header means anything');
  const forced = await get('/users?format=csv', { accept: 'text/html' });
  assert.match(String(forced.headers['content-type']), /^text\/csv/);
  const unknownFormat = await get('/users?format=exe', { accept: 'application/json' });
  assert.match(String(unknownFormat.headers['content-type']), /^application\/json/);
});

test('content-negotiation: unacceptable types get 406 listing what is available', async () => {
  const res = await get('/users', { accept: 'image/png' });
  assert.equal(res.status, 406);
  assert.equal(
    res.body,
    'Not Acceptable. Available: text/html, application/json, text/plain, text/csv, application/xml',
  );
  assert.equal(res.headers.vary, 'Accept');
});

test('content-negotiation: language negotiation sets Content-Language and Vary', async () => {
  const fr = await get('/greeting', { 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.8', accept: 'text/plain' });
  assert.equal(fr.body, 'Bonjour');
  assert.equal(fr.headers['content-language'], 'fr');
  assert.equal(fr.headers.vary, 'Accept-Language');
  const de = await get('/greeting', { 'accept-language': 'de', accept: 'application/json' });
  assert.deepEqual(JSON.parse(de.body), { lang: 'de', text: 'Hallo' });
  const fallback = await get('/greeting', { 'accept-language': 'ja', accept: 'text/*' });
  assert.equal(fallback.body, 'Hello');
  assert.equal(fallback.headers['content-language'], 'en');
});
