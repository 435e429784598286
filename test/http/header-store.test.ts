import assert from 'node:assert/strict';
import http, { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import {
  hasDirectStore,
  readHeader,
  setHeaderWithFastStore,
  setTrustedHeader,
} from '../../src/http/header-store';
import { HeaderStore } from '../../src/http/node-internals';

function response(): ServerResponse {
  return new ServerResponse(new IncomingMessage(null as never));
}

/** Serves one request with `handler` and returns the raw response head as the client saw it. */
async function rawHead(handler: http.RequestListener): Promise<{ status: number; raw: string[] }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/' }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, raw: res.rawHeaders }));
        })
        .on('error', reject);
    });
  } finally {
    server.close();
  }
}

describe('http/header-store', () => {
  it("recognises node's header store on this node version", () => {
    // Without it every call falls back to setHeader: correct, but the fast path would be silently lost.
    assert.equal(hasDirectStore(), true);
  });

  it('sets headers that getHeader, getHeaders, hasHeader and getHeaderNames see', () => {
    const res = response();
    setTrustedHeader(res, 'X-Powered-By', 'x-powered-by', 'webapp');
    res.setHeader('X-User', 'set by node');
    setTrustedHeader(res, 'Content-Length', 'content-length', '17');
    assert.equal(res.getHeader('x-powered-by'), 'webapp');
    assert.equal(res.getHeader('Content-Length'), '17');
    assert.equal(res.hasHeader('X-Powered-By'), true);
    assert.deepEqual(res.getHeaderNames(), ['x-powered-by', 'x-user', 'content-length']);
    assert.deepEqual(
      { ...res.getHeaders() },
      {
        'x-powered-by': 'webapp',
        'x-user': 'set by node',
        'content-length': '17',
      },
    );
    assert.equal(readHeader(res, 'content-length'), '17');
    assert.equal(readHeader(res, 'etag'), undefined);
    res.setHeader('Content-Type', 'text/plain');
    assert.equal(readHeader(res, 'content-type'), 'text/plain', 'a header node set is read too');
  });

  it('stores and reads each of the names it takes, in any order and over any store', () => {
    // Each name has its own store and load site (see setTrustedHeader): every one must reach the same
    // dictionary node reads, whichever names came first.
    const entries = [
      ['Content-Type', 'content-type', 'application/json; charset=utf-8'],
      ['Content-Length', 'content-length', '42'],
      ['ETag', 'etag', 'W/"2a-abc"'],
      ['X-Powered-By', 'x-powered-by', 'webapp'],
      ['Content-Security-Policy', 'content-security-policy', "default-src 'none'"],
      ['X-Content-Type-Options', 'x-content-type-options', 'nosniff'],
    ] as const;
    const orders = [
      [0, 1, 2, 3, 4, 5],
      [5, 3, 0, 1, 4, 2],
      [2, 3, 1, 0],
      [4, 5, 1, 0],
      [1, 2],
    ];
    for (const order of orders) {
      const res = response();
      res.setHeader('X-Before', 'node');
      for (const i of order) {
        const [name, lower, value] = entries[i];
        assert.equal(readHeader(res, lower), undefined, `${lower} before it is set`);
        setTrustedHeader(res, name, lower, value);
      }
      for (const [i, [, lower, value]] of entries.entries()) {
        assert.equal(readHeader(res, lower), order.includes(i) ? value : undefined, `${lower} in ${order}`);
        assert.equal(res.getHeader(lower), order.includes(i) ? value : undefined, `${lower} in ${order}`);
      }
      assert.deepEqual(res.getHeaderNames(), ['x-before', ...order.map((i) => entries[i][1])]);
    }
  });

  it('takes only the names webapp sets itself (a type error otherwise)', () => {
    const res = response();
    // @ts-expect-error: any other header goes through res.setHeader, which validates it.
    assert.throws(() => setTrustedHeader(res, 'Bad Name', 'bad name', 'x'), { name: 'TypeError' });
    // @ts-expect-error: a valid name outside the four is set and read through node.
    setTrustedHeader(res, 'X-Other', 'x-other', 'y');
    assert.equal(res.getHeader('x-other'), 'y');
    // @ts-expect-error: the same for reads.
    assert.equal(readHeader(res, 'x-other'), 'y');
  });

  it('has no inherited names: constructor, toString and __proto__ are not headers', () => {
    const res = response();
    setTrustedHeader(res, 'ETag', 'etag', '"1"');
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      assert.equal(res.hasHeader(name), false, name);
      assert.equal(res.getHeader(name), undefined, name);
    }
    res.setHeader('__proto__', 'odd but valid');
    assert.equal(res.getHeader('__proto__'), 'odd but valid');
    assert.deepEqual(res.getHeaderNames(), ['etag', '__proto__']);
  });

  it('reads nothing from a response without headers', () => {
    assert.equal(readHeader(response(), 'content-type'), undefined);
  });

  it('puts the headers on the wire in the order they were set, replacing and removing as setHeader does', async () => {
    const { raw } = await rawHead((_req, res) => {
      setTrustedHeader(res, 'X-Powered-By', 'x-powered-by', 'webapp');
      setTrustedHeader(res, 'Content-Type', 'content-type', 'text/plain');
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      setTrustedHeader(res, 'ETag', 'etag', '"soon"');
      res.removeHeader('ETag');
      setTrustedHeader(res, 'Content-Length', 'content-length', '2');
      res.end('ok');
    });
    const names = raw.filter((_, i) => i % 2 === 0);
    assert.deepEqual(names.slice(0, 3), ['X-Powered-By', 'Content-Type', 'Content-Length']);
    assert.equal(raw[raw.indexOf('Content-Type') + 1], 'text/plain; charset=utf-8');
    assert.equal(names.includes('ETag'), false);
  });

  it('goes through a setHeader or getHeader that a middleware wrapped', () => {
    const res = response();
    const seen: string[] = [];
    const original = res.setHeader;
    res.setHeader = function (
      this: ServerResponse,
      name: string,
      value: string | number | readonly string[],
    ) {
      seen.push(`${name}=${String(value)}`);
      return original.call(this, name, value);
    } as typeof res.setHeader;
    setTrustedHeader(res, 'ETag', 'etag', '"x"');
    assert.deepEqual(seen, ['ETag="x"']);
    const read: string[] = [];
    const getHeader = res.getHeader;
    res.getHeader = function (this: ServerResponse, name: string) {
      read.push(name);
      return getHeader.call(this, name);
    } as typeof res.getHeader;
    assert.equal(readHeader(res, 'etag'), '"x"');
    assert.deepEqual(read, ['etag']);
  });

  it('refuses, as setHeader does, once the headers are sent', () => {
    const res = response();
    res.writeHead(200);
    assert.throws(() => setTrustedHeader(res, 'ETag', 'etag', '"x"'), { code: 'ERR_HTTP_HEADERS_SENT' });
  });
});

/** node's pending-header store of a response (the slot ./node-internals probes). */
function storeOf(res: ServerResponse): object | null {
  const key = Object.getOwnPropertySymbols(res).find((s) => s.description === 'kOutHeaders');
  assert.ok(key, "node's header slot");
  return (res as unknown as Record<symbol, object | null>)[key];
}

/** A response whose setHeader is a fast-store one deferring to `parent` (as responseClass installs it). */
function fastStoreResponse(parent: { setHeader: ServerResponse['setHeader'] } = ServerResponse.prototype) {
  const res = response();
  Object.defineProperty(res, 'setHeader', { value: setHeaderWithFastStore(parent), writable: true });
  return res;
}

describe('http/header-store: setHeaderWithFastStore', () => {
  it("gives the response webapp's store, where node's setHeader would make a dictionary", () => {
    const plain = response();
    plain.setHeader('X-A', '1');
    // node's own store: a null-prototype literal, which V8 keeps in dictionary mode (node 20 to 24).
    assert.equal(storeOf(plain) instanceof HeaderStore, false);
    const res = fastStoreResponse();
    assert.equal(storeOf(res), null, 'nothing before the first header');
    res.setHeader('X-A', '1');
    assert.ok(storeOf(res) instanceof HeaderStore);
    res.setHeader('X-B', ['2', '3']);
    setTrustedHeader(res, 'Content-Length', 'content-length', '2');
    assert.equal(res.getHeader('x-a'), '1');
    assert.deepEqual(res.getHeader('X-B'), ['2', '3']);
    assert.deepEqual(res.getHeaderNames(), ['x-a', 'x-b', 'content-length']);
    assert.equal(readHeader(res, 'content-length'), '2');
  });

  it("still validates through node's setHeader, and refuses once the head is written", () => {
    const res = fastStoreResponse();
    assert.throws(() => res.setHeader('Bad Name', 'x'), { code: 'ERR_INVALID_HTTP_TOKEN' });
    assert.throws(() => res.setHeader('X-A', 'a\r\nX-Evil: 1'), { code: 'ERR_INVALID_CHAR' });
    const sent = fastStoreResponse();
    sent.writeHead(200, { 'X-Only': 'head' });
    assert.throws(() => sent.setHeader('X-A', '1'), { code: 'ERR_HTTP_HEADERS_SENT' });
    // node's "only writeHead" case is kept: headers given to writeHead alone are not pending headers.
    assert.equal(storeOf(sent), null);
    assert.equal(sent.getHeader('x-only'), undefined);
  });

  it('defers to the setHeader the parent has at each call (an override or a later patch runs)', () => {
    const seen: string[] = [];
    const parent = { setHeader: ServerResponse.prototype.setHeader };
    const res = fastStoreResponse(parent);
    res.setHeader('X-A', '1');
    setTrustedHeader(res, 'ETag', 'etag', '"a"');
    assert.equal(seen.length, 0, "direct while the parent's is node's");
    parent.setHeader = function (
      this: ServerResponse,
      name: string,
      value: string | number | readonly string[],
    ) {
      seen.push(name);
      return ServerResponse.prototype.setHeader.call(this, name, value);
    } as ServerResponse['setHeader'];
    res.setHeader('X-B', '2');
    setTrustedHeader(res, 'ETag', 'etag', '"b"');
    assert.deepEqual(seen, ['X-B', 'ETag'], 'a replaced setHeader sees every header');
    assert.equal(res.getHeader('etag'), '"b"');
  });
});
