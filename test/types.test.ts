/**
 * The public types as consumers see them: each folder under test/types is a small TypeScript
 * project that imports `webapp` (and `webapp/core`) through a `node_modules/webapp` symlink to this
 * repository, so package.json `exports`, `types` and `typesVersions` are resolved for real, and is
 * compiled with `tsc --noEmit`. Fixtures assert what must compile and, with `// @ts-expect-error`,
 * what must not. Requires the built package (dist/), which `npm test` builds first.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import ts from 'typescript';

const root = resolve(__dirname, '..', '..');
const fixtures = join(root, 'test', 'types');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
// Generous: a fixture normally takes a few seconds; this only catches a pathological slowdown.
const TIMEOUT_MS = 180_000;

let dir: string;

interface Compiled {
  code: number;
  output: string;
  ms: number;
}

function compile(project: string, extraArgs: string[] = []): Promise<Compiled> {
  const started = performance.now();
  return new Promise((done) => {
    execFile(
      process.execPath,
      [tsc, '-p', join(project, 'tsconfig.json'), '--pretty', 'false', ...extraArgs],
      { cwd: project, timeout: TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        done({ code, output: `${stdout}${stderr}`, ms: performance.now() - started });
      },
    );
  });
}

/** Copies a fixture next to the shared node_modules and compiles it; fails with tsc's diagnostics. */
async function check(name: string, extraArgs: string[] = []): Promise<Compiled> {
  const project = join(dir, name);
  cpSync(join(fixtures, name), project, { recursive: true });
  const result = await compile(project, extraArgs);
  assert.equal(result.code, 0, `tsc reported errors in test/types/${name}:\n${result.output}`);
  return result;
}

before(() => {
  assert.ok(
    existsSync(join(root, 'dist', 'index.d.ts')),
    'run `npm run build` first: dist/index.d.ts is missing',
  );
  dir = mkdtempSync(join(tmpdir(), 'webapp-types-'));
  const modules = join(dir, 'node_modules');
  mkdirSync(modules);
  // The package itself as a dependency, and every dev dependency (third-party middleware and @types).
  symlinkSync(root, join(modules, 'webapp'), 'dir');
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry.startsWith('.') || entry === 'webapp') continue;
    symlinkSync(join(root, 'node_modules', entry), join(modules, entry), 'dir');
  }
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('CommonJS consumer, moduleResolution node10: import = require, default, namespace and named imports, webapp/core through typesVersions', async () => {
  await check('node10-cjs');
});

test('CommonJS consumer, moduleResolution node16: the package exports map', async () => {
  await check('node16-cjs');
});

test('ESM consumer, moduleResolution nodenext ("type": "module")', async () => {
  await check('nodenext-esm');
});

test('ESM consumer, moduleResolution bundler', async () => {
  await check('bundler-esm');
});

test('route parameters are inferred from Express 4 paths; wrong uses do not compile', async () => {
  await check('routes');
});

test('middleware typed with @types/express (passport, multer, express-session, rate limit, helmet, cors, cookie-parser, morgan) is accepted under strict, with their augmentations', async () => {
  await check('ecosystem');
});

test('an Express 4 TypeScript app compiles by changing only the import', async () => {
  await check('express-port');
});

test('public option types accept everything the runtime options accept (checked against src)', async () => {
  const result = await compile(join(fixtures, 'internal'));
  assert.equal(result.code, 0, `tsc reported errors in test/types/internal:\n${result.output}`);
});

test('every runtime member of the export is typed, and every typed member exists', async () => {
  const exported = require(join(root, 'dist', 'index.js'));
  const builtIn = new Set(['length', 'name', 'prototype', 'arguments', 'caller']);
  const members = Object.getOwnPropertyNames(exported)
    .filter((name) => !builtIn.has(name))
    .sort();
  assert.ok(members.includes('Router') && members.includes('default'), members.join(', '));
  const project = join(dir, 'members');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'fixture-members', private: true }));
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'node16',
        moduleResolution: 'node16',
        strict: true,
        noEmit: true,
        types: ['node'],
        skipLibCheck: true,
      },
      files: ['members.ts'],
    }),
  );
  writeFileSync(
    join(project, 'members.ts'),
    [
      "import webapp = require('webapp');",
      'type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;',
      `type Runtime = ${members.map((name) => JSON.stringify(name)).join(' | ')};`,
      'type Typed = keyof typeof webapp;',
      'export const untyped: Exclude<Runtime, Typed> extends never ? true : Exclude<Runtime, Typed> = true;',
      'export const missing: Exclude<Typed, Runtime> extends never ? true : Exclude<Typed, Runtime> = true;',
      'export const same: Equal<Runtime, Typed> = true;',
      '',
    ].join('\n'),
  );
  const result = await compile(project);
  assert.equal(
    result.code,
    0,
    `runtime members ${members.join(', ')} differ from the typed ones:\n${result.output}`,
  );
});

// Paths whose keys RouteParameters must match those Express 4's own compiler (path-to-regexp 0.1) finds.
const REFERENCE_PATHS = [
  '/',
  '/users',
  '/users/:id',
  '/users/:id/:tab?',
  '/user/:id(\\d+)',
  '/user/:id(\\d+)?',
  '/files/*',
  '/a/*/b/*',
  '*',
  '/static/*.png',
  '/:from-:to',
  '/:file.:ext',
  '/:file.:ext?',
  '/flights/:from_city-:to_city',
  '/path/:rest*',
  '/path/:rest*?',
  '/ab(cd)?e/:x',
  '/a(foo)/b(?=x)(baz)',
  '/ab(?=c)c/:site',
  '/time\\:now/:zone',
  '/\\(literal\\)/:id',
  '/:user@:host/:a~:b',
  '/:a/:b/:c/:d/:e',
  '/:a?/:b?',
  '/api/v:version/users',
  '/:id.json',
  '/posts/:slug([a-z0-9-]+)',
  '/:x(\\w+)-:y(\\w+)',
  '/:name/',
  '/a/:b+',
  '/:id:extra',
  '/user/:id/(edit|show)',
  '/(x)/:y',
  '/:$weird',
  '/:camelCase_2/:UPPER',
];

test('RouteParameters finds the keys Express 4 finds (path-to-regexp 0.1) for each reference path', async () => {
  const pathToRegexp = require(join(root, 'node_modules', 'path-to-regexp')) as (
    path: string,
    keys: Array<{ name: string | number; optional: boolean }>,
  ) => RegExp;
  const literal = (value: string | number) =>
    typeof value === 'number' ? String(value) : JSON.stringify(value);
  const lines = [
    "import type { RouteParameters } from 'webapp/core';",
    'type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;',
    'type OptionalNames<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? (K extends string ? K : never) : never }[keyof T];',
    'function same<T extends true>(): T | undefined { return undefined; }',
  ];
  for (const path of REFERENCE_PATHS) {
    const keys: Array<{ name: string | number; optional: boolean }> = [];
    pathToRegexp(path, keys);
    const all = keys.map((key) => literal(key.name)).join(' | ') || 'never';
    const optional =
      keys
        .filter((key) => key.optional && typeof key.name === 'string')
        .map((key) => literal(key.name))
        .join(' | ') || 'never';
    const type = `RouteParameters<${JSON.stringify(path)}>`;
    lines.push(`same<Equal<keyof ${type}, ${all}>>(); // ${path}`);
    lines.push(`same<Equal<OptionalNames<${type}>, ${optional}>>();`);
  }
  const project = join(dir, 'reference');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'fixture-reference', private: true }));
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { module: 'node16', strict: true, noEmit: true, types: [], skipLibCheck: true },
      files: ['reference.ts'],
    }),
  );
  writeFileSync(join(project, 'reference.ts'), `${lines.join('\n')}\n`);
  const result = await compile(project);
  assert.equal(result.code, 0, `${result.output}\n${lines.join('\n')}`);
});

test('type-checking stays fast: 300 routes with inferred params', async () => {
  const project = join(dir, 'timing');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'fixture-timing', private: true }));
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'node16',
        moduleResolution: 'node16',
        strict: true,
        noEmit: true,
        types: ['node'],
        skipLibCheck: true,
      },
      files: ['baseline.ts', 'routes.ts'],
    }),
  );
  writeFileSync(
    join(project, 'baseline.ts'),
    "import webapp = require('webapp');\nexport const app = webapp();\n",
  );
  const lines = ["import { app } from './baseline';"];
  for (let i = 0; i < 300; i++) {
    const path = `/org${i}/:orgId/repos/:repoId/issues/:issue${i}(\\\\d+)/:tab?/files/*`;
    lines.push(
      `app.get('${path}', (req, res) => res.send(req.params.orgId + req.params.repoId + req.params.issue${i} + (req.params.tab ?? '') + req.params[0]));`,
    );
  }
  writeFileSync(join(project, 'routes.ts'), `${lines.join('\n')}\n`);
  const result = await compile(project, ['--extendedDiagnostics']);
  assert.equal(result.code, 0, result.output);
  const stat = (label: string) => new RegExp(`^${label}:\\s+(\\S+)`, 'm').exec(result.output)?.[1] ?? '?';
  console.log(
    `# types timing: 300 routes type-checked in ${Math.round(result.ms)} ms wall ` +
      `(check ${stat('Check time')}, instantiations ${stat('Instantiations')}, types ${stat('Types')}, memory ${stat('Memory used')})`,
  );
  const checkSeconds = Number.parseFloat(stat('Check time'));
  assert.ok(Number.isFinite(checkSeconds) && checkSeconds < 60, `check time ${checkSeconds}s`);
});

/** Why a declaration's JSDoc falls short (no summary, no @example), or undefined when it is complete. */
function jsdocProblem(node: ts.Node): string | undefined {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const last = docs[docs.length - 1];
  if (!last) return 'no JSDoc';
  if (!ts.getTextOfJSDocComment(last.comment)?.trim()) return 'no summary';
  if (!last.tags?.some((tag) => tag.tagName.text === 'example')) return 'no @example';
  return undefined;
}

test('every public type and member has JSDoc with a summary and an @example', () => {
  const files = [
    'src/index.ts',
    'src/core.ts',
    'src/types/core.ts',
    'src/types/factory.ts',
    'src/types/middleware-options.ts',
    'src/types/route-parameters.ts',
  ];
  const problems: string[] = [];
  let checked = 0;
  const visit = (node: ts.Node, file: string, prefix: string, inExported: boolean): void => {
    const exported =
      inExported ||
      (ts.canHaveModifiers(node) &&
        !!ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword));
    if (ts.isModuleDeclaration(node)) {
      // `declare global { namespace Express { … } }` and the export's namespace are public wholesale.
      const name = node.name.getText();
      const body = node.body;
      if (body && ts.isModuleBlock(body)) {
        for (const statement of body.statements)
          visit(statement, file, `${prefix}${name}.`, exported || name === 'global');
      } else if (body && ts.isModuleDeclaration(body)) {
        visit(body, file, `${prefix}${name}.`, exported || name === 'global');
      }
      return;
    }
    if (!exported) return;
    if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isVariableStatement(node)) {
      const name = ts.isVariableStatement(node)
        ? node.declarationList.declarations[0].name.getText()
        : node.name.text;
      checked++;
      const problem = jsdocProblem(node);
      if (problem) problems.push(`${file}: ${prefix}${name}: ${problem}`);
      if (ts.isInterfaceDeclaration(node)) {
        for (const member of node.members) {
          if (ts.isIndexSignatureDeclaration(member)) continue;
          checked++;
          const memberProblem = jsdocProblem(member);
          const memberName = member.name?.getText() ?? ts.SyntaxKind[member.kind];
          if (memberProblem) problems.push(`${file}: ${prefix}${name}.${memberName}: ${memberProblem}`);
        }
      }
    }
  };
  for (const file of files) {
    const source = ts.createSourceFile(
      file,
      readFileSync(join(root, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    for (const statement of source.statements) visit(statement, file, '', false);
  }
  assert.ok(checked > 300, `only ${checked} declarations found`);
  assert.deepEqual(problems, []);
});

test('the public declarations need only node:* types (no @types/qs, @types/express or other packages)', () => {
  const seen = new Set<string>();
  const external = new Set<string>();
  const queue = [join(root, 'dist', 'index.d.ts'), join(root, 'dist', 'core.d.ts')];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    // preProcessFile reads import/export/require specifiers and reference directives, not comments.
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of [...info.importedFiles, ...info.typeReferenceDirectives]) {
      if (specifier.startsWith('.')) queue.push(`${resolve(file, '..', specifier)}.d.ts`);
      else if (!specifier.startsWith('node:'))
        external.add(`${specifier} (in ${file.slice(root.length + 1)})`);
    }
  }
  assert.ok(seen.size >= 6, [...seen].join(', '));
  assert.deepEqual([...external], []);
});

test('webapp/core is an empty module at run time, from require and from import', async () => {
  const project = join(dir, 'core-runtime');
  mkdirSync(project);
  writeFileSync(
    join(project, 'check.mjs'),
    [
      "import { createRequire } from 'node:module';",
      "import * as esm from 'webapp/core';",
      "const cjs = createRequire(import.meta.url)('webapp/core');",
      'console.log(JSON.stringify({ esm: Object.keys(esm), cjs: Object.keys(cjs) }));',
      '',
    ].join('\n'),
  );
  const output = await new Promise<string>((done, fail) => {
    execFile(
      process.execPath,
      [join(project, 'check.mjs')],
      { cwd: project, timeout: 30_000 },
      (err, stdout, stderr) => (err ? fail(new Error(`${err.message}\n${stderr}`)) : done(stdout)),
    );
  });
  assert.deepEqual(JSON.parse(output), { esm: ['default'], cjs: [] });
});
