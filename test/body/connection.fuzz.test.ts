/**
 * Differential fuzz of routes and bodies through an in-memory connection: seeded random requests
 * (method, path, Content-Type and charset, Content-Encoding, Content-Length or chunked framing, JSON,
 * form, text and binary bodies, some over their limit or malformed) written as raw HTTP/1.1 into a
 * Duplex pair handed to the server with `server.emit('connection', duplex)` — no socket, so neither
 * `destroySoon` nor a file descriptor — on an express@4 app and the same webapp app (a plain
 * `http.createServer` server and an `app.listen` one). Every answer must be express@4's: status,
 * Content-Type and body (the parsed body or the error's fields). And every request must be answered:
 * a connection the server never ends is a hang.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Duplex } from 'node:stream';
import { test } from 'node:test';
import zlib from 'node:zlib';

import webapp = require('../../src/index');

import { prng } from '../support/prng';
import { describeBody, describeError } from './harness';

/** Two connected in-memory streams: what one side writes, the other reads; an end or destroy ends the other. */
function duplexPair(): [Duplex, Duplex] {
  const sides: Duplex[] = [];
  const ended = [false, false];
  const endSide = (i: number): void => {
    if (ended[i]) return;
    ended[i] = true;
    sides[i].push(null);
  };
  const make = (i: number): Duplex =>
    new Duplex({
      read() {},
      write(chunk, _encoding, callback) {
        if (!ended[1 - i]) sides[1 - i].push(chunk);
        callback();
      },
      final(callback) {
        endSide(1 - i);
        callback();
      },
      destroy(err, callback) {
        endSide(1 - i);
        callback(err);
      },
    });
  sides.push(make(0), make(1));
  return [sides[0], sides[1]];
}

/** The same app on express@4 or webapp: parsers on routes and in a router, each answering with what it parsed. */
function buildApp(lib: any) {
  const app = lib();
  const answer = (req: any, res: any) =>
    res.status(200).json({ route: req.route?.path, params: req.params, body: describeBody(req.body) });
  app.post('/json', lib.json(), answer);
  app.put('/json', lib.json({ limit: 64 }), answer);
  app.post('/json-loose', lib.json({ strict: false, inflate: false }), answer);
  app.post('/json-typed', lib.json({ type: ['text/*', '+json'] }), answer);
  app.post('/form', lib.urlencoded({ extended: false, limit: '200b' }), answer);
  app.post('/form-ext', lib.urlencoded({ extended: true, parameterLimit: 5 }), answer);
  app.post('/text', lib.text({ defaultCharset: 'latin1' }), answer);
  app.post('/raw', lib.raw({ type: () => true, limit: 100 }), answer);
  app.all('/all', lib.json(), lib.urlencoded({ extended: true }), lib.text(), answer);
  const api = lib.Router();
  api.use(lib.json({ limit: '1kb' }));
  api.post('/items/:id', answer);
  api.patch('/items/:id', lib.urlencoded({ extended: false }), answer);
  app.use('/api', api);
  app.post('/none', answer);
  app.use((err: any, _req: any, res: any, _next: any) =>
    res.status(typeof err.status === 'number' ? err.status : 500).json({ error: describeError(err) }),
  );
  return app;
}

const METHODS = ['POST', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE', 'GET'];
const PATHS = [
  '/json',
  '/json-loose',
  '/json-typed',
  '/form',
  '/form-ext',
  '/text',
  '/raw',
  '/all',
  '/api/items/7',
  '/api/items/%E2%98%83',
  '/none',
  '/nowhere',
  '/JSON',
  '/json/',
];
const TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset="UTF-8"',
  'application/json; charset=utf-16le',
  'application/json; charset=latin1',
  'application/json; charset=bogus',
  'application/vnd.api+json',
  'APPLICATION/JSON',
  'text/plain',
  'text/plain; charset=iso-8859-1',
  'text/plain; charset=utf-8',
  'text/html',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=utf-8',
  'application/x-www-form-urlencoded; charset=latin1',
  'application/octet-stream',
  'multipart/form-data; boundary=x',
  'application/json;',
  'text/plain;;',
  'nonsense',
  undefined,
];
const BODIES = [
  '{"a":1}',
  '[1,2,3]',
  '"text"',
  '1',
  'null',
  'true',
  '{bad',
  '{"a":1',
  '',
  ' ',
  '  {"a":[{"b":"c"}]}  ',
  '{"__proto__":{"polluted":1},"x":1}',
  '{"constructor":{"prototype":{"p":1}}}',
  '{"a":"é☃"}',
  `{"big":"${'x'.repeat(120)}"}`,
  'a=1&b=2',
  'a[b]=1&a[c]=2',
  'a[]=1&a[]=2',
  'a[0]=x&a[1]=y',
  'a=1&a=2',
  'a=%ZZ&b=%E2%98%83',
  '=x&&y=',
  'a',
  'a=1&b=2&c=3&d=4&e=5&f=6',
  '__proto__[x]=1&a=2',
  `f=${'y'.repeat(250)}`,
  'hello world',
  'caf\u00e9',
];

type Encoding = 'none' | 'identity' | 'gzip' | 'deflate' | 'broken gzip' | 'bogus';
const ENCODINGS: Encoding[] = ['none', 'none', 'none', 'identity', 'gzip', 'deflate', 'broken gzip', 'bogus'];

interface Case {
  method: string;
  path: string;
  type: string | undefined;
  body: Buffer;
  encoding: Encoding;
  chunked: boolean;
}

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)];
}

function randomCase(rand: () => number): Case {
  const text = pick(rand, BODIES);
  let body =
    rand() < 0.1
      ? Buffer.from(Array.from({ length: 40 }, () => Math.floor(rand() * 256)))
      : Buffer.from(text);
  const encoding = pick(rand, ENCODINGS);
  if (encoding === 'gzip') body = zlib.gzipSync(body);
  if (encoding === 'deflate') body = zlib.deflateSync(body);
  return {
    method: pick(rand, METHODS),
    path: pick(rand, PATHS),
    type: pick(rand, TYPES),
    body,
    encoding,
    chunked: rand() < 0.3,
  };
}

/** The request's bytes: head, then the body whole (Content-Length) or in random chunks. */
function requestBytes(c: Case, rand: () => number): Buffer {
  const lines = [`${c.method} ${c.path} HTTP/1.1`, 'Host: fuzz', 'Connection: close'];
  if (c.type !== undefined) lines.push(`Content-Type: ${c.type}`);
  if (c.encoding !== 'none')
    lines.push(`Content-Encoding: ${c.encoding === 'broken gzip' ? 'gzip' : c.encoding}`);
  if (!c.chunked)
    return Buffer.concat([
      Buffer.from(`${lines.join('\r\n')}\r\nContent-Length: ${c.body.length}\r\n\r\n`),
      c.body,
    ]);
  const parts: Buffer[] = [Buffer.from(`${lines.join('\r\n')}\r\nTransfer-Encoding: chunked\r\n\r\n`)];
  for (let at = 0; at < c.body.length; ) {
    const size = Math.min(c.body.length - at, 1 + Math.floor(rand() * 16));
    parts.push(Buffer.from(`${size.toString(16)}\r\n`), c.body.subarray(at, at + size), Buffer.from('\r\n'));
    at += size;
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}

interface Answer {
  status: number;
  type: string | undefined;
  body: string;
}

/** Parses the whole response text of a Connection: close exchange. */
function parseResponse(raw: Buffer): Answer | undefined {
  const text = raw.toString('latin1');
  const split = text.indexOf('\r\n\r\n');
  if (split === -1) return undefined;
  const [statusLine, ...headerLines] = text.slice(0, split).split('\r\n');
  const headers = new Map(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  let body = raw.subarray(split + 4);
  if (headers.get('transfer-encoding') === 'chunked') {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const eol = body.indexOf('\r\n', at);
      const size = Number.parseInt(body.subarray(at, eol).toString('latin1'), 16);
      if (!(size > 0)) break;
      parts.push(body.subarray(eol + 2, eol + 2 + size));
      at = eol + 4 + size;
    }
    body = Buffer.concat(parts);
  }
  return {
    status: Number(statusLine.split(' ')[1]),
    type: headers.get('content-type'),
    body: body.toString('utf8'),
  };
}

/** Sends `bytes` on a fresh in-memory connection to `server`; resolves with the response once the server ends it. */
function exchange(
  server: http.Server,
  bytes: Buffer,
  rand: () => number,
): Promise<Answer | 'hang' | 'no response'> {
  return new Promise((resolve) => {
    const [client, side] = duplexPair();
    const chunks: Buffer[] = [];
    client.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The watchdog only names a hang: an answered request never waits for it.
    const watchdog = setTimeout(() => {
      client.destroy();
      resolve('hang');
    }, 20_000);
    client.on('end', () => {
      clearTimeout(watchdog);
      resolve(parseResponse(Buffer.concat(chunks)) ?? 'no response');
    });
    server.emit('connection', side);
    // Written in two pieces at a random point, as a network delivers it.
    const cut = Math.floor(rand() * bytes.length);
    client.write(bytes.subarray(0, cut));
    setImmediate(() => client.write(bytes.subarray(cut)));
  });
}

const COUNT = 500;

test(`fuzz: ${COUNT} random requests with bodies through an in-memory connection answer as on express@4`, async () => {
  const express = require('express');
  const theirs = http.createServer(buildApp(express));
  const plain = http.createServer(buildApp(webapp));
  const listened: http.Server = buildApp(webapp).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => listened.once('listening', resolve));
  assert.ok((listened.address() as AddressInfo).port > 0);
  const rand = prng(57);
  const mismatches: string[] = [];
  const hangs: string[] = [];
  const statuses = new Set<number>();
  try {
    for (let i = 0; i < COUNT; i++) {
      const c = randomCase(rand);
      const bytes = requestBytes(c, rand);
      const label = `#${i} ${c.method} ${c.path} ${c.type ?? '(no type)'} ${c.encoding}${c.chunked ? ' chunked' : ''} ${JSON.stringify(c.body.toString('latin1').slice(0, 60))}`;
      const expected = await exchange(theirs, bytes, prng(i));
      const ours = await exchange(i % 2 === 0 ? plain : listened, bytes, prng(i));
      if (ours === 'hang') hangs.push(label);
      if (typeof expected === 'object') statuses.add(expected.status);
      try {
        assert.deepEqual(ours, expected);
      } catch {
        mismatches.push(
          `${label}\n    express: ${JSON.stringify(expected)}\n    webapp:  ${JSON.stringify(ours)}`,
        );
      }
    }
  } finally {
    listened.close();
  }
  assert.deepEqual(hangs, [], 'requests webapp never answered');
  assert.deepEqual(mismatches, [], `answers that differ from express@4:\n${mismatches.join('\n')}`);
  // The requests reach every kind of answer: parsed, refused, malformed, too large, unmatched.
  for (const status of [200, 400, 404, 413, 415])
    assert.ok(statuses.has(status), `no ${status} among ${[...statuses]}`);
});
