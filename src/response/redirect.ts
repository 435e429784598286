/**
 * res.redirect: Location plus a short body chosen by the Accept header.
 * @module
 */
import { STATUS_CODES } from 'node:http';
import { escapeHtml } from '../http/escape-html';
import type { Res } from '../types/internal';
import { deprecate } from '../utils/deprecate';

/**
 * Redirects to `url` (any form res.location accepts, including `back`) with `status` (default 302).
 * The body is `<p>Found. Redirecting to URL</p>` (URL HTML-escaped) for HTML clients, plain text for
 * text clients, empty otherwise and for HEAD; Vary: Accept is set.
 * @example
 * res.redirect('/login');
 * res.redirect(301, 'https://example.com/new-home');
 */
export function redirect(this: Res, statusOrUrl: number | string, url?: string | number): void {
  let address = statusOrUrl as string;
  let status: unknown = 302;
  if (arguments.length === 2) {
    if (typeof statusOrUrl === 'number') {
      status = statusOrUrl;
      address = url as string;
    } else {
      deprecate(
        'WEBAPP_RES_REDIRECT_URL_STATUS',
        'res.redirect(url, status): Use res.redirect(status, url) instead',
      );
      status = url;
    }
  }

  const location = this.location(address).get('Location') as string;
  // Express looks the phrase up by the raw status; an unknown one reads "undefined". A number is
  // looked up as one: its string form would be converted back to an index on every redirect.
  const key = typeof status === 'number' ? status : String(status);
  const phrase = Object.hasOwn(STATUS_CODES, key) ? STATUS_CODES[key] : undefined;
  let body = '';
  this.format({
    text() {
      body = `${phrase}. Redirecting to ${location}`;
    },
    html() {
      body = `<p>${phrase}. Redirecting to ${escapeHtml(location)}</p>`;
    },
    default() {
      body = '';
    },
  });

  this.statusCode = status as number;
  this.set('Content-Length', Buffer.byteLength(body));
  if (this.req.method === 'HEAD') this.end();
  else this.end(body);
}
