/**
 * Query-string and form texts whose splitting and decoding every flat parser must get right (empty
 * parts and keys, `=` inside values, `+`, short and malformed escapes, UTF-8 sequences cut short):
 * shared by the tests of src/http/flat-query.ts (against node:querystring) and src/http/flat-qs.ts
 * (against qs).
 */
export const FLAT_QUERY_EDGE_CASES: readonly string[] = [
  '',
  'a',
  'a=',
  '=',
  '=x',
  '&',
  '&&',
  'a&',
  '&a',
  'a&&b',
  'a=1&a=2&a=3',
  'a=1=2',
  'a==',
  '+',
  'a+b=c+d',
  'a+=+',
  'name=Ada+Lovelace&email=ada%40example.com&plan=pro',
  'a=%20b',
  'a=%2',
  'a=%',
  'a=%%41',
  'a=%ZZ%41',
  'a=%E2%9C%93',
  'a=%E2%9C',
  'a=%FF',
  '%61=b',
  '%61%=b',
  'a=\u00e9%41',
  'a=\uD800%41',
  'a=%2B%26%3D',
  '__proto__=x',
  '__proto__=x&__proto__=y',
  'constructor=1&hasOwnProperty=2&toString=3',
  '0=a&1=b&0=c',
];
