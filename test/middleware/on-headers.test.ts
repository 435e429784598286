/**
 * onHeaders: the last-moment hook cookieSession and compress use. The listener runs exactly once,
 * before the head is written, whichever way the head gets written, and sees the headers given to
 * writeHead in each of the forms node accepts.
 */
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { describe, test } from 'node:test';
import { absorbWriteHeadArguments, onHeaders } from '../../src/middleware/on-headers';
import { request } from '../support/http';

/** Runs `handler` after hooking a listener that records what it saw and adds X-Hooked. */
function hooked(handler: (res: ServerResponse) => void, seen: Record<string, unknown>[] = []) {
  return request((_req, res) => {
    onHeaders(res, function (this: ServerResponse) {
      seen.push({ self: this === res, headers: this.getHeaders(), status: this.statusCode });
      this.setHeader('X-Hooked', String(seen.length));
    });
    handler(res);
  });
}

describe('onHeaders', () => {
  test('runs once before an implicit head (end without writeHead)', async () => {
    const seen: Record<string, unknown>[] = [];
    const res = await hooked((res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.end('hi');
    }, seen);
    assert.equal(res.status, 200);
    assert.equal(res.headers['x-hooked'], '1');
    assert.equal(res.body, 'hi');
    assert.equal(seen.length, 1);
    assert.equal(seen[0].self, true);
    assert.equal((seen[0].headers as Record<string, unknown>)['content-type'], 'text/plain');
  });

  test('runs before the first write and before flushHeaders', async () => {
    const written = await hooked((res) => {
      res.write('a');
      res.end('b');
    });
    assert.equal(written.headers['x-hooked'], '1');
    assert.equal(written.body, 'ab');
    const flushed = await hooked((res) => {
      res.flushHeaders();
      res.end('c');
    });
    assert.equal(flushed.headers['x-hooked'], '1');
  });

  test('sees headers passed to writeHead as an object, and may change them and the status', async () => {
    const seen: Record<string, unknown>[] = [];
    const res = await request((_req, res) => {
      onHeaders(res, function (this: ServerResponse) {
        seen.push({ ...this.getHeaders() });
        this.setHeader('X-Given', `${this.getHeader('x-given')}!`);
        this.statusCode = 201;
      });
      res.writeHead(200, { 'X-Given': 'yes', '': 'ignored' });
      res.end();
    });
    assert.deepEqual(seen, [{ 'x-given': 'yes' }]);
    assert.equal(res.status, 201);
    assert.equal(res.headers['x-given'], 'yes!');
  });

  test('sees headers passed as [name, value] pairs', async () => {
    const res = await request((_req, res) => {
      onHeaders(res, function (this: ServerResponse) {
        this.setHeader('X-Count', String(this.getHeaderNames().length));
      });
      res.writeHead(200, [
        ['X-A', '1'],
        ['X-B', '2'],
      ] as unknown as Record<string, string>);
      res.end();
    });
    assert.equal(res.headers['x-a'], '1');
    assert.equal(res.headers['x-b'], '2');
    assert.equal(res.headers['x-count'], '2');
  });

  test('a flat [name, value, …] list keeps every value of a repeated name', async () => {
    const res = await request((_req, res) => {
      onHeaders(res, function (this: ServerResponse) {
        this.setHeader('X-Seen', JSON.stringify(this.getHeader('set-cookie')));
      });
      res.writeHead(200, ['Set-Cookie', 'a=1', 'X-One', 'one', 'Set-Cookie', 'b=2']);
      res.end();
    });
    assert.deepEqual(res.headers['set-cookie'], ['a=1', 'b=2']);
    assert.equal(res.headers['x-one'], 'one');
    assert.equal(res.headers['x-seen'], JSON.stringify(['a=1', 'b=2']));
  });

  test('a flat list of odd length is rejected with a TypeError before anything is sent', async () => {
    const errors: unknown[] = [];
    const res = await request((_req, res) => {
      onHeaders(res, () => {});
      try {
        res.writeHead(200, ['X-A', '1', 'X-B'] as unknown as Record<string, string>);
      } catch (err) {
        errors.push(err);
      }
      res.statusCode = 500;
      res.end('after');
    });
    assert.equal(errors.length, 1);
    assert.ok(errors[0] instanceof TypeError);
    assert.match((errors[0] as Error).message, /headers array is malformed/);
    assert.equal(res.status, 500);
    assert.equal(res.body, 'after');
  });

  test('keeps a reason phrase for its status; a status changed by the listener gets the standard one', async () => {
    const kept = await request((_req, res) => {
      onHeaders(res, () => {});
      res.writeHead(404, 'Nowhere', { 'X-A': '1' });
      res.end();
    });
    assert.equal(kept.status, 404);
    assert.equal(kept.statusMessage, 'Nowhere');
    assert.equal(kept.headers['x-a'], '1');
    const changed = await request((_req, res) => {
      onHeaders(res, function (this: ServerResponse) {
        this.statusCode = 410;
      });
      res.writeHead(404, 'Nowhere');
      res.end();
    });
    assert.equal(changed.status, 410);
    assert.equal(changed.statusMessage, 'Gone');
  });

  test('listeners stack: each runs once, the last hooked first', async () => {
    const order: string[] = [];
    const res = await request((_req, res) => {
      onHeaders(res, () => order.push('first'));
      onHeaders(res, () => order.push('second'));
      res.end('x');
    });
    assert.equal(res.status, 200);
    assert.deepEqual(order, ['second', 'first']);
  });
});

describe('absorbWriteHeadArguments', () => {
  test('returns the reason phrase and moves the headers and status onto the response', async () => {
    const results: unknown[] = [];
    await request((_req, res) => {
      results.push(absorbWriteHeadArguments(res, 418, ['Teapot', { 'X-T': 't' }]));
      results.push(res.statusCode, res.getHeader('x-t'));
      results.push(absorbWriteHeadArguments(res, 202, [{ 'X-U': 'u' }]));
      results.push(res.statusCode, res.getHeader('x-u'));
      results.push(absorbWriteHeadArguments(res, 203, []));
      results.push(res.statusCode);
      res.end();
    });
    assert.deepEqual(results, ['Teapot', 418, 't', undefined, 202, 'u', undefined, 203]);
  });
});
