/**
 * res.location: the Location header.
 * @module
 */
import { encodeUrl } from '../http/encode-url';
import type { Res } from '../types/internal';
import { deprecate } from '../utils/deprecate';

/**
 * Sets Location to `url`, percent-encoding what is not allowed in a URL but keeping existing `%XX`
 * escapes (so CR and LF can never reach the header). `back` means the request's Referrer (or `/`),
 * deprecated as in Express 4.22. The URL is not validated. Chainable.
 * @example
 * res.location('/search?q=a b'); // Location: /search?q=a%20b
 */
export function location<T extends Res>(this: T, url: string): T {
  let target: string;
  if (url === 'back') {
    deprecate(
      'WEBAPP_RES_LOCATION_BACK',
      'res.location("back"): use res.location(req.get("Referrer") || "/") and refer to https://dub.sh/security-redirect for best practices',
    );
    const headers = this.req.headers;
    target = String(headers.referrer || headers.referer || '/');
  } else {
    target = String(url);
  }
  return this.set('Location', encodeUrl(target));
}
