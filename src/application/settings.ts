/**
 * Application settings: defaults, and the compiled companions (`etag fn`, `query parser fn`,
 * `trust proxy fn`) rebuilt whenever their raw setting changes. The raw value is what `app.get`
 * returns (express-rate-limit compares `app.get('trust proxy')` with true/false).
 * @module
 */
import { resolve } from 'node:path';
import { compileETag } from '../http/etag';
import { compileTrust } from '../http/proxy-addr';
import { compileQueryParser } from '../http/query';
import type { AppInternal, Settings } from '../types/internal';
import { View } from '../view/view';

/**
 * Marks webapp's own `app.get`. res.json and res.send read their settings on every response; when
 * `app.get` is this one they read `app.settings` with literal names (what app.get returns for those
 * names), otherwise they call the replacement.
 */
export const kBuiltinGet = Symbol('webapp.builtinGet');

/** Whether `app.get` is webapp's own (see kBuiltinGet). */
export function hasBuiltinGet(app: { get: unknown }): boolean {
  return (app.get as Record<symbol, unknown>)[kBuiltinGet] === true;
}

/** Marks that `trust proxy` still holds its default, so a mounted sub-app inherits the parent's. */
export const kTrustProxyDefault = Symbol('webapp.trustProxyDefault');

/** Compiles the companion of a raw setting, if it has one. */
export function compileSetting(settings: Settings, name: string, value: unknown): void {
  switch (name) {
    case 'etag':
      settings['etag fn'] = compileETag(value);
      break;
    case 'query parser':
      settings['query parser fn'] = compileQueryParser(value);
      break;
    case 'trust proxy':
      settings['trust proxy fn'] = compileTrust(value);
      Object.defineProperty(settings, kTrustProxyDefault, { configurable: true, value: false });
      break;
  }
}

/** Installs the default settings of a new application. */
export function defaultConfiguration(app: AppInternal): void {
  const env = process.env.NODE_ENV || 'development';
  app.enable('x-powered-by');
  app.set('etag', 'weak');
  app.set('env', env);
  app.set('query parser', 'extended');
  app.set('subdomain offset', 2);
  app.set('trust proxy', false);
  Object.defineProperty(app.settings, kTrustProxyDefault, { configurable: true, value: true });
  app.set('view', View);
  app.set('views', resolve('views'));
  app.set('jsonp callback name', 'callback');
  if (env === 'production') app.enable('view cache');
}

/**
 * Called when `app` is mounted on `parent`: settings without a default of their own, the request and
 * response prototypes and the engines are inherited through the prototype chain.
 */
export function inheritFromParent(app: AppInternal, parent: AppInternal): void {
  // Partial: its own `trust proxy` pair may be removed, the parent's is then read through the prototype.
  const settings = app.settings as Partial<Settings> & { [kTrustProxyDefault]?: boolean };
  if (settings[kTrustProxyDefault] === true && typeof parent.settings['trust proxy fn'] === 'function') {
    delete settings['trust proxy'];
    delete settings['trust proxy fn'];
  }
  Object.setPrototypeOf(app.request, parent.request);
  Object.setPrototypeOf(app.response, parent.response);
  Object.setPrototypeOf(app.engines, parent.engines);
  Object.setPrototypeOf(app.settings, parent.settings);
}
