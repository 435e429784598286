import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { json, text } from '../../src/body/index';
import { assertSameAsExpress, requestAll } from '../support/http';
import { answerOf, chain, type Middleware, parserApp, post } from './harness';

const JSON_TYPE = 'application/json';

async function parse(body: string | Buffer, options: Parameters<typeof json>[0] = {}, type = JSON_TYPE) {
  const [res] = await requestAll(chain(json(options)), [post(type, body)]);
  return answerOf(res);
}

describe('json()', () => {
  test('parses objects and arrays into req.body', async () => {
    assert.deepEqual((await parse('{"user":{"name":"tobi","tags":["a","b"]},"n":1.5}')).body, {
      proto: 'object',
      value: { user: { name: 'tobi', tags: ['a', 'b'] }, n: 1.5 },
    });
    assert.deepEqual((await parse(' \n\t[1,null,true]')).body, { proto: 'array', value: [1, null, true] });
  });

  test('treats an empty body as {}', async () => {
    const answer = await parse('');
    assert.deepEqual(answer.body, { proto: 'object', value: {} });
    assert.equal(answer.parsed, true);
  });

  test('refuses malformed JSON with 400 entity.parse.failed carrying the body', async () => {
    const answer = await parse('{"a":1,}');
    assert.equal(answer.status, 400);
    assert.deepEqual(answer.body, { proto: 'object', value: {} });
    assert.equal(answer.error.name, 'SyntaxError');
    assert.equal(answer.error.type, 'entity.parse.failed');
    assert.equal(answer.error.expose, true);
    assert.deepEqual(answer.error.body, { value: '{"a":1,}' });
    let native = '';
    try {
      JSON.parse('{"a":1,}');
    } catch (err) {
      native = (err as Error).message;
    }
    assert.equal(answer.error.message, native);
  });

  test('strict (default) refuses bodies that do not start with { or [, worded like JSON.parse', async () => {
    const primitive = await parse('"hello"');
    assert.equal(primitive.status, 400);
    assert.equal(primitive.error.type, 'entity.parse.failed');
    assert.equal(primitive.error.message, `Unexpected token '"', ""hello"" is not valid JSON`);
    assert.deepEqual(primitive.error.body, { value: '"hello"' });
    assert.equal((await parse('  true')).error.message, `Unexpected token 't', "  true" is not valid JSON`);
    assert.equal((await parse(' \n ')).error.message, 'Unexpected end of JSON input');
  });

  test('strict: false accepts any JSON value', async () => {
    assert.deepEqual((await parse('"hello"', { strict: false })).body, { value: 'hello' });
    assert.deepEqual((await parse('42', { strict: false })).body, { value: 42 });
    assert.deepEqual((await parse('null', { strict: false })).body, { value: null });
    assert.equal((await parse('nope', { strict: false })).status, 400);
  });

  test('passes reviver to JSON.parse', async () => {
    const reviver = (key: string, value: unknown) => (key === 'when' ? `date:${value}` : value);
    assert.deepEqual((await parse('{"when":"2020","n":1}', { reviver })).body, {
      proto: 'object',
      value: { when: 'date:2020', n: 1 },
    });
  });

  test('an error thrown by the reviver becomes a 400 without its own extra fields', async () => {
    const reviver = () => {
      throw Object.assign(new Error('reviver says no'), { status: 422, type: 'custom' });
    };
    const answer = await parse('{"a":1}', { reviver });
    assert.equal(answer.status, 400);
    assert.equal(answer.error.message, 'reviver says no');
    assert.equal(answer.error.type, 'entity.parse.failed');
  });

  test('never lets __proto__, constructor or prototype keys reach Object.prototype', async () => {
    const answer = await parse(
      '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}},"a":{"__proto__":{"polluted":3}}}',
    );
    assert.equal(answer.status, 200);
    assert.deepEqual(Object.getOwnPropertyDescriptor(answer.body.value, '__proto__')?.value, { polluted: 1 });
    assert.equal(answer.body.proto, 'object');
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(Object.hasOwn(Object.prototype, 'polluted'), false);
  });

  test('parses application/json only by default, and what `type` names otherwise', async () => {
    const answers = await requestAll(chain(json()), [
      post('application/vnd.api+json', '{"a":1}'),
      post('text/plain', '{"a":1}'),
      post('APPLICATION/JSON; charset=UTF-8', '{"a":1}'),
      post('application/json;', '{"a":1}'),
    ]);
    assert.deepEqual(
      answers.map((a) => answerOf(a).parsed),
      [false, false, true, false],
    );
    const custom = await requestAll(chain(json({ type: ['json', '+json'] })), [
      post('application/vnd.api+json', '{"a":1}'),
      post('application/json', '{"b":2}'),
    ]);
    assert.deepEqual(
      custom.map((a) => answerOf(a).body.value),
      [{ a: 1 }, { b: 2 }],
    );
    const byFunction = await requestAll(chain(json({ type: (req) => req.headers['x-json'] === '1' })), [
      post('text/plain', '{"c":3}', { headers: { 'x-json': '1' } }),
      post(JSON_TYPE, '{"c":3}'),
    ]);
    assert.deepEqual(
      byFunction.map((a) => answerOf(a).parsed),
      [true, false],
    );
  });

  test('decodes UTF-8 and UTF-16 bodies, with or without BOM', async () => {
    const doc = '{"name":"Zoë 😀"}';
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(doc, 'utf16le')]);
    const utf16be = Buffer.from(doc, 'utf16le').swap16();
    const bom8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(doc)]);
    for (const [body, charset] of [
      [utf16le, 'utf-16le'],
      [utf16le, 'utf-16'],
      [utf16be, 'utf-16be'],
      [utf16be, 'utf-16'],
      [bom8, 'utf-8'],
      [Buffer.from(doc), 'UTF-8'],
    ] as const) {
      const answer = await parse(body, {}, `${JSON_TYPE}; charset=${charset}`);
      assert.deepEqual(answer.body, { proto: 'object', value: { name: 'Zoë 😀' } }, charset);
    }
  });

  test('refuses non-UTF charsets with 415 before reading, leaving the request to other parsers', async () => {
    const answer = await parse('{}', {}, `${JSON_TYPE}; charset=latin1`);
    assert.equal(answer.status, 415);
    assert.deepEqual(answer.error, {
      name: 'UnsupportedMediaTypeError',
      message: 'unsupported charset "LATIN1"',
      status: 415,
      statusCode: 415,
      expose: true,
      type: 'charset.unsupported',
      charset: 'latin1',
    });
    assert.equal(answer.parsed, false);
    // An unknown UTF name passes the first check and is refused by the reader.
    const unknown = await parse('{}', {}, `${JSON_TYPE}; charset=utf-9`);
    assert.equal(unknown.status, 415);
    assert.equal(unknown.parsed, true);
  });

  test('a following parser can take a request json refused for its charset', async () => {
    let seen: unknown;
    const swallow: Middleware = (req, res, next) =>
      json()(req, res, (err?: unknown) => {
        seen = (err as { type?: string } | undefined)?.type;
        next();
      });
    const [res] = await requestAll(chain(swallow, text({ type: '*/*', defaultCharset: 'latin1' })), [
      post(`${JSON_TYPE}; charset=latin1`, Buffer.from([0x7b, 0xe9, 0x7d])),
    ]);
    assert.equal(seen, 'charset.unsupported');
    assert.deepEqual(answerOf(res).body, { value: '{é}' });
  });

  test('applies the limit', async () => {
    const answer = await parse(`{"a":"${'x'.repeat(200)}"}`, { limit: 100 });
    assert.equal(answer.status, 413);
    assert.equal(answer.error.type, 'entity.too.large');
  });

  test('same as express@4: valid, invalid and strict-violating bodies', async () => {
    const long = `"${'long string '.repeat(20)}"`;
    const bodies = [
      '{"a":1}',
      '[1,2,3]',
      '{"nested":{"deep":[{"x":null}]},"u":"\\u00e9\\ud83d\\ude00"}',
      '',
      '   ',
      '{',
      '{"a":1,}',
      '{"a":01}',
      "{'a':1}",
      '[1,2',
      '{"a":1}}',
      'true',
      ' "str"',
      '\n\t null',
      '42',
      long,
      `  ${long}`,
      `{"a":${'x'.repeat(300)}}`,
      '{"__proto__":{"x":1}}',
      '{"a":1e400}',
    ];
    await assertSameAsExpress(
      parserApp((p) => [p.json()]),
      bodies.map((body) => post(JSON_TYPE, body)),
    );
    await assertSameAsExpress(
      parserApp((p) => [p.json({ strict: false })]),
      bodies.map((body) => post(JSON_TYPE, body)),
    );
  });

  test('same as express@4: types, charsets and options', async () => {
    const reviver = (key: string, value: unknown) => (key === 'secret' ? undefined : value);
    await assertSameAsExpress(
      parserApp((p) => [
        ['/plus', p.json({ type: '+json' })],
        ['/fn', p.json({ type: (req: any) => req.headers['x-parse'] === 'yes' })],
        ['/revive', p.json({ reviver })],
        ['/small', p.json({ limit: 10 })],
        p.json({ type: ['application/json', 'text/*'] }),
      ]),
      [
        post('application/vnd.api+json', '{"a":1}', { path: '/plus' }),
        post(JSON_TYPE, '{"a":1}', { path: '/plus' }),
        post('text/plain', '{"a":1}', { path: '/fn', headers: { 'x-parse': 'yes' } }),
        post(JSON_TYPE, '{"a":1}', { path: '/fn' }),
        post(JSON_TYPE, '{"a":1,"secret":2}', { path: '/revive' }),
        post(JSON_TYPE, '{"a":"0123456789"}', { path: '/small' }),
        post('text/html', '{"t":1}'),
        post('application/json; charset=utf-16', Buffer.from('{"w":1}', 'utf16le')),
        post('application/json; charset=UTF-16BE', Buffer.from('{"w":2}', 'utf16le').swap16()),
        post('application/json; charset=iso-8859-1', '{}'),
        post('application/json; charset=utf-42', '{}'),
        post('application/json; charset="utf-8"', '{"q":1}'),
        post('application/json; charset', '{"q":2}'),
        post('application/xml', '<a/>'),
        { method: 'GET', headers: { 'content-type': JSON_TYPE } },
      ],
    );
  });
});
