import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import request from 'supertest';
import { type RunningExample, startExample } from './run-example';

const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'webapp-upload-test-'));
let app: RunningExample;
let base = '';
before(async () => {
  app = await startExample('file-upload', { UPLOAD_DIR: uploadDir });
  base = `http://127.0.0.1:${app.port}`;
});
after(async () => {
  await app.stop();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

test('file-upload: files posted as JSON clients are stored under random names and listed', async () => {
  const res = await request(base)
    .post('/upload')
    .set('Accept', 'application/json')
    .field('note', 'holiday')
    .attach('files', Buffer.from('hello file'), {
      filename: '../../etc/passwd.txt',
      contentType: 'text/plain',
    })
    .attach('files', Buffer.from([0x89, 0x50, 0x4e, 0x47]), {
      filename: 'pic.png',
      contentType: 'image/png',
    });
  assert.equal(res.status, 201);
  assert.equal(res.body.length, 2);
  const [text, png] = res.body;
  // busboy drops directory parts of client file names.
  assert.equal(text.originalName, 'passwd.txt');
  assert.equal(text.size, 10);
  assert.equal(text.note, 'holiday');
  assert.equal(png.type, 'image/png');
  assert.deepEqual(fs.readdirSync(uploadDir).sort(), [`${png.id}.png`, `${text.id}.txt`].sort());

  const list = await request(base).get('/files');
  assert.deepEqual(
    list.body.map((f: any) => f.id),
    [text.id, png.id],
  );
  const page = await request(base).get('/');
  assert.match(page.text, new RegExp(`<a href="/files/${text.id}">passwd\\.txt</a> \\(10 bytes\\)`));
});

test('file-upload: a browser form post redirects back to the list', async () => {
  const res = await request(base)
    .post('/upload')
    .set('Accept', 'text/html')
    .attach('files', Buffer.from('form upload'), { filename: 'form.txt', contentType: 'text/plain' })
    .redirects(0);
  assert.equal(res.status, 303);
  assert.equal(res.headers.location, '/');
});

test('file-upload: download with the original name, then delete', async () => {
  const up = await request(base)
    .post('/upload')
    .set('Accept', 'application/json')
    .attach('files', Buffer.from('download me'), {
      filename: 'report "final".txt',
      contentType: 'text/plain',
    });
  const { id } = up.body[0];
  const down = await request(base).get(`/files/${id}`);
  assert.equal(down.status, 200);
  assert.equal(down.text, 'download me');
  assert.equal(down.headers['content-disposition'], 'attachment; filename="report \\"final\\".txt"');
  assert.equal(down.headers['content-type'], 'text/plain; charset=UTF-8');

  assert.equal((await request(base).delete(`/files/${id}`)).status, 204);
  assert.equal(fs.existsSync(path.join(uploadDir, `${id}.txt`)), false);
  const gone = await request(base).get(`/files/${id}`);
  assert.equal(gone.status, 404);
  assert.deepEqual(gone.body, { error: 'no such file' });
});

test('file-upload: size, count and type limits are enforced and leave no partial files', async () => {
  const before = fs.readdirSync(uploadDir).length;
  const big = await request(base)
    .post('/upload')
    .set('Accept', 'application/json')
    .attach('files', Buffer.alloc(1024 * 1024 + 1), { filename: 'big.txt', contentType: 'text/plain' });
  assert.equal(big.status, 413);
  assert.deepEqual(big.body, { error: 'File too large', code: 'LIMIT_FILE_SIZE' });

  const exe = await request(base)
    .post('/upload')
    .attach('files', Buffer.from('MZ'), { filename: 'x.exe', contentType: 'application/x-msdownload' });
  assert.equal(exe.status, 415);
  assert.equal(exe.body.error, 'application/x-msdownload files are not accepted');

  let many = request(base).post('/upload');
  for (let i = 0; i < 6; i++)
    many = many.attach('files', Buffer.from(`${i}`), { filename: `${i}.txt`, contentType: 'text/plain' });
  const tooMany = await many;
  assert.equal(tooMany.status, 400);
  assert.equal(tooMany.body.code, 'LIMIT_FILE_COUNT');

  const none = await request(base).post('/upload').field('note', 'no file');
  assert.equal(none.status, 400);
  assert.deepEqual(none.body, { error: 'choose at least one file' });

  // Give multer a moment to finish removing aborted files.
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(fs.readdirSync(uploadDir).length, before);
});
