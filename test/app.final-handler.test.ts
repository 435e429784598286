/**
 * The final handler of a root app: the 404 page, the error page (status, headers, stack or status
 * message), and what happens when the response is already under way. Pages must be byte-identical to
 * Express 4's.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { test } from 'node:test';
import { DRAIN_LIMIT } from '../src/body/drain';

import webapp = require('../src/index');

import { assertSameAsExpress, request, send, withServer } from './support/http';

/** Runs `fn` with console.error silenced: apps outside the test env log unhandled errors. */
async function quietly<T>(fn: () => Promise<T>): Promise<T> {
  const original = console.error;
  console.error = () => {};
  try {
    return await fn();
  } finally {
    // Logging is deferred (setImmediate) and may land after the response: let it happen silenced.
    await new Promise((resolve) => setTimeout(resolve, 5));
    console.error = original;
  }
}

test('404 "Cannot METHOD /path" page, HTML-escaped and URL-encoded like Express', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.get('/exists', (_req: any, res: any) => res.end('yes'));
      return app;
    },
    [
      { path: '/missing' },
      { method: 'POST', path: '/exists' },
      { method: 'DELETE', path: '/a/b?c=d' },
      { path: '/%3Cscript%3Ealert(1)%3C/script%3E' },
      { path: '/<b>"quoted"&\'apos\'' },
      { path: '/a%20b' },
      { path: '/%' },
      { path: '/%zz/%E0%A4%A' },
      { path: '/caf%C3%A9' },
      { path: '/x#y' },
      { path: '//double//slash' },
      { path: 'http://example.com/absolute?x=1' },
      { method: 'HEAD', path: '/missing' },
      { method: 'OPTIONS', path: '/missing' },
      { method: 'M-SEARCH', path: '/missing' },
    ],
  );
});

test('404 inside mounted routers and sub-apps names the original URL', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      const router = lib.Router();
      router.get('/x', (_req: any, res: any) => res.end('x'));
      const sub = lib();
      sub.get('/y', (_req: any, res: any) => res.end('y'));
      app.use('/api', router);
      app.use('/sub', sub);
      return app;
    },
    [{ path: '/api/nope?q=1' }, { path: '/sub/nope' }, { path: '/api' }],
  );
});

/** An app whose route fails with the error built from the `kind` query parameter. */
function failing(lib: any, env: string) {
  const app = lib();
  app.set('env', env);
  app.get('/fail/:kind', (req: any, res: any, next: any) => {
    const kind = req.params.kind;
    const errors: Record<string, () => unknown> = {
      plain: () => new Error('plain failure'),
      status404: () => Object.assign(new Error('nope'), { status: 404 }),
      status503: () => Object.assign(new Error('down'), { status: 503 }),
      statusCode422: () => Object.assign(new Error('bad'), { statusCode: 422 }),
      status302: () => Object.assign(new Error('redirect?'), { status: 302 }),
      status600: () => Object.assign(new Error('too big'), { status: 600 }),
      statusString: () => Object.assign(new Error('string status'), { status: '404' }),
      statusWins: () => Object.assign(new Error('both'), { status: 401, statusCode: 403 }),
      badStatusGoodCode: () => Object.assign(new Error('both'), { status: 200, statusCode: 418 }),
      headers: () =>
        Object.assign(new Error('limited'), {
          status: 429,
          headers: { 'Retry-After': '120', 'X-Reason': 'quota' },
        }),
      headersNoStatus: () => Object.assign(new Error('ignored headers'), { headers: { 'X-Ignored': 'yes' } }),
      string: () => 'a string error',
      number: () => 42,
      object: () => ({ message: 'plain object' }),
      objectStatus: () => ({ status: 410 }),
      resStatus: () => {
        res.statusCode = 503;
        return new Error('res status');
      },
      resStatus200: () => {
        res.statusCode = 201;
        return new Error('res status 201');
      },
      contentHeaders: () => {
        res.setHeader('Content-Encoding', 'gzip');
        res.setHeader('Content-Language', 'fr');
        res.setHeader('Content-Range', 'bytes 0-1/2');
        res.setHeader('X-Kept', 'kept');
        return new Error('content headers');
      },
    };
    next(errors[kind]());
  });
  app.get('/throw', () => {
    throw Object.assign(new Error('<thrown> & "escaped"'), { status: 400 });
  });
  return app;
}

const KINDS = [
  'plain',
  'status404',
  'status503',
  'statusCode422',
  'status302',
  'status600',
  'statusString',
  'statusWins',
  'badStatusGoodCode',
  'headers',
  'headersNoStatus',
  'string',
  'number',
  'object',
  'objectStatus',
  'resStatus',
  'resStatus200',
  'contentHeaders',
];

test('error pages in production: status from err.status/err.statusCode/res.statusCode, headers, message', async () => {
  await quietly(() =>
    assertSameAsExpress(
      (lib) => failing(lib, 'production'),
      [
        ...KINDS.map((kind) => ({ path: `/fail/${kind}` })),
        { path: '/throw' },
        { method: 'HEAD', path: '/fail/plain' },
      ],
    ),
  );
});

test('error pages in development for errors without a stack match Express', async () => {
  await quietly(() =>
    assertSameAsExpress(
      (lib) => failing(lib, 'development'),
      ['string', 'number', 'object', 'objectStatus'].map((kind) => ({ path: `/fail/${kind}` })),
    ),
  );
});

test('error pages in development show the escaped stack', async () => {
  const app = failing(webapp, 'test');
  const res = await request(app, { path: '/throw' });
  assert.equal(res.status, 400);
  assert.match(res.body, /<pre>Error: &lt;thrown&gt; &amp; &quot;escaped&quot;<br> &nbsp; &nbsp;at /);
  assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
  assert.equal(res.headers['content-security-policy'], "default-src 'none'");
  assert.equal(res.headers['x-content-type-options'], 'nosniff');
  assert.equal(Number(res.headers['content-length']), Buffer.byteLength(res.body));
});

test('production pages never show the stack', async () => {
  const res = await quietly(() => request(failing(webapp, 'production'), { path: '/throw' }));
  assert.equal(res.status, 400);
  assert.match(res.body, /<pre>Bad Request<\/pre>/);
  assert.doesNotMatch(res.body, /thrown/);
});

test('the status message is the reason phrase of the error status', async () => {
  const res = await quietly(() => request(failing(webapp, 'production'), { path: '/fail/headers' }));
  assert.equal(res.status, 429);
  assert.equal(res.statusMessage, 'Too Many Requests');
  assert.equal(res.headers['retry-after'], '120');
});

test('every 4xx/5xx status known to node gives the same page as Express', async () => {
  const { STATUS_CODES } = require('node:http');
  const codes = Object.keys(STATUS_CODES)
    .map(Number)
    .filter((code) => code >= 400 && code <= 599);
  await quietly(() =>
    assertSameAsExpress(
      (lib) => {
        const app = lib();
        app.set('env', 'production');
        app.get('/:code', (req: any, _res: any, next: any) => next({ status: Number(req.params.code) }));
        return app;
      },
      codes.map((code) => ({ path: `/${code}` })),
    ),
  );
});

test('a status node does not know still gets an error page (Express prints "undefined" there)', async () => {
  const app = webapp();
  app.set('env', 'production');
  app.get('/', (_req: any, _res: any, next: any) => next({ status: 499 }));
  const res = await quietly(() => request(app));
  assert.equal(res.status, 499);
  assert.match(res.body, /<pre>499<\/pre>/);
});

test('invalid headers on an error object do not stop the error page', async () => {
  const app = webapp();
  app.set('env', 'production');
  app.get('/', (_req: any, _res: any, next: any) =>
    next(
      Object.assign(new Error('x'), {
        status: 400,
        headers: { 'X-Bad': 'a\r\nInjected: 1', 'Bad Name': 'v', 'X-Good': 'ok' },
      }),
    ),
  );
  const res = await quietly(() => request(app));
  assert.equal(res.status, 400);
  assert.equal(res.headers['x-good'], 'ok');
  assert.equal(res.headers.injected, undefined);
  assert.match(res.body, /Bad Request/);
});

test('unhandled errors are logged with console.error outside the test env, never crashing', async () => {
  const original = console.error;
  const logged: unknown[] = [];
  console.error = (...args: unknown[]) => {
    logged.push(args.join(' '));
  };
  try {
    const app = webapp();
    app.set('env', 'development');
    app.get('/err', () => {
      throw new Error('logged failure');
    });
    app.get('/weird', (_req: any, _res: any, next: any) => next(Object.create(null)));
    assert.equal((await request(app, { path: '/err' })).status, 500);
    assert.equal((await request(app, { path: '/weird' })).status, 500);
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    console.error = original;
  }
  assert.match(String(logged[0]), /^Error: logged failure\n {4}at /);
  assert.equal(logged.length, 2);
});

test('nothing is logged in the test env', async () => {
  const original = console.error;
  let logged = 0;
  console.error = () => {
    logged++;
  };
  try {
    const app = webapp();
    app.get('/err', () => {
      throw new Error('quiet');
    });
    assert.equal((await request(app, { path: '/err' })).status, 500);
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    console.error = original;
  }
  assert.equal(logged, 0);
});

test('an error after the headers were sent destroys the socket', async () => {
  for (const lib of [webapp, require('express')]) {
    const app = lib();
    app.get('/', (_req: any, res: any, next: any) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('partial');
      setTimeout(() => next(new Error('late failure')), 5);
    });
    await assert.rejects(request(app), /aborted|socket hang up|ECONNRESET/);
  }
});

test('falling off the stack after the headers were sent leaves the response alone', async () => {
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.get('/', (_req: any, res: any, next: any) => {
        res.setHeader('Content-Type', 'text/plain');
        res.write('partial ');
        next();
        setTimeout(() => res.end('finished'), 5);
      });
      return app;
    },
    [{ path: '/' }],
  );
});

test('a 404 for a request with an unread body waits for the body, then answers on a reusable connection', async () => {
  const body = 'x'.repeat(256 * 1024);
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.get('/', (_req: any, res: any) => res.end('get'));
      return app;
    },
    [
      { method: 'POST', path: '/upload', body, headers: { 'Content-Type': 'text/plain' } },
      { method: 'PUT', path: '/', body: 'small' },
    ],
  );
  const app = webapp();
  app.post('/fail', (_req: any, _res: any, next: any) => next(new Error('before reading')));
  await withServer(app, async (port) => {
    const res = await send(port, { method: 'POST', path: '/fail', body });
    assert.equal(res.status, 500);
    assert.equal((await send(port, { method: 'POST', path: '/fail', body: 'again' })).status, 500);
  });
});

test("the root app's env decides the error page, even when req.app is left on a sub-app", async () => {
  // router.use(subApp) and a sub-app as a route handler leave req.app on the sub-app in both
  // frameworks; the final handler belongs to the root app all the same.
  const build = (rootEnv: string, subEnv: string) => (lib: any) => {
    const app = lib();
    app.set('env', rootEnv);
    const sub = lib();
    sub.set('env', subEnv);
    sub.get('/hello', (_req: any, res: any) => res.end('hello'));
    const api = lib.Router();
    api.use(sub);
    app.use('/api', api);
    app.get('/handler', sub);
    app.use((_req: any, _res: any, next: any) => next(new Error('secret detail')));
    return app;
  };
  const requests = [{ path: '/api/other' }, { path: '/handler' }, { path: '/api/hello' }];
  await quietly(() => assertSameAsExpress(build('production', 'development'), requests));
  const answers = await quietly(() =>
    Promise.all(requests.map((options) => request(build('development', 'production')(webapp), options))),
  );
  assert.match(answers[0].body, /<pre>Error: secret detail<br>/);
  assert.match(answers[1].body, /<pre>Error: secret detail<br>/);
});

test('a 404 for a request declaring a body over the drain bound answers at once and closes the connection', {
  timeout: 10_000,
}, async () => {
  const app = webapp();
  await withServer(app, async (port) => {
    const head = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      // Only the head and a few bytes: the rest of the declared body never comes.
      socket.write(`POST /nowhere HTTP/1.1\r\nHost: x\r\nContent-Length: ${DRAIN_LIMIT + 1}\r\n\r\nabc`);
    });
    assert.match(head, /^HTTP\/1\.1 404 /);
    assert.match(head, /\r\nConnection: close\r\n/i);
  });
});

test('the error page headers, as a writeHead wrapper and a wrapped setHeader see them, are Express’s', async () => {
  // What compression-style and logger-style middleware see: getHeader values (types included) at
  // writeHead, and the setHeader calls themselves.
  await assertSameAsExpress(
    (lib) => {
      const app = lib();
      app.use('/seen', (_req: any, res: any, next: any) => {
        const writeHead = res.writeHead;
        res.writeHead = function (this: any, ...args: unknown[]) {
          const seen = ['content-type', 'content-length', 'content-security-policy', 'x-content-type-options']
            .map((name) => `${name}=${typeof this.getHeader(name)}:${this.getHeader(name)}`)
            .join(';');
          this.setHeader('X-Seen', seen);
          return writeHead.apply(this, args);
        };
        next();
      });
      app.use('/calls', (_req: any, res: any, next: any) => {
        const calls: string[] = [];
        const setHeader = res.setHeader;
        res.setHeader = function (this: any, name: string, value: unknown) {
          calls.push(name);
          if (name !== 'X-Calls') this.setHeader('X-Calls', calls.join(','));
          return setHeader.call(this, name, value);
        };
        next();
      });
      return app;
    },
    [{ path: '/seen/missing' }, { path: '/calls/missing' }],
  );
});
