/**
 * The public types as consumers see them: each folder under test/types is a small TypeScript
 * project that imports `webappjs` (and `webappjs/core`) through a `node_modules/webappjs` symlink to this
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
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import ts from 'typescript';
import { withoutCoverage } from './support/child-env';
import { installPacked } from './support/packed-install';
import { type ImportForm, memberChecks } from './support/type-members';

const root = resolve(__dirname, '..', '..');
const fixtures = join(root, 'test', 'types');
/** The compilers of the matrix: devDependency aliases, so nothing is installed at test time. */
const COMPILERS = {
  ts7: join(root, 'node_modules', 'typescript7', 'bin', 'tsc'),
  'ts5.6': join(root, 'node_modules', 'typescript5', 'bin', 'tsc'),
} as const;
type Compiler = keyof typeof COMPILERS;
// Generous: a fixture normally takes a second or two; this only catches a pathological slowdown.
const TIMEOUT_MS = 180_000;

let dir: string;
/** A directory for fixtures of the minimal project: no node_modules in it or its parents. */
let bare: string;
/** A project with only the packed webapp installed (and what npm installs with it: @types/node). */
let minimal: string;
/** The packed webapp plus every dev dependency of this repository (third-party middleware, @types/express). */
let full: string;

interface Compiled {
  code: number;
  output: string;
  ms: number;
}

function compile(
  project: string,
  extraArgs: string[] = [],
  compiler: Compiler = 'ts7',
  build = false,
  timeout = TIMEOUT_MS,
): Promise<Compiled> {
  const started = performance.now();
  // `-b` must come first; otherwise the project's tsconfig.json. TypeScript 7 on one thread: the
  // other test files keep the cores busy, and its threads' checkers would each check the shared
  // declarations again (the matrix: 4.8 s of CPU on its default threads, 3.0 s on one).
  const threads = compiler === 'ts7' ? ['--singleThreaded'] : [];
  const args = build
    ? [...extraArgs, ...threads, '--pretty', 'false']
    : ['-p', join(project, 'tsconfig.json'), ...threads, '--pretty', 'false', ...extraArgs];
  return new Promise((done) => {
    execFile(
      process.execPath,
      [COMPILERS[compiler], ...args],
      // tsc is not webapp's code: no V8 coverage for it (it would only slow the compiler down).
      { cwd: project, timeout, maxBuffer: 16 * 1024 * 1024, env: withoutCoverage() },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        const killed = err?.killed ? `\ntsc killed after ${timeout} ms (${err.signal})` : '';
        done({ code, output: `${stdout}${stderr}${killed}`, ms: performance.now() - started });
      },
    );
  });
}

/**
 * Copies a fixture beside an installed project's node_modules; returns its config, `skipLibCheck` off:
 * every declaration file of the program is checked (webapp's, @types/node's, the middleware's), except
 * the compiler's own lib.*.d.ts (`skipDefaultLibCheck`), which say nothing of webapp and cost the
 * TypeScript 5.6 matrix about a seventh of its time.
 */
function prepare(name: string, compiler: Compiler, installed: string): string {
  // Minimal projects live where no parent has a node_modules (TypeScript 5 reads every parent's @types).
  const parent = installed === minimal ? bare : dir;
  const project = join(parent, `${name}-${compiler}`);
  cpSync(join(fixtures, name), project, { recursive: true });
  symlinkSync(join(installed, 'node_modules'), join(project, 'node_modules'), 'dir');
  // `tsc -b` takes no compiler options on its command line: the fixture's own tsconfig, extended.
  const config = join(project, 'tsconfig.check.json');
  const forms = MEMBER_FORMS[name];
  let files: string[] | undefined;
  if (forms !== undefined) {
    writeFileSync(join(project, 'members.ts'), memberChecks(root, forms));
    files = [
      ...(JSON.parse(readFileSync(join(project, 'tsconfig.json'), 'utf8')).files as string[]),
      'members.ts',
    ];
  }
  writeFileSync(
    config,
    JSON.stringify({
      extends: './tsconfig.json',
      compilerOptions: { skipLibCheck: false, skipDefaultLibCheck: true },
      ...(files && { files }),
    }),
  );
  return config;
}

/** The matrix fixtures that also check every runtime member of every entry point, and their import forms. */
const MEMBER_FORMS: Record<string, ImportForm[]> = {
  'node10-cjs': ['require', 'namespace', 'default member', 'named'],
  'node16-cjs': ['require', 'namespace', 'default', 'named'],
  'nodenext-esm': ['namespace', 'default', 'named'],
  'bundler-esm': ['namespace', 'default', 'named'],
};

interface MatrixBuild {
  code: number;
  output: string;
  /** Diagnostics by project config; those printed outside any project's section under ''. */
  errors: Map<string, string[]>;
}

/** Lines of `tsc -b --verbose` that report progress (`7:08:21 PM - Building project '…'...`). */
const PROGRESS = /^\d{1,2}[:.]\d{2}[:.]\d{2}\S*(?: [AP]M)? - |^ {4}\* /;
const BUILDING = /Building project '(.+)'\.\.\.$/;

/**
 * Type-checks every matrix fixture of one compiler with a single `tsc -b` over a solution that
 * references each fixture's config: one compiler process that parses lib.*.d.ts, @types/node and
 * webapp's declarations once and gives each fixture its own program (its own options and checker),
 * so a fixture passes exactly when it would compile alone. `--verbose` prints "Building project"
 * before each project's diagnostics, which attributes every error to its fixture.
 */
const matrixBuilds = new Map<Compiler, Promise<MatrixBuild>>();
function matrixBuild(compiler: Compiler): Promise<MatrixBuild> {
  let build = matrixBuilds.get(compiler);
  if (!build) {
    const configs = MATRIX.filter((entry) => entry.compilers.includes(compiler)).map((entry) =>
      prepare(entry.fixture, compiler, entry.project === 'minimal' ? minimal : full),
    );
    const solution = join(dir, `solution-${compiler}.json`);
    writeFileSync(solution, JSON.stringify({ files: [], references: configs.map((path) => ({ path })) }));
    const timeout = TIMEOUT_MS * configs.length;
    build = compile(dir, ['-b', solution, '--verbose', '--force'], compiler, true, timeout).then(
      ({ code, output }) => {
        const errors = new Map<string, string[]>([['', []]]);
        let current = '';
        for (const line of output.split('\n')) {
          const building = BUILDING.exec(line);
          if (building) {
            current = resolve(dir, building[1]!);
            errors.set(current, []);
          } else if (line.trim() !== '' && !PROGRESS.test(line)) {
            errors.get(current)!.push(line);
          }
        }
        return { code, output, errors };
      },
    );
    matrixBuilds.set(compiler, build);
  }
  return build;
}

/** Asserts that `fixture`'s project compiled without errors in its compiler's matrix build. */
async function check(fixture: string, compiler: Compiler, installed: string): Promise<void> {
  const { code, output, errors } = await matrixBuild(compiler);
  const config = join(installed === minimal ? bare : dir, `${fixture}-${compiler}`, 'tsconfig.check.json');
  const own = errors.get(config);
  assert.ok(own, `${compiler} did not build test/types/${fixture}:\n${output}`);
  const found = [...own, ...errors.get('')!];
  assert.deepEqual(found, [], `${compiler} reported errors in test/types/${fixture}:\n${found.join('\n')}`);
  const all = [...errors.values()].flat();
  assert.equal(code === 0, all.length === 0, `${compiler} exited with ${code}:\n${output}`);
}

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

/**
 * The single-project checks, started by before() so that they compile while the matrix builds (the
 * TypeScript 5.6 build is the slowest part of this file); each test awaits its own.
 */
let early: {
  errors: Promise<Compiled>;
  internal: Promise<Compiled>;
  members: Promise<{ members: string[]; result: Compiled }>;
  reference: Promise<{ lines: string[]; result: Compiled }>;
};

before(() => {
  assert.ok(
    existsSync(join(root, 'dist', 'index.d.ts')),
    'run `npm run build` first: dist/index.d.ts is missing',
  );
  ({ minimal, full } = installPacked());
  dir = mkdtempSync(join(tmpdir(), 'webapp-types-'));
  symlinkSync(join(full, 'node_modules'), join(dir, 'node_modules'), 'dir');
  bare = mkdtempSync(join(tmpdir(), 'webapp-types-bare-'));
  early = {
    errors: compileErrors(),
    internal: compile(join(fixtures, 'internal')),
    members: compileMembers(),
    reference: compileReference(),
  };
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (bare) rmSync(bare, { recursive: true, force: true });
});

/**
 * The matrix: each fixture compiled against the packed install by TypeScript 7 (the native compiler)
 * and 5.6 (the oldest supported), `skipLibCheck` off. TypeScript 7 has neither `moduleResolution
 * node10` nor `esModuleInterop: false`, so those fixtures run on 5.6 only; the fixtures that test
 * webapp's own types rather than a module mode (routes, express-port) run on 7 only, to keep this
 * fast. Each compiler checks all its fixtures in one `tsc -b` (see matrixBuild); the two run in parallel.
 */
const MATRIX: Array<{ fixture: string; what: string; compilers: Compiler[]; project?: 'minimal' }> = [
  {
    fixture: 'quick-start',
    what: 'only webapp and typescript installed, a default tsconfig plus strict (nodenext): the quick start compiles',
    compilers: ['ts7', 'ts5.6'],
    project: 'minimal',
  },
  {
    fixture: 'nodenext-esm',
    what: 'ESM consumer, module nodenext ("type": "module"); every middleware subpath by default, namespace and named imports',
    compilers: ['ts7', 'ts5.6'],
    project: 'minimal',
  },
  {
    fixture: 'node16-cjs',
    what: 'CommonJS consumer, module node16: the exports map; every middleware subpath callable under import = require, default, namespace and named imports, with its request augmentations',
    compilers: ['ts7', 'ts5.6'],
    project: 'minimal',
  },
  {
    fixture: 'bundler-esm',
    what: 'module esnext with moduleResolution bundler',
    compilers: ['ts7', 'ts5.6'],
    project: 'minimal',
  },
  {
    fixture: 'node10-cjs',
    what: 'module commonjs, moduleResolution node10, no esModuleInterop: typesVersions, subpaths by default import',
    compilers: ['ts5.6'],
    project: 'minimal',
  },
  {
    fixture: 'routes',
    what: 'route parameters are inferred from Express 4 paths; wrong uses do not compile',
    compilers: ['ts7'],
  },
  {
    fixture: 'ecosystem',
    what: 'middleware typed with @types/express (passport, multer, express-session, rate limit, helmet, cors, cookie-parser, morgan) is accepted under strict, with their augmentations',
    compilers: ['ts7', 'ts5.6'],
  },
  {
    fixture: 'express-interop',
    what: 'code typed for Express 4: handlers return void, express.RequestHandler in app.use, a webapp app and Router where express.Application / express.Router are wanted',
    compilers: ['ts7', 'ts5.6'],
  },
  {
    fixture: 'express-port',
    what: 'an Express 4 TypeScript app compiles by changing only the import',
    compilers: ['ts7'],
  },
];

describe('types matrix (packed install)', { concurrency: 4 }, () => {
  for (const { fixture, what, compilers, project } of MATRIX) {
    for (const compiler of compilers) {
      test(`${compiler}: ${what} (test/types/${fixture})`, async () => {
        await check(fixture, compiler, project === 'minimal' ? minimal : full);
      });
    }
  }
});

function compileErrors(): Promise<Compiled> {
  const project = join(bare, 'errors');
  cpSync(join(fixtures, 'errors'), project, { recursive: true });
  symlinkSync(join(minimal, 'node_modules'), join(project, 'node_modules'), 'dir');
  return compile(project, [], 'ts7');
}

test('the most common errors name Request, Response and the route params, never internal helpers (test/types/errors)', async () => {
  const { code, output } = await early.errors;
  assert.notEqual(code, 0, output);
  const errors = output
    .trim()
    .split('\n')
    .filter((line) => line.startsWith('index.ts('));
  assert.deepEqual(
    errors.map((line) => line.replace(/^index\.ts\(\d+,\d+\): /, '')),
    [
      "error TS2339: Property 'tab' does not exist on type '{ id: string; }'.",
      "error TS18049: 'req.session' is possibly 'null' or 'undefined'.",
      "error TS2339: Property 'nope' does not exist on type 'Request<{}, any, any, ParsedQs, Record<string, any>>'.",
    ],
    output,
  );
  assert.doesNotMatch(output, /Flatten|Scan<|Build</);
});

test('public option types accept everything the runtime options accept (checked against src)', async () => {
  const result = await early.internal;
  assert.equal(result.code, 0, `tsc reported errors in test/types/internal:\n${result.output}`);
});

function compileMembers(): Promise<{ members: string[]; result: Compiled }> {
  const exported = require(join(root, 'dist', 'index.js'));
  const builtIn = new Set(['length', 'name', 'prototype', 'arguments', 'caller']);
  const members = Object.getOwnPropertyNames(exported)
    .filter((name) => !builtIn.has(name))
    .sort();
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
      "import webapp = require('webappjs');",
      'type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;',
      `type Runtime = ${members.map((name) => JSON.stringify(name)).join(' | ')};`,
      'type Typed = keyof typeof webapp;',
      'export const untyped: Exclude<Runtime, Typed> extends never ? true : Exclude<Runtime, Typed> = true;',
      'export const missing: Exclude<Typed, Runtime> extends never ? true : Exclude<Typed, Runtime> = true;',
      'export const same: Equal<Runtime, Typed> = true;',
      '',
    ].join('\n'),
  );
  return compile(project).then((result) => ({ members, result }));
}

test('every runtime member of the export is typed, and every typed member exists', async () => {
  const { members, result } = await early.members;
  assert.ok(members.includes('Router') && members.includes('default'), members.join(', '));
  assert.equal(
    result.code,
    0,
    `runtime members ${members.join(', ')} differ from the typed ones:\n${result.output}`,
  );
});

function compileReference(): Promise<{ lines: string[]; result: Compiled }> {
  const pathToRegexp = require(join(root, 'node_modules', 'path-to-regexp')) as (
    path: string,
    keys: Array<{ name: string | number; optional: boolean }>,
  ) => RegExp;
  const literal = (value: string | number) =>
    typeof value === 'number' ? String(value) : JSON.stringify(value);
  const lines = [
    "import type { RouteParameters } from 'webappjs/core';",
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
  return compile(project).then((result) => ({ lines, result }));
}

test('RouteParameters finds the keys Express 4 finds (path-to-regexp 0.1) for each reference path', async () => {
  const { lines, result } = await early.reference;
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
    "import webapp = require('webappjs');\nexport const app = webapp();\n",
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
    'src/types/public.ts',
    'src/types/handlers.ts',
    'src/types/request.ts',
    'src/types/response.ts',
    'src/types/router.ts',
    'src/types/application.ts',
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

test("the public declarations need only node's types (no @types/qs, @types/express or other packages)", () => {
  // The build writes node's modules by their bare names (scripts/bare-builtins.mjs); @types/node has both.
  const builtins = new Set(builtinModules);
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
      else if (!specifier.startsWith('node:') && !builtins.has(specifier) && specifier !== 'node')
        external.add(`${specifier} (in ${file.slice(root.length + 1)})`);
    }
  }
  assert.ok(seen.size >= 6, [...seen].join(', '));
  assert.deepEqual([...external], []);
});

test("every declaration file in dist references node's types, and @types/node is a dependency", () => {
  const files = readdirSync(join(root, 'dist'), { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile() && entry.name.endsWith('.d.ts'),
  );
  assert.ok(files.length > 50, `${files.length} declaration files`);
  const missing = files
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    .filter((file) => {
      const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      return !info.typeReferenceDirectives.some((directive) => directive.fileName === 'node');
    });
  assert.deepEqual(missing, []);
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  assert.ok(pkg.dependencies['@types/node'], 'package.json dependencies lists @types/node');
});

test('require() of each middleware subpath is the middleware itself, with its named exports and default', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  // The first-party middleware subpaths, typed by their hand-written entries (webapp/lib/* are
  // Express's deep-require paths, webapp/http2 a module of server factories).
  const subpaths = Object.keys(pkg.exports).filter((key) =>
    String(pkg.exports[key].types ?? '').includes('/types/entries/'),
  );
  assert.ok(subpaths.length >= 7, subpaths.join(', '));
  for (const subpath of subpaths) {
    const name = subpath.slice(2);
    const mod = require(join(minimal, 'node_modules', 'webappjs', pkg.exports[subpath].require));
    assert.equal(typeof mod, 'function', name);
    assert.equal(typeof mod.default, 'function', name);
    assert.equal(mod.default.name, mod.name, name);
    assert.equal(mod.__esModule, true, name);
  }
});

test('webappjs/core is an empty module at run time, from require and from import', async () => {
  const project = join(dir, 'core-runtime');
  mkdirSync(project);
  writeFileSync(
    join(project, 'check.mjs'),
    [
      "import { createRequire } from 'node:module';",
      "import * as esm from 'webappjs/core';",
      "const cjs = createRequire(import.meta.url)('webappjs/core');",
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
