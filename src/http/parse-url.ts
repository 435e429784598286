/**
 * Pathname and query string of a request URL without allocating a URL object on the common path
 * (an origin-form URL with no fragment or whitespace). Unusual URLs (fragments, whitespace,
 * absolute-form) go through node's legacy parser, which is what Express 4 uses for them.
 * Nothing is cached: each router asks about the URL it sees.
 * @module
 */
import { parse } from 'node:url';

interface UrlHolder {
  url?: string;
}

export interface UrlParts {
  pathname: string | null;
  /** The query string without '?', or null. */
  search: string | null;
}

/**
 * What sends a URL to the full parse: a fragment, or whitespace node's parser trims or splits on.
 * One native scan per URL: a router mounted under a prefix asks again for every level.
 */
const NEEDS_FULL_PARSE = /[#\t\n\f\r \u00a0\ufeff]/;

/** Index of '?' in an origin-form URL that needs no full parse, -1 when there is none, -2 otherwise. */
function simpleQueryIndex(url: string): number {
  if (url.charCodeAt(0) !== 47 || NEEDS_FULL_PARSE.test(url)) return -2;
  return url.indexOf('?', 1);
}

function fullParse(url: string): UrlParts {
  try {
    const parsed = parse(url);
    return { pathname: parsed.pathname, search: parsed.query as string | null };
  } catch {
    return { pathname: null, search: null };
  }
}

/** Splits a URL into pathname and query string. */
export function parseUrlParts(url: string): UrlParts {
  const query = simpleQueryIndex(url);
  if (query === -1) return { pathname: url, search: null };
  if (query >= 0) return { pathname: url.slice(0, query), search: url.slice(query + 1) };
  return fullParse(url);
}

/** The pathname of `url` when it is origin-form and needs no full parse, else undefined. */
export function simplePathname(url: string): string | undefined {
  const query = simpleQueryIndex(url);
  if (query === -1) return url;
  if (query >= 0) return url.slice(0, query);
  return undefined;
}

/** The pathname of `req.url`, or null/undefined when it cannot be parsed. */
export function getPathname(req: UrlHolder): string | null | undefined {
  const url = req.url;
  if (typeof url !== 'string') return undefined;
  return simplePathname(url) ?? fullParse(url).pathname;
}

/** The raw query string of a request URL (without '?'), or null when there is none. */
export function queryStringOf(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  return parseUrlParts(url).search;
}

/** `http://host` of an absolute-form request URL (as proxies send), else ''. */
export function getProtohost(url: string): string {
  if (typeof url !== 'string' || url.length === 0 || url[0] === '/') return '';
  const search = url.indexOf('?');
  const pathLength = search !== -1 ? search : url.length;
  const fqdn = url.slice(0, pathLength).indexOf('://');
  return fqdn !== -1 ? url.substring(0, url.indexOf('/', 3 + fqdn)) : '';
}
