// File uploads with multer: a form, size/count/type limits, listing, download and delete.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const multer = require('multer');
const webapp = require('webappjs');

const ALLOWED_TYPES = new Map([
  ['image/png', '.png'],
  ['image/jpeg', '.jpg'],
  ['text/plain', '.txt'],
]);

function escapeHtml(value) {
  return String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
}

function httpError(status, message) {
  return Object.assign(new Error(message), { status });
}

function createApp({ uploadDir }) {
  /** id → { id, originalName, type, size, path }; the files themselves live in uploadDir. */
  const files = new Map();

  const upload = multer({
    storage: multer.diskStorage({
      destination: uploadDir,
      // Never trust the client's file name on disk: a random id plus an extension we chose.
      filename: (req, file, cb) => cb(null, crypto.randomUUID() + ALLOWED_TYPES.get(file.mimetype)),
    }),
    limits: { fileSize: 1024 * 1024, files: 5, fields: 5 },
    fileFilter: (req, file, cb) => {
      if (ALLOWED_TYPES.has(file.mimetype)) return cb(null, true);
      cb(httpError(415, `${file.mimetype} files are not accepted`));
    },
  });

  const app = webapp();

  app.get('/', (req, res) => {
    const items = [...files.values()]
      .map((f) => `<li><a href="/files/${f.id}">${escapeHtml(f.originalName)}</a> (${f.size} bytes)</li>`)
      .join('');
    res.send(`<!doctype html>
<title>Uploads</title>
<form method="post" action="/upload" enctype="multipart/form-data">
  <input type="file" name="files" multiple>
  <input name="note" placeholder="note">
  <button>Upload</button>
</form>
<ul>${items}</ul>
`);
  });

  app.post('/upload', upload.array('files', 5), (req, res) => {
    if (!req.files || req.files.length === 0) throw httpError(400, 'choose at least one file');
    const saved = req.files.map((file) => {
      const entry = {
        id: path.basename(file.filename, path.extname(file.filename)),
        originalName: file.originalname,
        type: file.mimetype,
        size: file.size,
        note: req.body.note ?? null,
        path: file.path,
      };
      files.set(entry.id, entry);
      const { path: _path, ...visible } = entry;
      return visible;
    });
    // Browsers posting the form go back to the list; API clients get JSON.
    res.format({
      html: () => res.redirect(303, '/'),
      json: () => res.status(201).json(saved),
    });
  });

  app.get('/files', (req, res) =>
    res.json([...files.values()].map(({ path: _path, ...visible }) => visible)),
  );

  app.param('id', (req, res, next, id) => {
    req.upload = files.get(id);
    if (!req.upload) return next(httpError(404, 'no such file'));
    next();
  });

  app.get('/files/:id', (req, res, next) => {
    res.download(req.upload.path, req.upload.originalName, (err) => err && next(err));
  });

  app.delete('/files/:id', (req, res, next) => {
    fs.unlink(req.upload.path, (err) => {
      if (err) return next(err);
      files.delete(req.upload.id);
      res.sendStatus(204);
    });
  });

  app.use((err, req, res, next) => {
    let status = err.status || 500;
    if (err instanceof multer.MulterError) status = err.code === 'LIMIT_FILE_SIZE' ? 413 : 400;
    if (status >= 500) console.error(err);
    res.status(status).json({ error: status >= 500 ? 'internal server error' : err.message, code: err.code });
  });

  return app;
}

module.exports = { createApp };
