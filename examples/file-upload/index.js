// Upload files through a form or with curl. Run it with `node examples/file-upload`, then:
//   curl -F files=@notes.txt -H 'accept: application/json' localhost:3000/upload
// Files are kept in UPLOAD_DIR, or in a temporary directory that is removed on exit.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { createApp } = require('./app');

const ownDir = !process.env.UPLOAD_DIR;
const uploadDir = process.env.UPLOAD_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'webapp-uploads-'));

const server = createApp({ uploadDir }).listen(Number(process.env.PORT ?? 3000), () => {
  console.log(`file-upload listening on http://localhost:${server.address().port} (files in ${uploadDir})`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    if (ownDir) fs.rmSync(uploadDir, { recursive: true, force: true });
    process.exit(0);
  });
}
