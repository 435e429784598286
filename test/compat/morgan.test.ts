import assert from 'node:assert/strict';
import http from 'node:http';
import { describe, test } from 'node:test';
import morgan from 'morgan';
import request from 'supertest';

import webapp = require('../../src/index');

import { lineSink, listen } from './support';

const CLF_DATE = String.raw`\[\d{2}/\w{3}/\d{4}:\d{2}:\d{2}:\d{2} \+0000\]`;

function appWith(format: string | morgan.FormatFn, options: morgan.Options<any, any> = {}) {
  const sink = lineSink();
  const app = webapp();
  app.use(morgan(format as any, { stream: sink.stream, ...options }));
  app.get('/users/:id', (req: any, res: any) => res.json({ id: req.params.id }));
  app.post('/slow', (_req: any, res: any) => setTimeout(() => res.status(201).send('made'), 30));
  return { app, sink };
}

describe('morgan on webapp', () => {
  test('combined: address, user, CLF date, request line, status, length, referrer, agent', async () => {
    const { app, sink } = appWith('combined');
    await request(app)
      .get('/users/42?x=1')
      .auth('alice', 'secret')
      .set('Referer', 'http://ref.test/page')
      .set('User-Agent', 'compat-test/1.0');
    const line = await sink.next();
    assert.match(
      line,
      new RegExp(
        String.raw`^127\.0\.0\.1 - alice ${CLF_DATE} "GET /users/42\?x=1 HTTP/1\.1" 200 11 "http://ref\.test/page" "compat-test/1\.0"$`,
      ),
    );
  });

  test('common format, and :date[iso] / :http-version tokens', async () => {
    const common = appWith('common');
    await request(common.app).get('/users/1');
    assert.match(
      await common.sink.next(),
      new RegExp(String.raw`^127\.0\.0\.1 - - ${CLF_DATE} "GET /users/1 HTTP/1\.1" 200 10$`),
    );
    const { app, sink } = appWith(':date[iso] :http-version :method');
    await request(app).head('/users/1');
    assert.match(await sink.next(), /^\d{4}-\d{2}-\d{2}T[\d:.]+Z 1\.1 HEAD$/);
  });

  test('short, tiny and dev include :response-time measured over the handler', async () => {
    const short = appWith('short');
    await request(short.app).post('/slow');
    const shortLine = await short.sink.next();
    assert.match(shortLine, /^127\.0\.0\.1 - POST \/slow HTTP\/1\.1 201 4 - (\d+\.\d{3}) ms$/);
    assert.ok(Number(/ (\d+\.\d{3}) ms$/.exec(shortLine)![1]) >= 25, shortLine);

    const tiny = appWith('tiny');
    await request(tiny.app).get('/users/9');
    assert.match(await tiny.sink.next(), /^GET \/users\/9 200 10 - \d+\.\d{3} ms$/);

    const dev = appWith('dev');
    await request(dev.app).get('/nope');
    // dev colours the status by class: 4xx is yellow (33).
    assert.match(
      await dev.sink.next(),
      /^\x1b\[0mGET \/nope \x1b\[33m404\x1b\[0m \d+\.\d{3} ms - \d+\x1b\[0m$/,
    );
  });

  test(':remote-addr is req.ip, so it follows trust proxy', async () => {
    const { app, sink } = appWith(':remote-addr :url');
    app.set('trust proxy', 'loopback');
    await request(app).get('/users/3').set('X-Forwarded-For', '203.0.113.9');
    assert.equal(await sink.next(), '203.0.113.9 /users/3');
    app.set('trust proxy', false);
    await request(app).get('/users/3').set('X-Forwarded-For', '203.0.113.9');
    assert.equal(await sink.next(), '127.0.0.1 /users/3');
  });

  test(':url is the original URL inside mounted routers and sub-apps', async () => {
    const sink = lineSink();
    const app = webapp();
    const api = webapp.Router();
    api.use(morgan(':method :url :status', { stream: sink.stream }));
    api.get('/items', (_req: any, res: any) => res.sendStatus(204));
    app.use('/api/v1', api);
    await request(app).get('/api/v1/items?page=2');
    assert.equal(await sink.next(), 'GET /api/v1/items?page=2 204');
  });

  test('custom tokens, :res[header], :req[header], :total-time and skip', async () => {
    morgan.token('user-id', (req: any) => req.userId);
    const { app, sink } = appWith(':user-id :req[x-request-id] :res[content-type] :total-time[1]', {
      skip: (_req: any, res: any) => res.statusCode === 404,
    });
    app.use((req: any, _res: any, next: any) => {
      req.userId = 'u-17';
      next();
    });
    app.get('/me', (_req: any, res: any) => res.type('text').send('me'));
    await request(app).get('/missing');
    await request(app).get('/me').set('X-Request-Id', 'abc-123');
    assert.match(await sink.next(), /^u-17 abc-123 text\/plain; charset=utf-8 \d+\.\d$/);
    assert.equal(sink.lines.length, 1, 'the 404 was skipped');
  });

  test('immediate logs before the response is sent', async () => {
    const { app, sink } = appWith(':method :url :status', { immediate: true });
    app.get('/wait', (_req: any, res: any) => {
      // The line is already written when the handler runs.
      assert.equal(sink.lines.at(-1), 'GET /wait -');
      res.send('done');
    });
    const res = await request(app).get('/wait');
    assert.equal(res.text, 'done');
  });

  test('a client that aborts is still logged', async () => {
    const { app, sink } = appWith(':method :url :status');
    // The client gives up once the route has the request (a fixed delay lost the race on a busy machine).
    let req: http.ClientRequest | undefined;
    app.get('/hang', () => setImmediate(() => req?.destroy()));
    const server = await listen(app);
    req = http.get({ host: '127.0.0.1', port: server.port, path: '/hang' });
    req.on('error', () => {});
    try {
      assert.equal(await sink.next(), 'GET /hang -');
    } finally {
      await server.close();
    }
  });
});
