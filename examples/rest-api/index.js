// A REST API with validation and error handling. Run it with `node examples/rest-api`, then e.g.
//   curl -i localhost:3000/api/books
//   curl -i -X POST localhost:3000/api/books -H 'content-type: application/json' \
//        -d '{"title":"Emma","author":"Jane Austen","year":1815}'
const { createApp } = require('./app');

const server = createApp().listen(Number(process.env.PORT ?? 3000), () => {
  console.log(`rest-api listening on http://localhost:${server.address().port}`);
});
