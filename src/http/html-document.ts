/**
 * The minimal HTML page Express 4 answers with when it writes a body of its own: the final handler's
 * error page and the static middleware's redirect page.
 * @module
 */

/**
 * A complete HTML document titled `title` whose body is `body` (already HTML: escape it first) in a
 * `<pre>`.
 * @example
 * htmlDocument('Error', 'Cannot GET /x')
 */
export function htmlDocument(title: string, body: string): string {
  return `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${title}</title>\n</head>\n<body>\n<pre>${body}</pre>\n</body>\n</html>\n`;
}
