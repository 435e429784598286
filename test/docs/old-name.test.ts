/**
 * The package is installed and imported as package.json's `name` (`webappjs`): `webapp` on the registry
 * is someone else's package. No doc, README or example may tell users to install or import the package
 * by the old name. The product keeps its name in prose and at run time (`X-Powered-By: webapp`,
 * `NO_DEPRECATION=webapp`, `WEBAPP_*` codes), which these patterns do not match.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { test } from 'node:test';

const root = resolve(__dirname, '..', '..', '..');
const OLD = 'webapp';
const { name } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string };

/** Ways of naming a package to install or import; `N` stands for the name. */
const SHAPES: Array<[string, (n: string) => RegExp]> = [
  [
    'npm install / yarn add / pnpm add',
    (n) =>
      new RegExp(
        String.raw`\b(?:npm (?:install|i|add)|yarn add|pnpm add)\b[^\n\`]*?\s${n}(?:@[^\s\`]*)?(?=[\s\`]|$)`,
        'm',
      ),
  ],
  ['require()', (n) => new RegExp(String.raw`\brequire\(\s*['"]${n}(?:/[^'"]*)?['"]\s*\)`)],
  ['import … from', (n) => new RegExp(String.raw`\bfrom\s+['"]${n}(?:/[^'"]*)?['"]`)],
  ['import() / bare import', (n) => new RegExp(String.raw`\bimport(?:\(\s*|\s+)['"]${n}(?:/[^'"]*)?['"]`)],
  ['declare module', (n) => new RegExp(String.raw`\bdeclare module\s+['"]${n}(?:/[^'"]*)?['"]`)],
  ['a subpath in backticks', (n) => new RegExp(String.raw`\`${n}/[a-z]`)],
  ['an npm alias or specifier', (n) => new RegExp(String.raw`\bnpm:${n}(?=[@'"/\s\`]|$)`)],
  ['a dependency entry', (n) => new RegExp(String.raw`"${n}"\s*:\s*"(?:[\^~<>=\d*]|npm:|file:|latest)`)],
];

function files(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      relative(root, join(entry.parentPath ?? entry.path, entry.name))
        .split(sep)
        .join('/'),
    )
    .filter(keep);
}

function offences(text: string, n: string): string[] {
  const found: string[] = [];
  for (const [shape, make] of SHAPES) {
    const pattern = new RegExp(make(n).source, 'gm');
    for (const match of text.matchAll(pattern)) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push(`line ${line}, ${shape}: ${match[0].trim()}`);
    }
  }
  return found;
}

test('the package is not named webapp any more', () => {
  assert.notEqual(name, OLD);
});

test('no doc, README or example installs or imports the package by its old name', () => {
  const checked = [
    'README.md',
    'CONTRIBUTING.md',
    ...files('docs', (file) => file.endsWith('.md')),
    ...files('bench', (file) => file.endsWith('.md')),
    ...files('examples', (file) => /\.(?:[cm]?js|ts|md|json|html)$/.test(file)),
  ];
  assert.ok(checked.length > 30, checked.join(', '));
  const found = checked.flatMap((file) =>
    offences(readFileSync(join(root, file), 'utf8'), OLD).map((offence) => `${file} ${offence}`),
  );
  assert.deepEqual(found, []);
});

test('the patterns catch every way of naming the old package, and pass the product name in prose', () => {
  const bad = [
    'npm install webapp',
    'npm i -S webapp@0.1.0',
    'yarn add webapp',
    "const webapp = require('webapp');",
    'require("webapp/otel")',
    "import webapp, { Router } from 'webapp';",
    "import cookieSession from 'webapp/cookie-session';",
    "await import('webapp/http2')",
    "import 'webapp/csrf';",
    "declare module 'webapp/core' {",
    'the `webapp/otel` instrumentation',
    '"express": "npm:webapp@^0.1.0"',
    "import webapp from 'npm:webapp';",
    '"webapp": "^0.1.0"',
  ];
  for (const sample of bad) assert.equal(offences(sample, OLD).length, 1, sample);
  const good = [
    'webapp is the Express 4 interface',
    '`X-Powered-By: webapp`',
    'NO_DEPRECATION=webapp node app.js',
    'tracing:webapp.layer:start',
    `npm install ${name}`,
    `const webapp = require('${name}');`,
    `import compress from '${name}/compress';`,
    `"express": "npm:${name}@^0.1.0"`,
    'webapp.json() and webapp.Router()',
  ];
  for (const sample of good) assert.deepEqual(offences(sample, OLD), [], sample);
});
