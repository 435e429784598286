// Server-rendered pages with pug: a site layout, a nested admin layout, partials, mixins,
// app.locals (site-wide data and helpers) and res.locals (per request). Run: `node examples/views`.
const path = require('node:path');
const webapp = require('webappjs');

const PRODUCTS = [
  { id: 1, name: 'Teapot', cents: 2450, description: 'Short and stout.' },
  { id: 2, name: 'Mug <large>', cents: 900, description: 'Holds a pint.' },
];

function createApp() {
  const app = webapp();
  app.set('views', path.join(__dirname, 'views'));
  app.set('view engine', 'pug');
  // Compiled templates are cached when NODE_ENV=production (webapp's default for 'view cache').

  app.locals.site = {
    name: 'Tea Shop',
    nav: [
      { href: '/', label: 'Products' },
      { href: '/admin/stats', label: 'Admin' },
    ],
  };
  app.locals.year = 2024;
  app.locals.price = (cents) => `$${(cents / 100).toFixed(2)}`;

  app.use((req, res, next) => {
    res.locals.currentPath = req.path;
    next();
  });

  app.get('/', (req, res) => res.render('index', { title: 'Products', products: PRODUCTS }));

  app.get('/products/:id', (req, res, next) => {
    const product = PRODUCTS.find((p) => String(p.id) === req.params.id);
    if (!product) return next();
    res.render('product', { title: product.name, product });
  });

  const admin = webapp.Router();
  admin.get('/stats', (req, res) => res.render('admin/stats', { title: 'Stats', count: PRODUCTS.length }));
  app.use('/admin', admin);

  app.use((req, res) => {
    res.status(404).render('error', { title: 'Not found', status: 404, message: `Nothing at ${req.path}` });
  });

  app.use((err, req, res, next) => {
    console.error(err);
    res.status(500).render('error', { title: 'Error', status: 500, message: 'Please try again later.' });
  });

  return app;
}

if (require.main === module) {
  const server = createApp().listen(Number(process.env.PORT ?? 3000), () => {
    console.log(`views listening on http://localhost:${server.address().port}`);
  });
}

module.exports = { createApp };
