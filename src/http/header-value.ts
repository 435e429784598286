/**
 * A request header read as text, whatever built the headers object: node's parser gives strings, but
 * serverless adapters, proxies and tests may put a number (`content-length: 12`) or an array there.
 * @module
 */

/**
 * `value` as a header string: a number as its decimal text, an array joined as a list
 * (RFC 9110 §5.3), undefined for anything else.
 * @example
 * headerText(12) // '12'
 * headerText(['a', 'b']) // 'a, b'
 */
export function headerText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.join(', ');
  return undefined;
}
