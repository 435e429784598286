/**
 * The packed package loads under the tools Express apps are tested with: what ships requires node's
 * built-ins by their bare names (`events`, not `node:events`), as express@4 does, since jest before 27
 * and resolvers of its era cannot resolve the `node:` scheme (`ENOENT … open 'node:events'`). Checked
 * by running a test file through jest 26 against the installed tarball, and by resolving every module
 * dist/ loads with the `resolve` package (browserify's and jest's resolver), core modules known to it
 * only by the bare names node had before the scheme.
 */
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import ts from 'typescript';
import { withoutCoverage } from '../support/child-env';

// The resolve package ships no types; its sync resolver is all this uses.
const resolve: {
  sync(id: string, options: { basedir: string; includeCoreModules?: boolean; paths?: string[] }): string;
} = require('resolve');

const run = promisify(execFile);
const root = resolvePath(__dirname, '..', '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string };
let dir: string;

// The file jest runs is plain CommonJS, as the projects still on jest 26 write them.
const STRICT = "'use strict';\n";

// A jest 26 test of an app built on the installed package: main entry, body parsing, a request.
const JEST_TEST = `
const webapp = require(${JSON.stringify(pkg.name)});
const http = require('http');
test('an app on the package answers', async () => {
  const app = webapp();
  app.use(webapp.json());
  app.post('/', (req, res) => res.json({ got: req.body }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const body = await new Promise((resolve, reject) => {
    const req = http.request(
      { port: server.address().port, host: '127.0.0.1', method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve(text));
      },
    );
    req.on('error', reject);
    req.end('{"a":1}');
  });
  await new Promise((resolve) => server.close(resolve));
  expect(JSON.parse(body)).toEqual({ got: { a: 1 } });
});
`;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'webapp-old-tools-'));
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
      cwd: root,
      encoding: 'utf8',
      env: withoutCoverage(),
    }),
  ) as Array<{ filename: string }>;
  const installed = join(dir, 'app', 'node_modules', pkg.name);
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', join(dir, packed.filename), '-C', installed, '--strip-components=1']);
  writeFileSync(join(dir, 'app', 'package.json'), JSON.stringify({ name: 'old-tools-app', private: true }));
  writeFileSync(join(dir, 'app', 'app.test.js'), STRICT + JEST_TEST);
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('a test file loads the packed package and runs under jest 26', async () => {
  const jest = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
  assert.match(
    JSON.parse(readFileSync(join(root, 'node_modules', 'jest', 'package.json'), 'utf8')).version,
    /^26\./,
  );
  const app = join(dir, 'app');
  // The package's dependencies come from this repository's node_modules (jest's modulePaths).
  const { stdout, stderr } = await run(
    process.execPath,
    [
      jest,
      '--rootDir',
      app,
      '--testEnvironment',
      'node',
      '--modulePaths',
      join(root, 'node_modules'),
      '--watchman=false',
      '--ci',
      '--no-cache',
      '--json',
    ],
    { cwd: app, env: withoutCoverage(), maxBuffer: 16 * 1024 * 1024 },
  ).catch((err: { stdout: string; stderr: string }) => err);
  const report = JSON.parse(stdout) as { numPassedTests: number; numFailedTests: number; success: boolean };
  assert.deepEqual(
    { passed: report.numPassedTests, failed: report.numFailedTests, success: report.success },
    { passed: 1, failed: 0, success: true },
    stderr,
  );
});

/** The specifiers a compiled file loads: `require("…")`, `import("…")`, `import/export … from "…"`; code only. */
function specifiers(text: string): string[] {
  const source = ts.createSourceFile('file.js', text, ts.ScriptTarget.Latest, false);
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
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      names.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

test('every module dist/ loads resolves with the resolve package and pre-scheme core names', () => {
  // Core modules as node listed them before `node:` existed: bare names only.
  const core = new Set(builtinModules.filter((name) => !name.startsWith('node:')));
  const unresolved: string[] = [];
  let checked = 0;
  const dist = join(dir, 'app', 'node_modules', pkg.name, 'dist');
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(?:c?js|mjs)$/.test(entry.name)) continue;
    const file = join(entry.parentPath ?? entry.path, entry.name);
    for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
      checked++;
      if (core.has(specifier)) continue;
      try {
        resolve.sync(specifier, {
          basedir: dirname(file),
          includeCoreModules: false,
          paths: [join(root, 'node_modules')],
        });
      } catch {
        unresolved.push(`${file.slice(dist.length + 1)}: ${specifier}`);
      }
    }
  }
  assert.deepEqual(unresolved, []);
  assert.ok(checked > 100, `${checked} specifiers checked`);
});

test('the scan would catch a node: specifier, in code only', () => {
  const sample = 'const a = require("node:events");\nimport b from "node:http";\n// require("node:os")\n';
  assert.deepEqual(specifiers(sample), ['node:events', 'node:http']);
  assert.throws(() => resolve.sync('node:events', { basedir: root, includeCoreModules: false }));
});

test('the sources keep node: and the build made every bare-able built-in bare', () => {
  const dist = join(root, 'dist');
  const left: string[] = [];
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(?:js|mjs|d\.ts)$/.test(entry.name)) continue;
    const file = join(entry.parentPath ?? entry.path, entry.name);
    for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('node:') && builtinModules.includes(specifier.slice(5)))
        left.push(`${file}: ${specifier}`);
    }
  }
  assert.deepEqual(left, []);
  assert.match(readFileSync(join(root, 'src', 'index.ts'), 'utf8'), /from 'node:events'/);
});
