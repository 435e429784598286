/**
 * The HTML page of a directory listing: a list of links, a breadcrumb of the current path and an
 * optional set of type icons drawn with CSS (no image files). Every name is HTML-escaped and every
 * link is built from URL-encoded path segments, so file names with quotes, `<`, `#`, `?`, `%`,
 * spaces, `$&` or non-ASCII characters display verbatim and link to themselves.
 * @module
 */
import type { Stats } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../../http/escape-html';
import { lookupType } from '../../http/mime';

/** One entry of a listing; `stat` is null when the entry could not be examined (e.g. a broken link). */
export interface DirectoryEntry {
  name: string;
  stat: Stats | null;
}

/** What a template receives (the names serve-index used, so custom templates carry over). */
export interface DirectoryLocals {
  /** The decoded URL path of the directory, e.g. `/docs/`. */
  directory: string;
  displayIcons: boolean;
  /** Entries sorted directories first, then by name; `..` first when above the root. */
  fileList: DirectoryEntry[];
  /** The directory on disk. */
  path: string;
  /** The stylesheet text. */
  style: string;
  viewName: string;
}

export const DEFAULT_TEMPLATE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Index of {directory}</title>
<style>{style}</style>
</head>
<body>
<main>
<h1>Index of {linked-path}</h1>
{files}
</main>
</body>
</html>
`;

export const DEFAULT_STYLE = `
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #222; background: #fff; }
main { max-width: 60rem; margin: 0 auto; padding: 1.5rem; }
h1 { font-size: 1.3rem; font-weight: 600; margin: 0 0 1rem; word-break: break-all; }
h1 a { color: #0b57d0; text-decoration: none; }
h1 a:hover { text-decoration: underline; }
#files { list-style: none; margin: 0; padding: 0; }
#files a { display: flex; gap: 1rem; padding: .35rem .5rem; border-radius: 4px; color: #0b57d0; text-decoration: none; }
#files a:hover, #files a:focus { background: #eef3fd; }
#files .name { flex: 1; word-break: break-all; }
#files .size, #files .date { color: #666; white-space: nowrap; font-variant-numeric: tabular-nums; }
#files .size { min-width: 6rem; text-align: right; }
#files .header { display: flex; gap: 1rem; padding: .35rem .5rem; font-weight: 600; border-bottom: 1px solid #ddd; }
#files .header .name { flex: 1; }
.view-tiles { display: grid; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); gap: .25rem; }
.view-tiles .size, .view-tiles .date { display: none; }
#files .icon .name::before { display: inline-block; width: 1.6em; content: "\\1F4C4"; }
#files .icon-directory .name::before { content: "\\1F4C1"; }
#files .icon-up .name::before { content: "\\2B06\\FE0F"; }
#files .icon-image .name::before { content: "\\1F5BC\\FE0F"; }
#files .icon-video .name::before { content: "\\1F39E\\FE0F"; }
#files .icon-audio .name::before { content: "\\1F3B5"; }
#files .icon-text .name::before { content: "\\1F4DD"; }
#files .icon-code .name::before { content: "\\1F9FE"; }
#files .icon-archive .name::before { content: "\\1F4E6"; }
#files .icon-pdf .name::before { content: "\\1F4D5"; }
#files .icon-font .name::before { content: "\\1F520"; }
`;

const ARCHIVES = new Set([
  'application/zip',
  'application/gzip',
  'application/x-tar',
  'application/x-7z-compressed',
  'application/x-bzip2',
  'application/x-xz',
  'application/x-rar-compressed',
  'application/vnd.rar',
  'application/java-archive',
]);

const CODE = new Set([
  'application/javascript',
  'application/json',
  'application/xml',
  'text/css',
  'text/html',
]);

/** The icon class of an entry: by MIME type, so every extension the database knows gets one. */
export function iconClass(entry: DirectoryEntry): string {
  if (entry.name === '..') return 'icon-up';
  if (entry.stat?.isDirectory()) return 'icon-directory';
  const type = lookupType(entry.name);
  if (!type) return 'icon-default';
  if (ARCHIVES.has(type) || type.endsWith('+zip')) return 'icon-archive';
  if (type === 'application/pdf') return 'icon-pdf';
  if (CODE.has(type) || type.endsWith('+json') || type.endsWith('+xml')) return 'icon-code';
  const major = type.slice(0, type.indexOf('/'));
  if (major === 'image' || major === 'video' || major === 'audio' || major === 'font' || major === 'text')
    return `icon-${major}`;
  return 'icon-default';
}

/** A date that reads the same whatever the server's locale: `2024-05-01 13:37`, in UTC. */
function formatDate(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** Encodes each segment of a decoded URL path (the `/` between segments stay). */
export function encodePathSegments(directory: string): string[] {
  return directory.split('/').map((segment) => encodeURIComponent(segment));
}

/** The `href` of an entry: absolute, segment-encoded, `..` resolved, a trailing `/` on directories. */
export function entryHref(directorySegments: readonly string[], entry: DirectoryEntry): string {
  const segments = directorySegments.slice();
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
  // `..` is the only name that is not a file name: it is resolved rather than encoded.
  segments.push(entry.name === '..' ? '..' : encodeURIComponent(entry.name));
  let href = path.posix.normalize(segments.join('/'));
  if (!href.startsWith('/')) href = `/${href}`;
  if ((entry.stat?.isDirectory() || entry.name === '..') && !href.endsWith('/')) href += '/';
  return href;
}

function fileListHtml(locals: DirectoryLocals): string {
  const segments = encodePathSegments(locals.directory);
  const details = locals.viewName === 'details';
  let html = `<ul id="files" class="view-${escapeHtml(locals.viewName)}">`;
  if (details) {
    html +=
      '\n<li class="header"><span class="name">Name</span><span class="size">Size</span><span class="date">Modified</span></li>';
  }
  for (const entry of locals.fileList) {
    const isDirectory = Boolean(entry.stat?.isDirectory());
    const classes = locals.displayIcons ? ` class="icon ${iconClass(entry)}"` : '';
    const size = entry.stat && !isDirectory ? String(entry.stat.size) : '';
    const date = entry.stat && entry.name !== '..' ? formatDate(entry.stat.mtime) : '';
    html +=
      `\n<li><a href="${escapeHtml(entryHref(segments, entry))}"${classes} title="${escapeHtml(entry.name)}">` +
      `<span class="name">${escapeHtml(entry.name)}</span>` +
      `<span class="size">${size}</span>` +
      `<span class="date">${date}</span></a></li>`;
  }
  return `${html}\n</ul>`;
}

/** The breadcrumb: each ancestor of the directory as a link. */
function linkedPath(directory: string): string {
  const parts = directory.split('/');
  let href = '';
  let html = '<a href="/">/</a>';
  for (let i = 0; i < parts.length; i++) {
    if (parts[i] === '') continue;
    href += `/${encodeURIComponent(parts[i])}`;
    html += ` <a href="${escapeHtml(`${href}/`)}">${escapeHtml(parts[i])}</a> /`;
  }
  return html;
}

/**
 * Fills a template's `{directory}`, `{linked-path}`, `{files}` and `{style}` placeholders. The
 * replacements are inserted literally: `$&` in a file name stays `$&`.
 */
export function renderTemplate(template: string, locals: DirectoryLocals): string {
  const values: Record<string, string> = {
    '{directory}': escapeHtml(locals.directory),
    '{linked-path}': linkedPath(locals.directory),
    '{files}': fileListHtml(locals),
    '{style}': locals.style,
  };
  return template.replace(/\{(?:directory|linked-path|files|style)\}/g, (placeholder) => values[placeholder]);
}
