/**
 * res.render: renders a view through `app.render` with `res.locals` in scope and, without a callback,
 * sends the HTML.
 * @module
 */
import type { Res } from '../types/internal';
import { inContext } from '../utils/async-context';

type RenderCallback = (err: Error | null, html?: string) => void;

/**
 * Renders `view` and sends it with `res.send` (200, text/html), or passes a failure to `next(err)`.
 * With a callback, the callback gets `(err, html)` and nothing is sent automatically.
 * @see https://expressjs.com/en/4x/api.html#res.render
 * @example
 * res.render('user', { name: 'Tobi' });
 * res.render('user', { name: 'Tobi' }, (err, html) => { if (err) return next(err); res.send(html); });
 */
export function render(
  this: Res,
  view: string,
  options?: Record<string, unknown> | RenderCallback,
  callback?: RenderCallback,
): void {
  const req = this.req;
  let done = callback;
  let opts: Record<string, unknown> | undefined;
  if (typeof options === 'function') {
    done = options as RenderCallback;
  } else if (options != null && typeof options === 'object') {
    opts = options;
  }

  // Express 4 writes `_locals` onto the caller's object; a copy keeps a shared options object from holding
  // on to (and leaking between requests) one response's locals. for…in, like app.render's merge.
  const renderOptions: Record<string, unknown> = {};
  if (opts) {
    for (const key in opts) {
      if (key !== '__proto__') renderOptions[key] = opts[key];
    }
  }
  renderOptions._locals = this.locals;

  if (!done) {
    done = (err, html) => {
      if (err) {
        req.next(err);
        return;
      }
      // An asynchronous engine calls back outside any handler: a throw here (e.g. the response was
      // already sent by a timeout) would be an uncaught exception, so it goes to next(err) instead.
      try {
        this.send(html);
      } catch (thrown) {
        req.next(thrown);
      }
    };
  }

  // Through the app's (overridable) render method, as Express does: `req.app` is the app handling the request.
  // An engine may call back from anywhere (its own cache, a worker): continue in this async context.
  req.app.render(view, renderOptions, inContext(done));
}
