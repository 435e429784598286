// biome-ignore-all lint/suspicious/noExplicitAny: public declarations mirror @types/express, whose generic defaults and loose handler types are `any`; changing them would break assignability with code typed against Express.
/**
 * The public type of the response (`Response`) and the options of its methods.
 * Part of `webappjs/core` (./core.ts re-exports every name), mirroring `express-serve-static-core`.
 * @example
 * import type { Response, CookieOptions } from 'webappjs/core';
 * @module
 */

import type * as http from 'node:http';
import type { Application } from './application';
import type { Errback, Locals, NextFunction } from './handlers';
import type { SendOptions } from './middleware-options';
import type { Request } from './request';

/**
 * `res.send` / `res.json` / `res.jsonp`: one optional body, returning the response.
 * @example
 * const send: Send<{ ok: boolean }> = res.json;
 */
export type Send<ResBody = any, T = Response<ResBody>> = (body?: ResBody) => T;

/**
 * Options of `res.cookie` and `res.clearCookie`.
 * @example
 * const session: CookieOptions = { httpOnly: true, secure: true, sameSite: 'lax', maxAge: 86_400_000 };
 */
export interface CookieOptions {
  /** Lifetime in milliseconds; sets both `Expires` and `Max-Age`. @example res.cookie('a', 'b', { maxAge: 900000 }) */
  maxAge?: number | undefined;
  /** Sign the value with the secret given to cookieParser. @example res.cookie('a', 'b', { signed: true }) */
  signed?: boolean | undefined;
  /** Expiry date; absent makes a session cookie. @example res.cookie('a', 'b', { expires: new Date(Date.now() + 8.64e7) }) */
  expires?: Date | undefined;
  /** Hide the cookie from client-side scripts. @example res.cookie('sid', id, { httpOnly: true }) */
  httpOnly?: boolean | undefined;
  /** Cookie path, default `'/'`. @example res.cookie('a', 'b', { path: '/admin' }) */
  path?: string | undefined;
  /** Cookie domain. @example res.cookie('a', 'b', { domain: '.example.com' }) */
  domain?: string | undefined;
  /** Send over HTTPS only. @example res.cookie('a', 'b', { secure: true }) */
  secure?: boolean | undefined;
  /** Synchronous value encoder, default `encodeURIComponent`. @example res.cookie('a', 'b c', { encode: String }) */
  encode?: ((val: string) => string) | undefined;
  /** The `SameSite` attribute; true means Strict. @example res.cookie('a', 'b', { sameSite: 'lax' }) */
  sameSite?: boolean | 'lax' | 'strict' | 'none' | 'Lax' | 'Strict' | 'None' | undefined;
  /** The `Priority` attribute. @example res.cookie('a', 'b', { priority: 'high' }) */
  priority?: 'low' | 'medium' | 'high' | 'Low' | 'Medium' | 'High' | undefined;
  /** Partitioned storage (CHIPS). @example res.cookie('a', 'b', { secure: true, partitioned: true }) */
  partitioned?: boolean | undefined;
}

/**
 * Options of `res.sendFile`.
 * @example
 * res.sendFile('index.html', { root: 'public', maxAge: '1h', headers: { 'X-Frame-Options': 'DENY' } } satisfies SendFileOptions);
 */
export interface SendFileOptions extends SendOptions {
  /** Headers set on the response. @example res.sendFile(file, { headers: { 'X-Sent': 'true' } }) */
  headers?: Record<string, unknown> | undefined;
}

/**
 * Options of `res.download`.
 * @example
 * res.download('q3.pdf', 'report.pdf', { root: '/reports', dotfiles: 'deny' } satisfies DownloadOptions);
 */
export interface DownloadOptions extends SendOptions {
  /** Headers set on the response (Content-Disposition is always set by download). @example res.download(file, 'a.pdf', { headers: { 'X-Id': '1' } }) */
  headers?: Record<string, unknown> | undefined;
}

/**
 * The callbacks of `res.format`, by media type or extension, with an optional `default`.
 * @example
 * res.format({ html: () => res.send('<p>hi</p>'), json: () => res.json({ hi: true }), default: () => res.sendStatus(406) });
 */
export interface FormatCallbacks {
  [type: string]: ((req: Request, res: Response, next: NextFunction) => unknown) | undefined;
}

/**
 * The methods Express 4 adds to node's `http.ServerResponse` (`res.status`, `res.send`, …), each
 * signature written once: {@link Response} extends it, and so does the implementation's own type,
 * whose `this` is the response a method is called on.
 * `ResBody` types what `send`/`json` accept, `StatusCode` what `status`/`sendStatus` accept.
 * @example
 * const ok = (res: ResponseMethods) => res.status(200).send('ok');
 */
export interface ResponseMethods<ResBody = any, StatusCode extends number = number> {
  /**
   * Sets the status code.
   * @example
   * res.status(404).send('Not found');
   */
  status(code: StatusCode): this;
  /**
   * Sets the status code and sends its status text as the body.
   * @example
   * res.sendStatus(204);
   */
  sendStatus(code: StatusCode): this;
  /**
   * Sets the Link header from `{ rel: url }`.
   * @example
   * res.links({ next: '/users?page=3', last: '/users?page=9' });
   */
  links(links: any): this;
  /**
   * Sends a body: strings as HTML (unless a type is set), Buffers as binary, objects as JSON.
   * @example
   * res.send('<p>hello</p>');
   */
  send: Send<ResBody, this>;
  /**
   * Sends a value as JSON (honouring `json replacer`, `json spaces`, `json escape`).
   * @example
   * res.json({ ok: true });
   */
  json: Send<ResBody, this>;
  /**
   * Sends JSON, wrapped in a JSONP callback when the query names one.
   * @example
   * res.jsonp({ ok: true }); // ?callback=cb → cb({"ok":true})
   */
  jsonp: Send<ResBody, this>;

  /**
   * Streams a file (absolute path, or relative with `root`), with caching headers and Range support.
   * @example
   * res.sendFile('/srv/files/a.pdf', (err) => { if (err) next(err); });
   */
  sendFile(path: string, fn?: Errback): void;
  /**
   * Streams a file with options.
   * @example
   * res.sendFile('a.pdf', { root: '/srv/files', maxAge: '1d' });
   */
  sendFile(path: string, options: SendFileOptions, fn?: Errback): void;

  /**
   * The Express 3 spelling of `res.sendFile`.
   * @deprecated Use `res.sendFile`.
   * @example
   * res.sendfile('public/index.html');
   */
  sendfile(path: string): void;
  /**
   * The Express 3 spelling of `res.sendFile`, with options.
   * @deprecated Use `res.sendFile`.
   * @example
   * res.sendfile('index.html', { root: 'public' });
   */
  sendfile(path: string, options: SendFileOptions): void;
  /**
   * The Express 3 spelling of `res.sendFile`, with a callback.
   * @deprecated Use `res.sendFile`.
   * @example
   * res.sendfile('public/index.html', (err) => {});
   */
  sendfile(path: string, fn: Errback): void;
  /**
   * The Express 3 spelling of `res.sendFile`, with options and a callback.
   * @deprecated Use `res.sendFile`.
   * @example
   * res.sendfile('index.html', { root: 'public' }, (err) => {});
   */
  sendfile(path: string, options: SendFileOptions, fn: Errback): void;

  /**
   * Sends a file as an attachment (Content-Disposition), named after the file.
   * @example
   * res.download('/reports/q3.pdf');
   */
  download(path: string, fn?: Errback): void;
  /**
   * Sends a file as an attachment with options, named after the file.
   * @example
   * res.download('q3.pdf', { root: '/reports' });
   */
  download(path: string, options: DownloadOptions, fn?: Errback): void;
  /**
   * Sends a file as an attachment under the given name.
   * @example
   * res.download('/reports/q3.pdf', 'report.pdf');
   */
  download(path: string, filename: string, fn?: Errback): void;
  /**
   * Sends a file as an attachment under the given name, with options.
   * @example
   * res.download('q3.pdf', 'report.pdf', { root: '/reports' }, (err) => {});
   */
  download(path: string, filename: string, options: DownloadOptions, fn?: Errback): void;

  /**
   * Sets Content-Type from a MIME type or an extension.
   * @example
   * res.contentType('json');
   */
  contentType(type: string): this;
  /**
   * Sets Content-Type from a MIME type or an extension.
   * @example
   * res.type('html');
   */
  type(type: string): this;
  /**
   * Responds according to the Accept header, calling the matching callback (406 when none matches).
   * @example
   * res.format({ html: () => res.send('<b>hi</b>'), json: () => res.json({ hi: 1 }) });
   */
  format(obj: FormatCallbacks | any): this;
  /**
   * Sets Content-Disposition to attachment (with the file name, and Content-Type from its extension).
   * @example
   * res.attachment('report.pdf');
   */
  attachment(filename?: string): this;

  /**
   * Sets several headers from an object.
   * @example
   * res.set({ 'Cache-Control': 'no-store', 'X-Id': '1' });
   */
  set(field: any): this;
  /**
   * Sets a header (a list sets it several times).
   * @example
   * res.set('Content-Type', 'text/plain');
   */
  set(field: string, value?: string | string[]): this;
  /**
   * Alias of `res.set` with an object.
   * @example
   * res.header({ 'X-Id': '1' });
   */
  header(field: any): this;
  /**
   * Alias of `res.set`.
   * @example
   * res.header('X-Id', '1');
   */
  header(field: string, value?: string | string[]): this;
  /**
   * A response header's value.
   * @example
   * res.get('Content-Type')
   */
  get(field: string): string | undefined;

  /**
   * Clears a cookie (an expired Set-Cookie with the same path and domain).
   * @example
   * res.clearCookie('sid', { path: '/' });
   */
  clearCookie(name: string, options?: CookieOptions): this;
  /**
   * Sets a cookie.
   * @example
   * res.cookie('theme', 'dark', { maxAge: 31536000000, httpOnly: true });
   */
  cookie(name: string, val: string, options: CookieOptions): this;
  /**
   * Sets a cookie; objects are stored as `j:` JSON.
   * @example
   * res.cookie('cart', { items: [1, 2] }, { signed: true });
   */
  cookie(name: string, val: any, options: CookieOptions): this;
  /**
   * Sets a cookie with default options.
   * @example
   * res.cookie('seen', '1');
   */
  cookie(name: string, val: any): this;

  /**
   * Sets the Location header (`'back'` means the Referrer).
   * @example
   * res.location('/login');
   */
  location(url: string): this;
  /**
   * Redirects with 302.
   * @example
   * res.redirect('/login');
   */
  redirect(url: string): void;
  /**
   * Redirects with the given status.
   * @example
   * res.redirect(301, 'https://example.com/');
   */
  redirect(status: number, url: string): void;
  /**
   * Redirects with the given status (old argument order).
   * @deprecated Use `res.redirect(status, url)`.
   * @example
   * res.redirect('/moved', 301);
   */
  redirect(url: string, status: number): void;

  /**
   * Renders a view with `app.locals`, `res.locals` and `options`, and sends it (or passes it to the callback).
   * @example
   * res.render('profile', { user });
   */
  render(view: string, options?: object, callback?: (err: Error, html: string) => void): void;
  /**
   * Renders a view and passes the HTML to the callback instead of sending it.
   * @example
   * res.render('email', (err, html) => mailer.send(html));
   */
  render(view: string, callback?: (err: Error, html: string) => void): void;
  /**
   * Adds a field to the Vary header.
   * @example
   * res.vary('Accept-Encoding');
   */
  vary(field: string): this;
  /**
   * Appends a value to a header.
   * @example
   * res.append('Set-Cookie', 'a=1; Path=/');
   */
  append(field: string, value?: string[] | string): this;
}

/**
 * The outgoing response: node's `http.ServerResponse` plus Express's members.
 * `ResBody` types what `send`/`json` accept, `LocalsObj` types `res.locals`.
 * @example
 * app.get('/me', (req, res: Response<{ id: string }>) => res.json({ id: 'me' }));
 */
export interface Response<
  ResBody = any,
  LocalsObj extends Record<string, any> = Record<string, any>,
  StatusCode extends number = number,
> extends http.ServerResponse,
    Express.Response,
    ResponseMethods<ResBody, StatusCode> {
  /**
   * Whether the headers have been sent.
   * @example
   * if (res.headersSent) return next(err);
   */
  headersSent: boolean;
  /**
   * Values available to views rendered for this response.
   * @example
   * res.locals.user = req.user;
   */
  locals: LocalsObj & Locals;
  /**
   * The charset used when a Content-Type is set.
   * @example
   * res.charset = 'utf-8';
   */
  charset: string;
  /**
   * The application handling the request.
   * @example
   * res.app.get('view engine')
   */
  app: Application;
  /**
   * The request this response answers.
   * @example
   * res.req.originalUrl
   */
  req: Request;
}
