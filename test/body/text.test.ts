import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import zlib from 'node:zlib';
import { text } from '../../src/body/index';
import { assertSameAsExpress, requestAll } from '../support/http';
import { answerOf, chain, parserApp, post } from './harness';

const iconv = require('iconv-lite') as { encode(text: string, charset: string): Buffer };

async function parse(type: string, body: string | Buffer, options: Parameters<typeof text>[0] = {}) {
  const [res] = await requestAll(chain(text(options)), [post(type, body)]);
  return answerOf(res);
}

describe('text()', () => {
  test('puts the body, decoded as UTF-8 by default, in a string', async () => {
    assert.deepEqual(await parse('text/plain', 'héllo wörld ✓'), {
      status: 200,
      body: { value: 'héllo wörld ✓' },
      parsed: true,
      error: null,
    });
  });

  test('decodes the charset the Content-Type names and strips a BOM', async () => {
    assert.deepEqual(
      (await parse('text/plain; charset=latin1', Buffer.from([0x63, 0x61, 0x66, 0xe9]))).body,
      {
        value: 'café',
      },
    );
    assert.deepEqual(
      (await parse('text/plain; charset=utf-16be', Buffer.from('wide', 'utf16le').swap16())).body,
      {
        value: 'wide',
      },
    );
    assert.deepEqual(
      (await parse('text/plain; charset=Shift_JIS', iconv.encode('日本語', 'shift_jis'))).body,
      {
        value: '日本語',
      },
    );
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('bom')]);
    assert.deepEqual((await parse('text/plain', withBom)).body, { value: 'bom' });
  });

  test('uses defaultCharset when the Content-Type names none', async () => {
    const latin = await parse('text/plain', Buffer.from([0xe9]), { defaultCharset: 'ISO-8859-1' });
    assert.deepEqual(latin.body, { value: 'é' });
    const named = await parse('text/plain; charset=utf-8', Buffer.from('é'), { defaultCharset: 'latin1' });
    assert.deepEqual(named.body, { value: 'é' });
  });

  test('an unknown charset, named or default, is 415 charset.unsupported', async () => {
    const named = await parse('text/plain; charset=x-martian', 'x');
    assert.equal(named.status, 415);
    assert.equal(named.error.message, 'unsupported charset "X-MARTIAN"');
    assert.equal(named.error.charset, 'x-martian');
    const byDefault = await parse('text/plain', 'x', { defaultCharset: 'Martian' });
    assert.equal(byDefault.error.message, 'unsupported charset "MARTIAN"');
    assert.equal(byDefault.error.charset, 'martian');
  });

  test('parses text/plain by default and what `type` names otherwise', async () => {
    const answers = await requestAll(chain(text({ type: 'text/*' })), [
      post('text/html', '<p>'),
      post('text/csv', 'a,b'),
      post('application/json', '{}'),
    ]);
    assert.deepEqual(
      answers.map((a) => answerOf(a).parsed),
      [true, true, false],
    );
    assert.equal((await parse('text/html', '<p>')).parsed, false);
  });

  test('inflates compressed text', async () => {
    const body = zlib.brotliCompressSync(Buffer.from('compressed words'));
    const [res] = await requestAll(chain(text()), [
      post('text/plain', body, { headers: { 'content-encoding': 'br' } }),
    ]);
    assert.deepEqual(answerOf(res).body, { value: 'compressed words' });
  });

  test('same as express@4', async () => {
    await assertSameAsExpress(
      parserApp((p) => [
        ['/latin', p.text({ defaultCharset: 'iso-8859-1' })],
        ['/bad-default', p.text({ defaultCharset: 'nope' })],
        ['/small', p.text({ limit: '8' })],
        p.text({ type: ['text/*', 'csv'] }),
      ]),
      [
        post('text/plain', 'plain words'),
        post('text/csv', 'a,b\n1,2'),
        post('text/plain; charset=utf-16le', Buffer.from('wide words', 'utf16le')),
        post(
          'text/plain; charset=utf-16',
          Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('be', 'utf16le').swap16()]),
        ),
        post('text/plain; charset=windows-1251', iconv.encode('Привет', 'windows-1251')),
        post('text/plain; charset=koi8-r', iconv.encode('Привет', 'koi8-r')),
        post('text/plain; charset=windows-1252', Buffer.from([0x80, 0x93, 0x94, 0xe9])),
        post('text/plain; charset=gbk', iconv.encode('中文', 'gbk')),
        post('text/plain; charset=ascii', Buffer.from([0x41, 0xe9])),
        post('text/plain; charset=unknown-thing', 'x'),
        post('text/plain', Buffer.from([0xe9, 0x20, 0x41]), { path: '/latin' }),
        post('text/plain', 'x', { path: '/bad-default' }),
        post('text/plain', '0123456789', { path: '/small' }),
        post('text/plain', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('bom')])),
        post('text/plain', Buffer.from([0xff, 0xfe, 0xc3])),
        post('text/plain', ''),
        post('application/json', '{}'),
      ],
    );
  });
});
