// Server-sent events. Run it with `node examples/sse`, open http://localhost:3000 in two windows,
// or watch the raw stream with `curl -N localhost:3000/events`.
const { createApp } = require('./app');

const heartbeatMs = Number(process.env.HEARTBEAT_MS ?? 15_000);
const server = createApp({ heartbeatMs }).listen(Number(process.env.PORT ?? 3000), () => {
  console.log(`sse listening on http://localhost:${server.address().port}`);
});
