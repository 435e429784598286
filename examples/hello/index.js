// The smallest webapp app: one route, one port. Run it with `node examples/hello`.
const webapp = require('webappjs');

const app = webapp();

app.get('/', (req, res) => {
  res.send('Hello World!');
});

// Greets whoever is named in the path, escaped by res.json's encoding rather than pasted into HTML.
app.get('/hello/:name', (req, res) => {
  res.json({ greeting: `Hello, ${req.params.name}!` });
});

const server = app.listen(Number(process.env.PORT ?? 3000), () => {
  console.log(`hello listening on http://localhost:${server.address().port}`);
});
