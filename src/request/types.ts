/**
 * Types of the members the request prototype adds to `http.IncomingMessage`.
 * @module
 */
import type { IncomingMessage } from 'node:http';
import type { RangeOptions, Ranges } from '../http/range';

export type { ByteRange, RangeOptions, Ranges } from '../http/range';

/** The properties and methods of Express 4's `req`, as defined on the request prototype. */
export interface RequestMembers {
  /** Request header by case-insensitive name; `Referer`/`Referrer` interchangeable. */
  get(name: 'set-cookie'): string[] | undefined;
  get(name: string): string | undefined;
  /** Alias of {@link RequestMembers.get}. */
  header(name: 'set-cookie'): string[] | undefined;
  header(name: string): string | undefined;

  /** Every accepted media type, best first. */
  accepts(): string[];
  /** The best acceptable of the given types (as given), or false. */
  accepts(type: string): string | false;
  accepts(type: string[]): string | false;
  accepts(...type: string[]): string | false;

  /** Every accepted charset. */
  acceptsCharsets(): string[];
  /** The first acceptable of the given charsets, or false. */
  acceptsCharsets(charset: string): string | false;
  acceptsCharsets(charset: string[]): string | false;
  acceptsCharsets(...charset: string[]): string | false;

  /** Every accepted encoding. */
  acceptsEncodings(): string[];
  /** The first acceptable of the given encodings, or false. */
  acceptsEncodings(encoding: string): string | false;
  acceptsEncodings(encoding: string[]): string | false;
  acceptsEncodings(...encoding: string[]): string | false;

  /** Every accepted language. */
  acceptsLanguages(): string[];
  /** The first acceptable of the given languages, or false. */
  acceptsLanguages(lang: string): string | false;
  acceptsLanguages(lang: string[]): string | false;
  acceptsLanguages(...lang: string[]): string | false;

  /** @deprecated Use acceptsCharsets. */
  acceptsCharset(...charset: string[]): string[] | string | false;
  /** @deprecated Use acceptsEncodings. */
  acceptsEncoding(...encoding: string[]): string[] | string | false;
  /** @deprecated Use acceptsLanguages. */
  acceptsLanguage(...lang: string[]): string[] | string | false;

  /** The matching type, false when none matches, null when the request has no body. */
  is(type: string | string[], ...types: string[]): string | false | null;

  /** Parsed Range header; -1 unsatisfiable, -2 malformed, undefined when absent. */
  range(size: number, options?: RangeOptions): Ranges | -1 | -2 | undefined;

  /** @deprecated Use req.params, req.body or req.query. */
  param(name: string, defaultValue?: any): any;

  /** `http` or `https` (X-Forwarded-Proto when the peer is trusted). */
  readonly protocol: string;
  /** `req.protocol === 'https'`. */
  readonly secure: boolean;
  /** Client address per `trust proxy`. */
  readonly ip: string | undefined;
  /** Forwarded addresses, client first, when `trust proxy` is set; else []. */
  readonly ips: string[];
  /** Subdomains, nearest the domain first, per `subdomain offset`. */
  readonly subdomains: string[];
  /** Pathname of `req.url`. */
  readonly path: string;
  /** Host name without port (X-Forwarded-Host when the peer is trusted). */
  readonly hostname: string | undefined;
  /** @deprecated Use hostname. */
  readonly host: string | undefined;
  /** Whether the client's cached copy is still valid. */
  readonly fresh: boolean;
  /** `!req.fresh`. */
  readonly stale: boolean;
  /** Whether X-Requested-With is XMLHttpRequest. */
  readonly xhr: boolean;
  /** Parsed query string; a plain writable property. */
  query: any;
}

/** The request prototype object: `http.IncomingMessage.prototype` plus {@link RequestMembers}. */
export type RequestPrototype = IncomingMessage & RequestMembers;
