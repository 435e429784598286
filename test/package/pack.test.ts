/**
 * What `npm pack` publishes, checked against an explicit list: the licence, the README, package.json
 * and the build (for every source file its CommonJS module and its declarations, plus the ESM entry
 * of every export) — no tests, sources, benches, examples, maps or stray files. And what the package
 * needs at run time: every bare `require`/`import` in dist/ is a declared dependency.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve, sep } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import ts from 'typescript';
import { withoutCoverage } from '../support/child-env';

const run = promisify(execFile);
const root = resolve(__dirname, '..', '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** Files under `dir` (relative to the repository, with forward slashes). */
function walk(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      relative(root, join(entry.parentPath ?? entry.path, entry.name))
        .split(sep)
        .join('/'),
    );
}

/** The files a consumer needs, derived from src/ and package.json "exports". */
function expectedFiles(): string[] {
  const files = new Set(['LICENSE', 'README.md', 'package.json']);
  for (const source of walk('src')) {
    if (!source.endsWith('.ts')) continue;
    // Hand-written declarations (src/types/entries) are copied as they are.
    if (source.endsWith('.d.ts')) {
      files.add(`dist/${source.slice('src/'.length)}`);
      continue;
    }
    const base = `dist/${source.slice('src/'.length, -'.ts'.length)}`;
    files.add(`${base}.js`);
    files.add(`${base}.d.ts`);
  }
  for (const target of Object.values(pkg.exports as Record<string, unknown>)) {
    if (typeof target !== 'object' || target === null) continue;
    for (const file of Object.values(target as Record<string, string>)) files.add(file.replace(/^\.\//, ''));
  }
  return [...files].sort();
}

test('npm pack publishes exactly the licence, README, package.json and the build', async () => {
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
    env: withoutCoverage(),
  });
  const [report] = JSON.parse(stdout) as { files: { path: string }[] }[];
  const packed = report.files.map((file) => file.path).sort();
  const expected = expectedFiles();
  assert.deepEqual(
    {
      unexpected: packed.filter((file) => !expected.includes(file)),
      missing: expected.filter((file) => !packed.includes(file)),
    },
    { unexpected: [], missing: [] },
  );
});

test('the package has an MIT LICENSE file matching package.json', () => {
  assert.equal(pkg.license, 'MIT');
  const text = readFileSync(join(root, 'LICENSE'), 'utf8');
  assert.match(text, /^MIT License/);
  assert.match(text, /Copyright \(c\) \d{4} webapp contributors/);
});

/** Bare module names loaded by a compiled file: require('x'), import('x'), import … from 'x'. */
function loadedModules(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      node.arguments.length > 0 &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      names.push(node.arguments[0].text);
    } else if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      names.push(node.moduleSpecifier.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

test('every module dist/ loads is a builtin, a file of the package or a declared dependency', () => {
  const builtins = new Set(builtinModules);
  const declared = new Set([
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}),
    pkg.name,
  ]);
  const undeclared: string[] = [];
  const used = new Set<string>();
  for (const file of walk('dist')) {
    if (!file.endsWith('.js') && !file.endsWith('.mjs')) continue;
    for (const specifier of loadedModules(join(root, file))) {
      if (specifier.startsWith('.') || specifier.startsWith('node:') || builtins.has(specifier)) continue;
      const name = packageName(specifier);
      used.add(name);
      if (!declared.has(name)) undeclared.push(`${file}: ${specifier}`);
    }
  }
  assert.deepEqual(undeclared, []);
  // The scan sees the dependencies it must: a scanner finding nothing would pass vacuously.
  // Type-only dependencies (@types/node, for the declarations) are referenced, not loaded.
  for (const name of Object.keys(pkg.dependencies)) {
    if (!name.startsWith('@types/')) assert.ok(used.has(name), `${name} is loaded by dist/`);
  }
});

test('the checker sees requires and imports in code, not in comments or strings', () => {
  const sample = [
    "const a = require('alpha');",
    "/** app.engine('html', require('in-comment').renderFile) */",
    'const text = "require(\'in-string\')";',
    "import('beta/sub').then(() => {});",
    "import gamma from '@scope/gamma/deep';",
    "export { delta } from 'delta';",
    'const dynamic = require(name);',
  ].join('\n');
  const names = loadedModules('sample.mjs', sample);
  assert.deepEqual(names, ['alpha', 'beta/sub', '@scope/gamma/deep', 'delta']);
  assert.deepEqual(names.map(packageName), ['alpha', 'beta', '@scope/gamma', 'delta']);
});

test('package.json never makes express or its stack a runtime dependency', () => {
  const runtime = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies });
  for (const banned of ['express', 'body-parser', 'router', 'serve-static', 'send', 'finalhandler']) {
    assert.ok(!runtime.includes(banned), banned);
  }
});

test('engines.node names the oldest Node version CI tests (.ci/run)', () => {
  const ci = readFileSync(join(root, '.ci', 'run'), 'utf8');
  const versions = [...ci.matchAll(/node@(\d+)/g)].map((match) => Number(match[1]));
  const tested = [process.versions.node.split('.')[0], ...versions].map(Number);
  const oldest = Math.min(...tested);
  assert.equal(pkg.engines.node, `>=${oldest}`);
});
