// Server-sent events: a chat-like stream. Clients subscribe to /events, anyone can POST to
// /messages, and a reconnecting client gets the events it missed (Last-Event-ID).
const webapp = require('webappjs');
const { createHub } = require('./hub');

const PAGE = `<!doctype html>
<title>SSE</title>
<ul id="log"></ul>
<form id="f"><input id="t" maxlength="280"><button>Send</button></form>
<script>
  const log = document.getElementById('log');
  const source = new EventSource('/events');
  source.addEventListener('message', (e) => {
    const li = document.createElement('li');
    li.textContent = JSON.parse(e.data).text;
    log.append(li);
  });
  document.getElementById('f').onsubmit = (e) => {
    e.preventDefault();
    fetch('/messages', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: document.getElementById('t').value }) });
  };
</script>
`;

function createApp({ heartbeatMs = 15_000, maxClients = 100 } = {}) {
  const hub = createHub({ maxClients });
  const app = webapp();

  app.get('/', (req, res) => res.send(PAGE));

  app.get('/events', (req, res) => {
    if (hub.isFull()) return res.status(503).set('Retry-After', '10').send('too many listeners');
    res.set({
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no', // tells nginx not to buffer the stream
    });
    res.flushHeaders();
    res.write('retry: 3000\n\n');

    const header = req.get('Last-Event-ID');
    const lastEventId = header && /^\d{1,15}$/.test(header) ? Number(header) : undefined;
    const remove = hub.add(res, lastEventId);
    // A comment line keeps proxies from closing an idle connection.
    const heartbeat = setInterval(() => res.write(': ping\n\n'), heartbeatMs);
    req.on('close', () => {
      clearInterval(heartbeat);
      remove();
    });
  });

  app.post('/messages', webapp.json({ limit: '2kb' }), (req, res) => {
    const text = req.body?.text;
    if (typeof text !== 'string' || text.trim() === '' || text.length > 280) {
      return res.status(400).json({ error: 'text must be a non-empty string of at most 280 characters' });
    }
    const message = hub.publish('message', { text: text.trim() });
    res.status(202).json({ id: message.id });
  });

  app.get('/stats', (req, res) => res.json({ clients: hub.size }));

  return app;
}

module.exports = { createApp };
