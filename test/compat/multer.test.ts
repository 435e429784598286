import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, describe, test } from 'node:test';
import multer from 'multer';
import request from 'supertest';

import webapp = require('../../src/index');

import { tmpTree } from './support';

const uploads = tmpTree({});
after(() => uploads.cleanup());

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

function describeFile(file: Express.Multer.File) {
  return {
    fieldname: file.fieldname,
    originalname: file.originalname,
    mimetype: file.mimetype,
    size: file.size,
    onDisk: file.path ? fs.readFileSync(file.path).toString('hex') : undefined,
    inMemory: file.buffer ? file.buffer.toString('utf8') : undefined,
  };
}

function buildApp() {
  const app = webapp();
  const disk = multer({ dest: uploads.dir });
  const memory = multer({ storage: multer.memoryStorage(), limits: { fileSize: 16, files: 3, fields: 4 } });

  app.post('/profile', disk.single('avatar'), (req: any, res: any) => {
    res.json({
      file: describeFile(req.file),
      body: req.body,
      protoless: Object.getPrototypeOf(req.body) === null,
    });
  });
  app.post('/photos', memory.array('photos', 2), (req: any, res: any) => {
    res.json({ files: req.files.map(describeFile), body: req.body });
  });
  app.post(
    '/fields',
    memory.fields([
      { name: 'avatar', maxCount: 1 },
      { name: 'gallery', maxCount: 2 },
    ]),
    (req: any, res: any) => {
      res.json({
        avatar: req.files.avatar.map(describeFile),
        gallery: req.files.gallery.map(describeFile),
        body: req.body,
      });
    },
  );
  app.post('/text-only', memory.none(), (req: any, res: any) => res.json(req.body));
  app.post(
    '/images',
    multer({
      storage: multer.memoryStorage(),
      fileFilter: (_req, file, cb) => cb(null, file.mimetype.startsWith('image/')),
    }).single('upload'),
    (req: any, res: any) => res.json({ accepted: Boolean(req.file) }),
  );
  app.use((err: any, _req: any, res: any, _next: any) => {
    if (err instanceof multer.MulterError) {
      return res.status(400).json({ code: err.code, field: err.field ?? null, message: err.message });
    }
    res.status(500).json({ message: err.message });
  });
  return app;
}

describe('multer on webapp', () => {
  test('upload.single stores the file on disk and parses the text fields', async () => {
    const res = await request(buildApp())
      .post('/profile')
      .field('name', 'Tobi')
      .field('tags[]', 'a')
      .attach('avatar', PNG, { filename: 'me.png', contentType: 'image/png' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.file, {
      fieldname: 'avatar',
      originalname: 'me.png',
      mimetype: 'image/png',
      size: PNG.length,
      onDisk: PNG.toString('hex'),
    });
    assert.deepEqual(res.body.body, { name: 'Tobi', tags: ['a'] });
    assert.equal(res.body.protoless, true);
    assert.equal(fs.readdirSync(uploads.dir).length, 1);
  });

  test('upload.array keeps files in memory, in order', async () => {
    const res = await request(buildApp())
      .post('/photos')
      .field('album', 'holiday')
      .attach('photos', Buffer.from('first'), 'a.txt')
      .attach('photos', Buffer.from('second'), 'b.txt');
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.files.map((f: any) => [f.originalname, f.inMemory, f.size]),
      [
        ['a.txt', 'first', 5],
        ['b.txt', 'second', 6],
      ],
    );
    assert.deepEqual(res.body.body, { album: 'holiday' });
  });

  test('upload.fields groups files by field name', async () => {
    const res = await request(buildApp())
      .post('/fields')
      .attach('avatar', Buffer.from('me'), 'me.txt')
      .attach('gallery', Buffer.from('g1'), 'g1.txt')
      .attach('gallery', Buffer.from('g2'), 'g2.txt')
      .field('title', 'x');
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.avatar.map((f: any) => f.inMemory),
      ['me'],
    );
    assert.deepEqual(
      res.body.gallery.map((f: any) => f.inMemory),
      ['g1', 'g2'],
    );
    assert.deepEqual(res.body.body, { title: 'x' });
  });

  test('upload.none accepts fields only and rejects files', async () => {
    const ok = await request(buildApp()).post('/text-only').field('a', '1').field('b', '2');
    assert.deepEqual(ok.body, { a: '1', b: '2' });
    const bad = await request(buildApp()).post('/text-only').attach('file', Buffer.from('x'), 'x.txt');
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body, {
      code: 'LIMIT_UNEXPECTED_FILE',
      field: 'file',
      message: 'Unexpected file field',
    });
  });

  test('limits become MulterErrors that reach the error handler', async () => {
    const big = await request(buildApp()).post('/photos').attach('photos', Buffer.alloc(17, 'x'), 'big.txt');
    assert.equal(big.status, 400);
    assert.deepEqual(big.body, { code: 'LIMIT_FILE_SIZE', field: 'photos', message: 'File too large' });

    const tooMany = await request(buildApp())
      .post('/photos')
      .attach('photos', Buffer.from('1'), '1.txt')
      .attach('photos', Buffer.from('2'), '2.txt')
      .attach('photos', Buffer.from('3'), '3.txt');
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.code, 'LIMIT_UNEXPECTED_FILE');

    const unexpected = await request(buildApp()).post('/fields').attach('other', Buffer.from('1'), '1.txt');
    assert.deepEqual(unexpected.body, {
      code: 'LIMIT_UNEXPECTED_FILE',
      field: 'other',
      message: 'Unexpected file field',
    });
  });

  test('fileFilter can skip files; non-multipart requests pass through untouched', async () => {
    const skipped = await request(buildApp())
      .post('/images')
      .attach('upload', Buffer.from('text'), { filename: 'a.txt', contentType: 'text/plain' });
    assert.deepEqual(skipped.body, { accepted: false });
    const accepted = await request(buildApp())
      .post('/images')
      .attach('upload', PNG, { filename: 'a.png', contentType: 'image/png' });
    assert.deepEqual(accepted.body, { accepted: true });
    const json = await request(buildApp()).post('/text-only').send({ a: 1 });
    assert.equal(json.status, 200);
    assert.equal(json.text, '');
  });

  test('a truncated multipart body is an error, not a hang or a crash', async () => {
    const res = await request(buildApp())
      .post('/profile')
      .set('Content-Type', 'multipart/form-data; boundary=XYZ')
      .send('--XYZ\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\npartial');
    assert.equal(res.status, 500);
    assert.equal(res.body.message, 'Unexpected end of form');
  });
});
