// One server, several sites: host-based dispatch to sub-apps (vhost-style), plus routers and a
// sub-app mounted under a path. Run it with `node examples/vhost`, then for example:
//   curl -H 'Host: api.example.test' localhost:3000/status
//   curl -H 'Host: tobi.users.example.test' localhost:3000/
//   curl -H 'Host: example.test' localhost:3000/blog/posts/1
const webapp = require('webappjs');
const { vhost } = require('./vhost');

/** api.example.test: a JSON API with its own settings. */
function createApi() {
  const api = webapp();
  api.set('json spaces', 0);
  api.set('case sensitive routing', true);
  api.get('/status', (req, res) =>
    res.json({ service: 'api', mountpath: api.mountpath, host: req.hostname }),
  );
  api.get('/Users', (req, res) => res.json(['tobi', 'loki']));
  api.use((req, res) => res.status(404).json({ error: 'no such endpoint' }));
  return api;
}

/** <user>.users.example.test: one page per user, named by the host's first label. */
function createUserSites() {
  const users = webapp.Router();
  users.get('/', (req, res) => res.type('text').send(`Profile of ${req.vhost[0]}`));
  return users;
}

/** The blog, a sub-app mounted at /blog on the main site. */
function createBlog() {
  const blog = webapp();
  const posts = [{ id: 1, title: 'Hello' }];
  blog.on('mount', (parent) => {
    // Runs once, when the main site mounts the blog: settings are inherited from the parent.
    blog.locals.mountedAt = blog.mountpath;
    blog.locals.parentName = parent.locals.name;
  });
  blog.get('/', (req, res) =>
    res.json({
      site: blog.locals.parentName,
      path: blog.path(),
      baseUrl: req.baseUrl,
      trustProxy: blog.get('trust proxy'),
    }),
  );
  blog.get('/posts/:id', (req, res, next) => {
    const post = posts.find((p) => String(p.id) === req.params.id);
    if (!post) return next();
    res.json({ ...post, url: `${req.baseUrl}${req.path}`, originalUrl: req.originalUrl });
  });
  return blog;
}

/** example.test and www.example.test: the main site, with a router and the blog sub-app. */
function createSite() {
  const site = webapp();
  site.locals.name = 'Example';
  site.set('trust proxy', 'loopback');

  const admin = webapp.Router();
  // Router-level middleware: guards everything mounted under /admin, nothing else.
  admin.use((req, res, next) => {
    if (req.get('x-admin-token') !== 'letmein') return res.status(401).send('admin only');
    next();
  });
  admin.get('/', (req, res) => res.send(`admin home (${req.baseUrl})`));

  site.get('/', (req, res) => res.send(`Welcome to ${site.locals.name} (${req.hostname})`));
  site.use('/admin', admin);
  site.use('/blog', createBlog());
  return site;
}

function createApp() {
  const app = webapp();
  const site = createSite();
  app.use(vhost('api.example.test', createApi()));
  app.use(vhost('*.users.example.test', createUserSites()));
  app.use(vhost('example.test', site));
  app.use(vhost('www.example.test', site));
  app.use((req, res) => res.status(404).type('text').send(`unknown host ${req.hostname}`));
  return app;
}

if (require.main === module) {
  const server = createApp().listen(Number(process.env.PORT ?? 3000), () => {
    console.log(`vhost listening on http://localhost:${server.address().port}`);
  });
}

module.exports = { createApp };
