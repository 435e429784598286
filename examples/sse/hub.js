// The event hub: connected clients, a bounded history for Last-Event-ID replay, and broadcast.

/** Formats one server-sent event; `data` is JSON-encoded, so it never contains a raw newline. */
function formatEvent({ id, event, data }) {
  return `${id !== undefined ? `id: ${id}\n` : ''}${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
}

function createHub({ historySize = 100, maxClients = 100 } = {}) {
  const clients = new Set();
  const history = [];
  let lastId = 0;

  function publish(event, data) {
    const message = { id: ++lastId, event, data };
    history.push(message);
    if (history.length > historySize) history.shift();
    const text = formatEvent(message);
    for (const res of clients) res.write(text);
    return message;
  }

  return {
    get size() {
      return clients.size;
    },
    isFull: () => clients.size >= maxClients,
    /** Adds a client; replays what it missed after `lastEventId`; returns a function removing it. */
    add(res, lastEventId) {
      if (Number.isInteger(lastEventId)) {
        for (const message of history) if (message.id > lastEventId) res.write(formatEvent(message));
      }
      clients.add(res);
      publish('clients', { count: clients.size });
      return () => {
        if (clients.delete(res)) publish('clients', { count: clients.size });
      };
    },
    publish,
  };
}

module.exports = { createHub };
