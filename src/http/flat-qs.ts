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

/** What a key or value holds that decoding must deal with (a bit each). */
const PLUS = 1;
const PERCENT = 2;

/** qs's decoder for UTF-8: `+` is a space; a malformed escape leaves the text (pluses replaced) as it is. */
function decode(text: string, flags: number): string {
  if (flags === 0) return text;
  const spaced = flags & PLUS ? text.replaceAll('+', ' ') : text;
  if ((flags & PERCENT) === 0) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * qs's answer for `str` with `parameterLimit` parts at most and an array limit no lower than it (so a
 * repeated key always gives an array), or undefined when `str` holds a bracket (raw, or escaped as %5B
 * or %5D in any case) and qs must parse it. One pass over the characters: a native search per `&`, `=`,
 * `+` and `%` cost more than the characters it skips.
 * @example
 * parseFlatQs('q=shoes&size=9&size=10', 1000) // { q: 'shoes', size: ['9', '10'] }
 */
export function parseFlatQs(str: string, parameterLimit: number): Record<string, unknown> | undefined {
  const result: Record<string, unknown> = {};
  const length = str.length;
  let start = 0;
  for (let part = 0; start <= length; part++) {
    let eq = -1;
    let keyFlags = 0;
    let valueFlags = 0;
    let i = start;
    for (; i < length; i++) {
      const c = str.charCodeAt(i);
      if (c === 38 /* & */) break;
      if (c === 91 /* [ */ || c === 93 /* ] */) return undefined;
      if (c === 37 /* % */) {
        if (str.charCodeAt(i + 1) === 53 /* 5 */) {
          const d = str.charCodeAt(i + 2) | 0x20;
          if (d === 0x62 /* b */ || d === 0x64 /* d */) return undefined;
        }
        if (eq === -1) keyFlags |= PERCENT;
        else valueFlags |= PERCENT;
      } else if (c === 43 /* + */) {
        if (eq === -1) keyFlags |= PLUS;
        else valueFlags |= PLUS;
      } else if (c === 61 /* = */ && eq === -1) {
        eq = i;
      }
    }
    // Parts past the limit are not parsed, but may still hold a bracket: qs then answers for the text.
    if (part < parameterLimit) {
      const key = decode(str.slice(start, eq === -1 ? i : eq), keyFlags);
      if (key !== '' && key !== '__proto__') {
        const value = eq === -1 ? '' : decode(str.slice(eq + 1, i), valueFlags);
        if (!Object.hasOwn(result, key)) {
          result[key] = value;
        } else {
          const previous = result[key];
          if (Array.isArray(previous)) previous.push(value);
          else result[key] = [previous, value];
        }
      }
    }
    start = i + 1;
  }
  return result;
}
