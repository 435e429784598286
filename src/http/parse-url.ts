/**
 * Pathname and query string of a request URL without allocating a URL object on the common path
 * (an origin-form URL with no fragment or whitespace). Unusual URLs (fragments, whitespace,
 * absolute-form) go through node's legacy parser, which is what Express 4 uses for them.
 * Nothing is cached on the request: the router keeps its own per-dispatch cache.
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

/*
 * One handed-off fact: the pathname of the URL the next router will be asked about. A router that
 * strips its mount path from a URL that needed no full parse knows the result's pathname (the rest of
 * the old one); a router that calls a router mounted at '/' knows it is the pathname it has. Either
 * tells the child, rather than have it scan the URL again, once per router level. The fact is used
 * once: a later request with the same URL scans its own (a fact could not go stale, since a pathname
 * is a function of the URL's text alone, but an answer carried from one request to the next would only
 * flatter a benchmark that repeats one URL).
 */
let handedUrl: string | undefined;
let handedPathname = '';

/** Tells the next `simplePathname(url)` that the answer is `pathname` (the router's own derivation). */
export function handOffPathname(url: string, pathname: string): void {
  handedUrl = url;
  handedPathname = pathname;
}

/** The pathname of `url` when it is origin-form and needs no full parse, else undefined. */
export function simplePathname(url: string): string | undefined {
  if (url === handedUrl) {
    handedUrl = undefined;
    return handedPathname;
  }
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
