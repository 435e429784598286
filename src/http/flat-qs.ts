/**
 * The `extended` query parser's answer (qs, with Express 4's options: src/http/query.ts) for a query
 * string without brackets, computed without qs.
 *
 * Why: most query strings are flat (`?q=shoes&page=2`), and qs builds every key through its general
 * machinery (a temporary object, a key parse, a nested-object merge and a compaction pass): ~20k
 * instructions for three parameters, the cost of a whole small response. Without `[`, `]` or their
 * escapes no key can nest, and qs's answer reduces to: split on `&` (the first `parameterLimit`
 * parts), split each part at its first `=`, decode both sides (`+` as a space, then
 * decodeURIComponent, the text as it was if that fails), drop empty keys and `__proto__`, and gather
 * repeated keys into arrays in order. Anything else is left to qs (undefined).
 * @module
 */

/** Whether qs could nest a key of `str`: a bracket, raw or percent-encoded (%5B, %5D in any case). */
function mayNest(str: string): boolean {
  if (str.includes('[') || str.includes(']')) return true;
  let at = str.indexOf('%5');
  while (at !== -1) {
    const c = str.charCodeAt(at + 2) | 0x20;
    if (c === 0x62 || c === 0x64) return true; // b, d
    at = str.indexOf('%5', at + 2);
  }
  return false;
}

/** qs's decoder for UTF-8: `+` is a space; a malformed escape leaves the text (pluses replaced) as it is. */
function decode(text: string): string {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * qs's answer for `str` with `parameterLimit` parts at most and an array limit no lower than it (so a
 * repeated key always gives an array), or undefined when `str` holds a bracket and qs must parse it.
 * @example
 * parseFlatQs('q=shoes&size=9&size=10', 1000) // { q: 'shoes', size: ['9', '10'] }
 */
export function parseFlatQs(str: string, parameterLimit: number): Record<string, unknown> | undefined {
  if (mayNest(str)) return undefined;
  const result: Record<string, unknown> = {};
  let start = 0;
  for (let part = 0; part < parameterLimit && start <= str.length; part++) {
    let end = str.indexOf('&', start);
    if (end === -1) end = str.length;
    const eq = str.indexOf('=', start);
    const hasValue = eq !== -1 && eq < end;
    const key = decode(str.slice(start, hasValue ? eq : end));
    start = end + 1;
    if (key === '' || key === '__proto__') continue;
    const value = hasValue ? decode(str.slice(eq + 1, end)) : '';
    if (!Object.hasOwn(result, key)) {
      result[key] = value;
    } else {
      const previous = result[key];
      if (Array.isArray(previous)) previous.push(value);
      else result[key] = [previous, value];
    }
  }
  return result;
}
