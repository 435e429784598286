import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, test } from 'node:test';
import { send } from '../support/http';
import { type RunningExample, startExample } from './run-example';

let app: RunningExample;
before(async () => {
  app = await startExample('sse', { HEARTBEAT_MS: '100' });
});
after(() => app.stop());

interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
  retry?: string;
}

/** A minimal EventSource: parses the stream into events and waits for the ones a test expects. */
function subscribe(headers: Record<string, string> = {}) {
  const events: SseEvent[] = [];
  const waiters: Array<() => void> = [];
  let buffer = '';
  let response: http.IncomingMessage | undefined;
  const req = http.get({ host: '127.0.0.1', port: app.port, path: '/events', headers });
  req.on('error', () => {});
  const ready = new Promise<http.IncomingMessage>((resolve) =>
    req.on('response', (res) => {
      response = res;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) event.comment = line.slice(1).trim();
            else {
              const colon = line.indexOf(':');
              (event as any)[line.slice(0, colon)] = line.slice(colon + 1).trim();
            }
          }
          events.push(event);
          end = buffer.indexOf('\n\n');
        }
        for (const wake of waiters.splice(0)) wake();
      });
      resolve(res);
    }),
  );
  return {
    events,
    ready,
    get response() {
      return response;
    },
    /** Resolves with the first event (from the start) that matches, waiting up to 3 s. */
    waitFor(match: (e: SseEvent) => boolean): Promise<SseEvent> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`event not received; got ${JSON.stringify(events)}`)),
          3000,
        );
        const check = () => {
          const found = events.find(match);
          if (found) {
            clearTimeout(timer);
            resolve(found);
          } else waiters.push(check);
        };
        check();
      });
    },
    close: () => req.destroy(),
  };
}

const post = (text: unknown) =>
  send(app.port, {
    method: 'POST',
    path: '/messages',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });

test('sse: the stream starts with the right headers, a retry hint and heartbeats', async () => {
  const client = subscribe();
  const res = await client.ready;
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'text/event-stream; charset=utf-8');
  assert.equal(res.headers['cache-control'], 'no-cache, no-transform');
  assert.equal(res.headers['x-accel-buffering'], 'no');
  assert.equal(res.headers['content-length'], undefined);
  await client.waitFor((e) => e.retry === '3000');
  await client.waitFor((e) => e.comment === 'ping');
  client.close();
});

test('sse: messages are broadcast to every client as they are posted', async () => {
  const a = subscribe();
  const b = subscribe();
  await Promise.all([a.ready, b.ready]);
  const posted = await post('  hello everyone ');
  assert.equal(posted.status, 202);
  const { id } = JSON.parse(posted.body);
  for (const client of [a, b]) {
    const event = await client.waitFor((e) => e.event === 'message' && e.id === String(id));
    assert.deepEqual(JSON.parse(event.data!), { text: 'hello everyone' });
  }
  a.close();
  b.close();
});

test('sse: a reconnecting client gets what it missed after Last-Event-ID', async () => {
  const first = JSON.parse((await post('one')).body).id;
  await post('two');
  await post('three');
  const client = subscribe({ 'last-event-id': String(first) });
  await client.ready;
  await client.waitFor((e) => e.event === 'message' && JSON.parse(e.data!).text === 'three');
  assert.deepEqual(
    client.events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data!).text),
    ['two', 'three'],
  );
  client.close();
});

test('sse: the client count follows connects and disconnects; bad posts are rejected', async () => {
  const watcher = subscribe();
  await watcher.ready;
  await watcher.waitFor((e) => e.event === 'clients');
  const base = JSON.parse((await send(app.port, { path: '/stats' })).body).clients;
  const other = subscribe();
  await other.ready;
  await watcher.waitFor((e) => e.event === 'clients' && JSON.parse(e.data!).count === base + 1);
  other.close();
  await watcher.waitFor((e) => e.event === 'clients' && JSON.parse(e.data!).count === base);
  assert.equal(JSON.parse((await send(app.port, { path: '/stats' })).body).clients, base);

  for (const bad of ['', 'x'.repeat(281), 42]) {
    const res = await post(bad);
    assert.equal(res.status, 400);
  }
  watcher.close();
});
