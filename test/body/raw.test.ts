import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import zlib from 'node:zlib';
import { raw } from '../../src/body/index';
import { assertSameAsExpress, requestAll } from '../support/http';
import { answerOf, chain, parserApp, post } from './harness';

const BINARY = Buffer.from([0x00, 0xff, 0x10, 0x80, 0x7f, 0xc3, 0x28]);

describe('raw()', () => {
  test('puts the body bytes, untouched, in a Buffer', async () => {
    const [res] = await requestAll(chain(raw()), [post('application/octet-stream', BINARY)]);
    assert.deepEqual(answerOf(res), {
      status: 200,
      body: { buffer: BINARY.toString('hex') },
      parsed: true,
      error: null,
    });
  });

  test('ignores any charset parameter: bytes are never decoded', async () => {
    const [res] = await requestAll(chain(raw()), [post('application/octet-stream; charset=klingon', BINARY)]);
    assert.deepEqual(answerOf(res).body, { buffer: BINARY.toString('hex') });
  });

  test('parses application/octet-stream by default and what `type` names otherwise', async () => {
    const answers = await requestAll(chain(raw()), [
      post('image/png', BINARY),
      post('application/octet-stream', BINARY),
    ]);
    assert.deepEqual(
      answers.map((a) => answerOf(a).parsed),
      [false, true],
    );
    const images = await requestAll(chain(raw({ type: 'image/*' })), [
      post('image/png', BINARY),
      post('text/plain', 'x'),
    ]);
    assert.deepEqual(
      images.map((a) => answerOf(a).parsed),
      [true, false],
    );
    const byExtension = await requestAll(chain(raw({ type: 'bin' })), [
      post('application/octet-stream', BINARY),
    ]);
    assert.equal(answerOf(byExtension[0]).parsed, true);
  });

  test('inflates compressed bodies and applies the limit to the inflated size', async () => {
    const big = Buffer.alloc(4096, 7);
    const answers = await requestAll(chain(raw({ limit: '2kb' })), [
      post('application/octet-stream', zlib.gzipSync(BINARY), { headers: { 'content-encoding': 'gzip' } }),
      post('application/octet-stream', zlib.gzipSync(big), { headers: { 'content-encoding': 'gzip' } }),
    ]);
    assert.deepEqual(answerOf(answers[0]).body, { buffer: BINARY.toString('hex') });
    assert.equal(answers[1].status, 413);
  });

  test('same as express@4', async () => {
    await assertSameAsExpress(
      parserApp((p) => [
        ['/any', p.raw({ type: '*/*', limit: 16 })],
        ['/strict', p.raw({ inflate: false })],
        p.raw({ type: ['application/octet-stream', 'image/*'] }),
      ]),
      [
        post('application/octet-stream', BINARY),
        post('image/gif', BINARY),
        post('text/plain', 'not raw'),
        post('application/octet-stream', ''),
        post('application/octet-stream', zlib.deflateSync(BINARY), {
          headers: { 'content-encoding': 'deflate' },
        }),
        post('text/plain', 'short', { path: '/any' }),
        post('text/plain', 'this one is far too long', { path: '/any' }),
        post('application/octet-stream', zlib.gzipSync(BINARY), {
          path: '/strict',
          headers: { 'content-encoding': 'gzip' },
        }),
        post('application/octet-stream', BINARY, { chunked: true }),
        { method: 'GET' },
      ],
    );
  });
});
