/**
 * res.links: the Link header (RFC 8288) from a map of relation names to URLs.
 * @module
 */
import type { Res } from '../types/internal';

/**
 * Appends `<url>; rel="name"` entries to the Link header. Values are written as given (as in
 * Express 4); CR/LF in them is refused by setHeader. Chainable.
 * @example
 * res.links({ next: '/users?page=2', last: '/users?page=5' });
 * // Link: </users?page=2>; rel="next", </users?page=5>; rel="last"
 */
export function links<T extends Res>(this: T, links: Record<string, string>): T {
  let value = String(this.get('Link') || '');
  if (value) value += ', ';
  let first = true;
  for (const rel of Object.keys(links)) {
    value += `${first ? '' : ', '}<${links[rel]}>; rel="${rel}"`;
    first = false;
  }
  return this.set('Link', value);
}
