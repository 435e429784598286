import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { urlencoded } from '../../src/body/index';
import { resetDeprecations } from '../../src/utils/deprecate';
import { assertSameAsExpress, requestAll } from '../support/http';
import { withoutLocation } from '../support/response-harness';
import { answerOf, chain, parserApp, post } from './harness';

const FORM = 'application/x-www-form-urlencoded';

async function parse(
  body: string,
  options: Parameters<typeof urlencoded>[0] = { extended: true },
  type = FORM,
) {
  const [res] = await requestAll(chain(urlencoded(options)), [post(type, body)]);
  return answerOf(res);
}

describe('urlencoded()', () => {
  test('extended parsing builds nested objects and arrays', async () => {
    const answer = await parse('user[name]=tobi&user[tags][]=a&user[tags][]=b&plain=x+y%21');
    assert.deepEqual(answer.body, {
      proto: 'object',
      value: { user: { name: 'tobi', tags: ['a', 'b'] }, plain: 'x y!' },
    });
  });

  test('simple parsing gives flat strings and arrays in a null-prototype object', async () => {
    const answer = await parse('a[b]=1&c=2&c=3&d=%E2%9C%93', { extended: false });
    assert.deepEqual(answer.body, { proto: 'null', value: { 'a[b]': '1', c: ['2', '3'], d: '✓' } });
  });

  test('an empty body is {}', async () => {
    assert.deepEqual((await parse('')).body, { proto: 'object', value: {} });
    assert.deepEqual((await parse('', { extended: false })).body, { proto: 'object', value: {} });
  });

  test('more parameters than parameterLimit is 413 parameters.too.many, in both modes', async () => {
    for (const extended of [true, false]) {
      const answer = await parse('a=1&b=2&c=3&d=4', { extended, parameterLimit: 3 });
      assert.equal(answer.status, 413);
      assert.equal(answer.error.message, 'too many parameters');
      assert.equal(answer.error.type, 'parameters.too.many');
      assert.deepEqual(answer.error.body, { value: 'a=1&b=2&c=3&d=4' });
      assert.equal((await parse('a=1&b=2&c=3', { extended, parameterLimit: 3 })).status, 200);
    }
  });

  test('parameterLimit is exact around short bodies: every body near the limit, both modes', async () => {
    // Bodies of `&` and `a` only, of every length up to limit + 1: the parsers skip counting bodies too
    // short to pass the limit, which must not change a single answer.
    for (const extended of [true, false]) {
      for (let limit = 1; limit <= 4; limit++) {
        for (let length = 1; length <= limit + 1; length++) {
          for (let bits = 0; bits < 1 << length; bits++) {
            let body = '';
            for (let i = 0; i < length; i++) body += bits & (1 << i) ? '&' : 'a';
            const expected = body.split('&').length > limit ? 413 : 200;
            const { status } = await parse(body, { extended, parameterLimit: limit });
            assert.equal(status, expected, `${JSON.stringify(body)} limit ${limit} extended ${extended}`);
          }
        }
      }
    }
  });

  test('an extended body of 100 or more characters is counted for the array limit', async () => {
    // Indices 0-101: qs keeps them an array only when arrayLimit (max(100, count)) reaches 101.
    const body = Array.from({ length: 102 }, (_, i) => `a[${i}]=${i}`).join('&');
    const answer = await parse(body);
    assert.equal(answer.status, 200);
    assert.equal(Array.isArray((answer.body.value as { a: unknown }).a), true);
  });

  test('extended flat forms (no brackets, parsed without qs) give qs’s answer with the parser’s options', async () => {
    const qs = require('qs');
    const forms = [
      'name=Ada+Lovelace&email=ada%40example.com&plan=pro&terms=on',
      'tag=a&tag=b&tag=c&x=%E2%9C%93&y=%E2%9C&z',
      '__proto__=x&hasOwnProperty=1&toString=2&=3&&4',
      // 150 repeats: longer than 100 characters, so the array limit comes from the count.
      Array.from({ length: 150 }, (_, i) => `k=${i}`).join('&'),
    ];
    for (const body of forms) {
      const count = body.split('&').length;
      const expected = qs.parse(body, {
        allowPrototypes: true,
        arrayLimit: Math.max(100, body.length < 100 ? 0 : count),
        depth: 32,
        strictDepth: true,
        parameterLimit: 1000,
      });
      const answer = await parse(body);
      assert.equal(answer.status, 200, body);
      assert.deepEqual(answer.body, { proto: 'object', value: JSON.parse(JSON.stringify(expected)) }, body);
    }
  });

  test('the default parameterLimit is 1000', async () => {
    const params = (n: number) => Array.from({ length: n }, (_, i) => `k${i}=${i}`).join('&');
    assert.equal((await parse(params(1000))).status, 200);
    assert.equal((await parse(params(1001))).status, 413);
  });

  test('nesting deeper than depth (32 by default) is 400 querystring.parse.rangeError', async () => {
    const nested = (levels: number) => `a${'[b]'.repeat(levels)}=1`;
    assert.equal((await parse(nested(32))).status, 200);
    const deep = await parse(nested(33));
    assert.equal(deep.status, 400);
    assert.equal(deep.error.message, 'The input exceeded the depth');
    assert.equal(deep.error.type, 'querystring.parse.rangeError');
    assert.equal((await parse(nested(3), { extended: true, depth: 2 })).status, 400);
  });

  test('arrays are bounded: big indexes give objects, not sparse arrays', async () => {
    const answer = await parse('a[1000000]=x');
    assert.deepEqual(answer.body.value, { a: { 1000000: 'x' } });
    const small = await parse('a[1]=x&a[0]=y');
    assert.deepEqual(small.body.value, { a: ['y', 'x'] });
  });

  test('never lets __proto__, constructor or prototype keys reach Object.prototype', async () => {
    const payload =
      '__proto__[polluted]=1&constructor[prototype][polluted]=2&a[__proto__][polluted]=3&__proto__=4';
    for (const extended of [true, false]) {
      const answer = await parse(payload, { extended });
      assert.equal(answer.status, 200);
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
      assert.equal(Object.hasOwn(Object.prototype, 'polluted'), false);
    }
    const extended = await parse(payload);
    assert.equal(extended.body.proto, 'object');
    assert.equal(Object.hasOwn(extended.body.value, '__proto__'), false);
  });

  test('accepts only UTF-8: any other charset is 415 before reading', async () => {
    const answer = await parse('a=1', { extended: true }, `${FORM}; charset=iso-8859-1`);
    assert.equal(answer.status, 415);
    assert.equal(answer.error.message, 'unsupported charset "ISO-8859-1"');
    assert.equal(answer.error.charset, 'iso-8859-1');
    assert.equal(answer.parsed, false);
    assert.equal((await parse('a=1', { extended: true }, `${FORM}; charset=UTF-8`)).status, 200);
  });

  test('refuses invalid parameterLimit and depth when created', () => {
    for (const parameterLimit of [0, -1, Number.NaN, 'lots']) {
      assert.throws(() => urlencoded({ extended: true, parameterLimit: parameterLimit as number }), {
        name: 'TypeError',
        message: 'option parameterLimit must be a positive number',
      });
      assert.throws(() => urlencoded({ extended: false, parameterLimit: parameterLimit as number }), {
        message: 'option parameterLimit must be a positive number',
      });
    }
    assert.throws(() => urlencoded({ extended: true, depth: -1 }), {
      name: 'TypeError',
      message: 'option depth must be a zero or a positive number',
    });
    assert.doesNotThrow(() => urlencoded({ extended: true, parameterLimit: Number.POSITIVE_INFINITY }));
  });

  test('warns once per call site when `extended` is not given, and then parses extended', async () => {
    resetDeprecations();
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      // One call site, reached twice: one warning (Express warns per call site too).
      const [parser] = [undefined, {}].map((options) => urlencoded(options));
      urlencoded({ extended: false });
      await new Promise((resolve) => setImmediate(resolve));
      const ours = warnings.filter((w) => (w as { code?: string }).code === 'WEBAPP_URLENCODED_EXTENDED');
      assert.equal(ours.length, 1);
      assert.match(ours[0].message, / at \S*urlencoded\.test\.js:\d+:\d+$/);
      assert.equal(ours[0].name, 'DeprecationWarning');
      assert.equal(withoutLocation(ours[0].message), 'undefined extended: provide extended option');
      const [res] = await requestAll(chain(parser), [post(FORM, 'a[b]=1')]);
      assert.deepEqual(answerOf(res).body.value, { a: { b: '1' } });
    } finally {
      process.off('warning', onWarning);
    }
  });

  test('same as express@4', async () => {
    const many = Array.from({ length: 150 }, (_, i) => `a[]=${i}`).join('&');
    await assertSameAsExpress(
      parserApp((p) => [
        ['/simple', p.urlencoded({ extended: false })],
        ['/limited', p.urlencoded({ extended: true, parameterLimit: 2 })],
        ['/shallow', p.urlencoded({ extended: true, depth: 1 })],
        p.urlencoded({ extended: true, type: ['urlencoded', 'text/x-form'] }),
      ]),
      [
        post(FORM, 'a=1&b=2'),
        post(FORM, 'a[b][c]=1&a[d][]=2&a[d][]=3'),
        post(FORM, 'a=1&a=2&a[]=3'),
        post(FORM, 'a[2]=x&a[0]=y'),
        post(FORM, 'a[200]=x'),
        post(FORM, many),
        post(FORM, 'q=%E2%9C%93+ok&bad=%E0%A4%A&empty=&=novalue&flag'),
        post(FORM, '__proto__[x]=1&constructor[prototype][y]=2&hasOwnProperty=3'),
        post(FORM, `a${'[b]'.repeat(40)}=1`),
        post('text/x-form', 'x=1'),
        post(`${FORM}; charset=utf-8`, 'x=1'),
        post(`${FORM}; charset=utf8`, 'x=1'),
        post(`${FORM}; charset=latin1`, 'x=1'),
        post(FORM, ''),
        post(FORM, 'a=1&b=2&c=3', { path: '/limited' }),
        post(FORM, 'a=1&b=2', { path: '/limited' }),
        post(FORM, 'a[b][c]=1', { path: '/shallow' }),
        post(FORM, 'a[b]=1&c=2&c=3&__proto__=x', { path: '/simple' }),
        post(FORM, 'x'.repeat(200 * 1024)),
      ],
    );
  });
});
