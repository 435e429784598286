import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { test } from 'node:test';
import { basicAuth, parseBasicAuthorization, safeCompare } from '../../src/middleware/basic-auth';
import { request } from '../support/http';

type Middleware = (req: any, res: any, next: (err?: unknown) => void) => void;

function serve(middleware: Middleware) {
  return (req: IncomingMessage, res: ServerResponse) => {
    middleware(req, res, (err?: any) => {
      if (err) {
        res.statusCode = err.status ?? 500;
        res.end(`error: ${err.message}`);
        return;
      }
      res.end(`hello ${JSON.stringify((req as any).user)} ${(req as any).remoteUser === (req as any).user}`);
    });
  };
}

const auth = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

test('basicAuth(user, pass): no credentials → 401 with a Basic challenge', async () => {
  const res = await request(serve(basicAuth('tj', 'tobi')));
  assert.equal(res.status, 401);
  assert.equal(res.headers['www-authenticate'], 'Basic realm="Authorization Required"');
  assert.equal(res.body, 'Unauthorized');
});

test('basicAuth(user, pass): right credentials set req.user; wrong ones get 401', async () => {
  const ok = await request(serve(basicAuth('tj', 'tobi')), {
    headers: { authorization: auth('tj', 'tobi') },
  });
  assert.equal(ok.status, 200);
  assert.equal(ok.body, 'hello "tj" true');
  for (const [user, pass] of [
    ['tj', 'tobI'],
    ['TJ', 'tobi'],
    ['tj', ''],
    ['', 'tobi'],
    ['tj', 'tobi:extra'],
  ]) {
    const res = await request(serve(basicAuth('tj', 'tobi')), {
      headers: { authorization: auth(user, pass) },
    });
    assert.equal(res.status, 401, `${user}:${pass}`);
  }
});

test('basicAuth accepts passwords containing colons and a case-insensitive scheme', async () => {
  const mw = basicAuth('user', 'pa:ss:word');
  const res = await request(serve(mw), {
    headers: { authorization: `bAsIc ${Buffer.from('user:pa:ss:word').toString('base64')}` },
  });
  assert.equal(res.status, 200);
});

test('basicAuth(fn): a synchronous check decides; a throw goes to next(err)', async () => {
  const mw = basicAuth((user, pass) => user === 'a' && pass === 'b', 'Admin "zone"');
  const ok = await request(serve(mw), { headers: { authorization: auth('a', 'b') } });
  assert.equal(ok.body, 'hello "a" true');
  const no = await request(serve(mw), { headers: { authorization: auth('a', 'c') } });
  assert.equal(no.status, 401);
  assert.equal(no.headers['www-authenticate'], 'Basic realm="Admin \\"zone\\""');
  const throwing = basicAuth(() => {
    throw Object.assign(new Error('db down'), { status: 503 });
  });
  const failed = await request(serve(throwing), { headers: { authorization: auth('a', 'b') } });
  assert.equal(failed.status, 503);
  assert.equal(failed.body, 'error: db down');
});

test('basicAuth(fn(user, pass, cb)): the callback user becomes req.user; errors and no user → 401', async () => {
  const mw = basicAuth((user, pass, cb) => {
    setImmediate(() => {
      if (user === 'err') cb(new Error('lookup failed'));
      else if (pass === 'secret') cb(null, { name: user });
      else cb(null);
    });
  });
  const ok = await request(serve(mw), { headers: { authorization: auth('tobi', 'secret') } });
  assert.equal(ok.body, 'hello {"name":"tobi"} true');
  const wrong = await request(serve(mw), { headers: { authorization: auth('tobi', 'nope') } });
  assert.equal(wrong.status, 401);
  const failed = await request(serve(mw), { headers: { authorization: auth('err', 'secret') } });
  assert.equal(failed.status, 401);
});

test('basicAuth: malformed Authorization headers are a 400, never a throw', async () => {
  for (const header of [
    'Basic',
    'Basic ',
    'Bearer abc',
    'Basic !!!notbase64',
    `Basic ${Buffer.from('nocolon').toString('base64')}`,
    'Basic a b c',
    `${'x'.repeat(8000)}`,
  ]) {
    const res = await request(serve(basicAuth('a', 'b')), { headers: { authorization: header } });
    assert.equal(res.status, 400, header.slice(0, 40));
  }
});

test('basicAuth skips requests that already have a user', async () => {
  const handler = (req: any, res: ServerResponse) => {
    req.user = 'earlier';
    basicAuth('a', 'b')(req, res as any, () => res.end(req.user));
  };
  assert.equal((await request(handler)).body, 'earlier');
});

test('basicAuth refuses bad configuration at setup', () => {
  assert.throws(() => basicAuth('user' as any), /password/);
  assert.throws(() => basicAuth(42 as any), TypeError);
  assert.throws(() => basicAuth('a', 'b', 'realm\r\nX-Evil: 1'), /control characters/);
});

test('parseBasicAuthorization and safeCompare', () => {
  assert.deepEqual(parseBasicAuthorization(auth('a', 'b:c')), { user: 'a', pass: 'b:c' });
  assert.equal(parseBasicAuthorization('Digest x'), undefined);
  assert.equal(safeCompare('abc', 'abc'), true);
  assert.equal(safeCompare('abc', 'abd'), false);
  assert.equal(safeCompare('abc', 'abcd'), false);
  assert.equal(safeCompare('', ''), true);
});
