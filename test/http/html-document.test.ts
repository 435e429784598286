import assert from 'node:assert/strict';
import { test } from 'node:test';
import { htmlDocument } from '../../src/http/html-document';

test('htmlDocument: the page Express 4 writes, with the title and the (already escaped) body in a <pre>', () => {
  assert.equal(
    htmlDocument('Redirecting', 'Redirecting to /a&amp;b/'),
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Redirecting</title>\n</head>\n<body>\n<pre>Redirecting to /a&amp;b/</pre>\n</body>\n</html>\n',
  );
});

test('htmlDocument: inserts the body as given, so callers escape it', () => {
  assert.match(htmlDocument('Error', '<br>'), /<pre><br><\/pre>/);
});
