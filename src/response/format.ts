/**
 * res.format: content negotiation over a map of types to callbacks.
 * @module
 */
import { httpError } from '../errors/catalogue';
import { mime } from '../http/mime';
import type { Next, Req, Res } from '../types/internal';

export type FormatCallback = (req: Req, res: Res, next: Next) => void;

/** The MIME type a format key stands for: a type as written (parameters dropped) or an extension's type. */
function keyType(key: string): string {
  if (key.indexOf('/') === -1) return mime.lookup(key);
  const semi = key.indexOf(';');
  if (semi === -1) return key;
  let end = semi;
  while (end > 0 && key.charCodeAt(end - 1) === 0x20) end--;
  return key.slice(0, end);
}

/**
 * Calls the callback whose key (MIME type or extension) best matches the Accept header, after
 * setting Content-Type to it; without Accept the first key wins. No match runs `default`, or passes
 * a 406 error listing the offered `types` to next. Always adds Vary: Accept. Chainable.
 * @example
 * res.format({
 *   html: () => res.send('<p>hi</p>'),
 *   'application/json': () => res.json({ message: 'hi' }),
 *   default: () => res.status(406).send('Not Acceptable'),
 * });
 */
export function format<T extends Res>(this: T, callbacks: Record<string, FormatCallback>): T {
  const req = this.req;
  const next = req.next;
  const keys = Object.keys(callbacks).filter((key) => key !== 'default');
  const chosen: string | false = keys.length > 0 ? req.accepts(keys) : false;

  this.vary('Accept');

  if (chosen) {
    this.set('Content-Type', keyType(chosen));
    callbacks[chosen](req, this, next);
  } else if (callbacks.default) {
    callbacks.default(req, this, next);
  } else {
    next(httpError('WEBAPP_RES_FORMAT_NOT_ACCEPTABLE', { types: keys.map(keyType) }));
  }
  return this;
}
