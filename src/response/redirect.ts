/**
 * res.redirect: Location plus a short body chosen by the Accept header.
 * @module
 */
import { Buffer } from 'node:buffer';
import { escapeHtml } from '../http/escape-html';
import type { Res } from '../types/internal';
import { deprecate } from '../utils/deprecate';
import { statusPhrase } from './status';

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
  // An unknown status reads "undefined" in the body, as in Express.
  const phrase = statusPhrase(status);
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
  this.set('Content-Length', String(Buffer.byteLength(body)));
  if (this.req.method === 'HEAD') this.end();
  else this.end(body);
}
