import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { test } from 'node:test';
import { sign } from '../../src/http/cookie';
import { cookieParser } from '../../src/middleware/cookie-parser';
import { cpuClock } from '../support/cpu-time';
import { request } from '../support/http';

const referenceParser = require('cookie-parser');

type Middleware = (req: any, res: any, next: (err?: unknown) => void) => void;

/** Runs a cookie middleware for one request and returns what it left on req. */
async function parse(middleware: Middleware, cookieHeader?: string) {
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    middleware(req, res, (err) => {
      const r = req as any;
      res.end(
        JSON.stringify({
          err: err ? String(err) : null,
          cookies: r.cookies && { ...r.cookies },
          signed: r.signedCookies && { ...r.signedCookies },
          secret: r.secret ?? null,
        }),
      );
    });
  };
  const res = await request(handler, { headers: cookieHeader === undefined ? {} : { cookie: cookieHeader } });
  return JSON.parse(res.body);
}

const SECRETS = ['current secret', 'old secret'];
const signedNew = `s:${sign('tobi', SECRETS[0])}`;
const signedOld = `s:${sign('loki', SECRETS[1])}`;
const tampered = `s:${sign('tobi', SECRETS[0]).replace('tobi', 'toby')}`;
const foreign = `s:${sign('ferret', 'someone else')}`;

const HEADERS: (string | undefined)[] = [
  undefined,
  '',
  'a=1',
  'a=1; b=two; c=%E2%9C%93',
  `sid=${encodeURIComponent(signedNew)}`,
  `old=${encodeURIComponent(signedOld)}; plain=x`,
  `bad=${encodeURIComponent(tampered)}`,
  `foreign=${encodeURIComponent(foreign)}`,
  `j=${encodeURIComponent('j:{"a":[1,2]}')}; k=${encodeURIComponent('j:nope')}; z=${encodeURIComponent('j:0')}`,
  `sj=${encodeURIComponent(`s:${sign('j:{"x":1}', SECRETS[0])}`)}`,
  'malformed; ===; =x; y=; %=%; q="quoted"',
  'x=%E0%A4%A',
  '__proto__=polluted; constructor=c',
  'a=1; a=2',
];

for (const secret of [undefined, 'current secret', SECRETS] as const) {
  test(`cookieParser(${JSON.stringify(secret)}) leaves the same cookies as cookie-parser`, async () => {
    for (const header of HEADERS) {
      const ours = await parse(cookieParser(secret as any), header);
      const theirs = await parse(referenceParser(secret), header);
      assert.deepEqual(ours, theirs, `Cookie: ${header}`);
    }
  });
}

test('cookieParser verifies signatures with every secret in turn and marks tampered cookies false', async () => {
  const result = await parse(
    cookieParser(SECRETS),
    `sid=${encodeURIComponent(signedNew)}; old=${encodeURIComponent(signedOld)}; bad=${encodeURIComponent(tampered)}`,
  );
  assert.deepEqual(result.signed, { sid: 'tobi', old: 'loki', bad: false });
  assert.deepEqual(result.cookies, {});
  assert.equal(result.secret, SECRETS[0]);
});

test('cookieParser does not pollute prototypes', async () => {
  await parse(cookieParser('s'), '__proto__=%7B%22polluted%22%3A1%7D; constructor=x');
  assert.equal(({} as any).polluted, undefined);
});

test('cookieParser skips a request whose cookies were already parsed', async () => {
  const handler = (req: any, res: ServerResponse) => {
    req.cookies = { kept: 'yes' };
    cookieParser('s')(req, res as any, () => res.end(JSON.stringify(req.cookies)));
  };
  const res = await request(handler, { headers: { cookie: 'a=1' } });
  assert.deepEqual(JSON.parse(res.body), { kept: 'yes' });
});

test('cookieParser exposes the helper functions of cookie-parser', () => {
  assert.equal(cookieParser.signedCookie(signedNew, SECRETS), 'tobi');
  assert.equal(cookieParser.signedCookie(tampered, SECRETS), false);
  assert.equal(cookieParser.signedCookie('plain', SECRETS), 'plain');
  assert.equal(cookieParser.signedCookie(42, SECRETS), undefined);
  assert.deepEqual(cookieParser.JSONCookie('j:[1]'), [1]);
  assert.equal(cookieParser.JSONCookie('j:{'), undefined);
  assert.equal(cookieParser.JSONCookie('x'), undefined);
});

test('cookieParser answers a huge Cookie header quickly', async () => {
  const header = Array.from({ length: 400 }, (_, i) => `c${i}=${'v'.repeat(30)}`).join('; ');
  const started = cpuClock();
  const result = await parse(cookieParser('s'), header);
  assert.equal(Object.keys(result.cookies).length, 400);
  assert.ok(started() < 2000);
});
