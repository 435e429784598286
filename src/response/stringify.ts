/**
 * JSON serialisation for res.json, res.jsonp and res.send, driven by the `json replacer`,
 * `json spaces` and `json escape` settings.
 * @module
 */

const HTML_SNIFF = /[<>&]/g;

function escapeForHtml(ch: string): string {
  return ch === '<' ? '\\u003c' : ch === '>' ? '\\u003e' : '\\u0026';
}

/**
 * JSON.stringify with the app's settings; with `escapeHtml`, `<`, `>` and `&` become `\u003c`, `\u003e`,
 * `\u0026` so the JSON cannot be sniffed as HTML (the `json escape` setting). Returns undefined for undefined (and functions).
 * @example
 * stringify({ a: '<b>' }, undefined, undefined, true) // '{"a":"\\u003cb\\u003e"}'
 */
export function stringify(
  value: unknown,
  replacer: unknown,
  spaces: unknown,
  escapeHtml: unknown,
): string | undefined {
  // The one-argument call is the engine's fast path.
  const json: string | undefined =
    replacer || spaces
      ? JSON.stringify(
          value,
          replacer as (this: unknown, key: string, value: unknown) => unknown,
          spaces as number,
        )
      : JSON.stringify(value);
  if (escapeHtml && typeof json === 'string') return json.replace(HTML_SNIFF, escapeForHtml);
  return json;
}
