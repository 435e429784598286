// A static site with a caching policy. Run it with `node examples/static-site`.
//  - HTML pages: `Cache-Control: no-cache`, so browsers revalidate them (ETag / Last-Modified → 304).
//  - Fingerprinted assets (name.<hash>.js|css): cached for a year and marked immutable.
//  - Everything else: cached for an hour.
//  - `/about` finds about.html; unknown paths get the 404 page with status 404.
const path = require('node:path');
const webapp = require('webappjs');

const PUBLIC = path.join(__dirname, 'public');
const FINGERPRINTED = /\.[0-9a-f]{8}\.(?:js|css)$/;

function setCacheHeaders(res, file) {
  if (file.endsWith('.html')) {
    res.setHeader('Cache-Control', 'no-cache');
  } else if (FINGERPRINTED.test(file)) {
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  }
}

function createApp() {
  const app = webapp();
  app.use(webapp.static(PUBLIC, { maxAge: '1h', extensions: ['html'], setHeaders: setCacheHeaders }));
  app.use((req, res) => {
    res.status(404);
    res.sendFile('404.html', { root: PUBLIC, headers: { 'Cache-Control': 'no-cache' } });
  });
  return app;
}

if (require.main === module) {
  const server = createApp().listen(Number(process.env.PORT ?? 3000), () => {
    console.log(`static-site listening on http://localhost:${server.address().port}`);
  });
}

module.exports = { createApp };
