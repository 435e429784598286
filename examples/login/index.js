// Sign in with a session cookie and CSRF-protected forms. Run it with `node examples/login`,
// open http://localhost:3000/account and sign in as alice / wonderland.
const { createApp } = require('./app');

const server = createApp().listen(Number(process.env.PORT ?? 3000), () => {
  console.log(`login listening on http://localhost:${server.address().port}`);
});
