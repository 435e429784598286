/**
 * Pathname and query string of `req.url`, computed without allocating a URL object on the common
 * path and cached per URL string (routers re-read `req.url` after every layer, since middleware may
 * rewrite it). Unusual URLs (fragments, whitespace, absolute-form) go through node's legacy parser,
 * which is what Express 4 uses for them.
 * @module
 */
import { parse } from 'node:url';

const kUrl = Symbol('webapp.parsedUrl.source');
const kPathname = Symbol('webapp.parsedUrl.pathname');
const kSearch = Symbol('webapp.parsedUrl.search');

interface CachedUrl {
  url?: string;
  [kUrl]?: string;
  [kPathname]?: string | null;
  [kSearch]?: string | null;
}

function parseInto(target: CachedUrl, url: string): void {
  target[kUrl] = url;
  if (url.charCodeAt(0) === 47) {
    let i = 1;
    for (; i < url.length; i++) {
      const code = url.charCodeAt(i);
      if (code === 63) {
        // '?': the rest is the query, unless it holds a fragment or whitespace.
        if (!needsFullParse(url, i + 1)) {
          target[kPathname] = url.slice(0, i);
          target[kSearch] = url.slice(i + 1);
          return;
        }
        break;
      }
      if (isSpecial(code)) break;
    }
    if (i === url.length) {
      target[kPathname] = url;
      target[kSearch] = null;
      return;
    }
  }
  try {
    const parsed = parse(url);
    target[kPathname] = parsed.pathname;
    target[kSearch] = parsed.query as string | null;
  } catch {
    target[kPathname] = null;
    target[kSearch] = null;
  }
}

function isSpecial(code: number): boolean {
  return (
    code === 35 ||
    code === 32 ||
    code === 9 ||
    code === 10 ||
    code === 12 ||
    code === 13 ||
    code === 0xa0 ||
    code === 0xfeff
  );
}

function needsFullParse(url: string, from: number): boolean {
  for (let i = from; i < url.length; i++) if (isSpecial(url.charCodeAt(i))) return true;
  return false;
}

/** The pathname of `req.url`, or null/undefined when it cannot be parsed. */
export function getPathname(req: CachedUrl): string | null | undefined {
  const url = req.url;
  if (typeof url !== 'string') return undefined;
  if (req[kUrl] !== url) parseInto(req, url);
  return req[kPathname];
}

/** The raw query string of `req.url` (without '?'), or null when there is none. */
export function getQueryString(req: CachedUrl): string | null {
  const url = req.url;
  if (typeof url !== 'string') return null;
  if (req[kUrl] !== url) parseInto(req, url);
  return req[kSearch] ?? null;
}

/** `http://host` of an absolute-form request URL (as proxies send), else ''. */
export function getProtohost(url: string): string {
  if (typeof url !== 'string' || url.length === 0 || url[0] === '/') return '';
  const search = url.indexOf('?');
  const pathLength = search !== -1 ? search : url.length;
  const fqdn = url.slice(0, pathLength).indexOf('://');
  return fqdn !== -1 ? url.substring(0, url.indexOf('/', 3 + fqdn)) : '';
}
