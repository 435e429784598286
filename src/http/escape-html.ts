/**
 * Escapes the five HTML-significant characters for safe inclusion in HTML text and attribute values.
 * @module
 */

const HTML_SPECIAL = /["'&<>]/;

/**
 * @example
 * escapeHtml('<a href="x">') // '&lt;a href=&quot;x&quot;&gt;'
 */
export function escapeHtml(value: string): string {
  const first = HTML_SPECIAL.exec(value);
  if (!first) return value;
  let out = '';
  let last = 0;
  for (let i = first.index; i < value.length; i++) {
    let entity: string;
    switch (value.charCodeAt(i)) {
      case 34:
        entity = '&quot;';
        break;
      case 38:
        entity = '&amp;';
        break;
      case 39:
        entity = '&#39;';
        break;
      case 60:
        entity = '&lt;';
        break;
      case 62:
        entity = '&gt;';
        break;
      default:
        continue;
    }
    if (last !== i) out += value.slice(last, i);
    out += entity;
    last = i + 1;
  }
  return last === 0 ? out : out + value.slice(last);
}
