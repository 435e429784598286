/**
 * Docs that cannot drift: every JavaScript and TypeScript block of README.md and docs/ runs as written,
 * against the packed tarball installed as a stranger installs it (test/support/packed-install.ts), in
 * scratch projects outside this repository:
 * - JavaScript blocks run in a CommonJS project (`.cjs`; a block with `import`/`export` as `.mjs`), with
 *   this repository's dev dependencies installed beside the package (express-session, helmet, …);
 * - TypeScript blocks are compiled together in one project under the TypeScript guide's own tsconfig.json
 *   (its JSON block, in a `src/` layout) by TypeScript 7 and by 5.6, the oldest supported, then run.
 * Node runs with --preserve-symlinks: the package's optional peers (OpenTelemetry) resolve beside it, as in
 * an app that installed them. A block listens on any port it names: a preload turns it into a free one and reports it over IPC.
 * HTML comments right before a block say what to check (CONTRIBUTING.md lists them):
 *   <!-- test: GET /path → 200 {"json":true}; POST /x application/json {oops → 400 -->
 *   <!-- stdout: text or /regexp/ -->   <!-- stderr: text -->   <!-- setup: app -->   <!-- stub: name, … -->
 *   <!-- not-runnable: reason -->
 * Shell blocks: every package an `npm install` line names is this package or one the guides' readers
 * can install (a dependency of this repository). Diff blocks: every module a `+` line loads resolves.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { withoutCoverage } from '../support/child-env';
import { selfSignedCertificate } from '../support/http2';
import { installPacked } from '../support/packed-install';

const root = resolve(__dirname, '..', '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const NAME = pkg.name;
/** Generous: a block normally answers in well under a second; this only stops a hung one. */
const BLOCK_TIMEOUT_MS = 60_000;

// ---------------------------------------------------------------------------------------------------
// Reading the blocks

interface Request {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  status: number;
  expected?: string;
}

interface Block {
  file: string;
  line: number;
  lang: string;
  code: string;
  id: string;
  notRunnable?: string;
  setup: string[];
  stubs: string[];
  requests: Request[];
  stdout: string[];
  stderr: string[];
}

const DIRECTIVES = new Set(['test', 'stdout', 'stderr', 'setup', 'stub', 'not-runnable']);
const RUNNABLE = new Set(['js', 'cjs', 'mjs', 'ts']);

function markdownFiles(): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) =>
      relative(root, join(entry.parentPath ?? entry.path, entry.name))
        .split(sep)
        .join('/'),
    );
  return ['README.md', ...docs.sort()];
}

/** `GET /a name:value name:"a value" text/plain body → 200 expected`: a request and what it must get. */
function parseRequest(text: string, where: string): Request {
  const [left, right] = text.split('→').map((part) => part.trim());
  assert.ok(left && right, `${where}: a request needs "→ status": ${text}`);
  const start = /^([A-Z]+)\s+(\/\S*)\s*/.exec(left);
  assert.ok(start, `${where}: a method and a path: ${text}`);
  let rest = left.slice(start[0].length);
  const headers: Record<string, string> = {};
  for (
    let header = /^([A-Za-z-]+):(?:"([^"]*)"|(\S+))\s*/.exec(rest);
    header;
    header = /^([A-Za-z-]+):(?:"([^"]*)"|(\S+))\s*/.exec(rest)
  ) {
    headers[header[1]!.toLowerCase()] = header[2] ?? header[3]!;
    rest = rest.slice(header[0].length);
  }
  let body: string | undefined;
  if (rest !== '') {
    const [type, ...words] = rest.split(' ');
    headers['content-type'] = type!;
    body = words.join(' ');
  }
  const status = /^(\d{3})(?:\s+([\s\S]*))?$/.exec(right!);
  assert.ok(status, `${where}: a status after →: ${text}`);
  return {
    method: start[1]!,
    path: start[2]!,
    headers,
    body,
    status: Number(status[1]),
    expected: status[2],
  };
}

function readBlocks(file: string): Block[] {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\w*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^\s*```\s*$/.test(lines[i]!); i++) body.push(lines[i]!.slice(indent));
    const where = `${file}:${start + 1}`;
    const block: Block = {
      file,
      line: start + 1,
      lang: open[2]!,
      code: `${body.join('\n')}\n`,
      id: `${file.replace(/\W+/g, '-')}-${start + 1}`,
      setup: [],
      stubs: [],
      requests: [],
      stdout: [],
      stderr: [],
    };
    for (let j = start - 1; j >= 0; j--) {
      const comment = /^\s*<!--\s*([\w-]+):\s*([\s\S]*?)\s*-->\s*$/.exec(lines[j]!);
      if (!comment) break;
      const [, key, value] = comment as unknown as [string, string, string];
      assert.ok(DIRECTIVES.has(key), `${where}: unknown directive ${key}`);
      if (key === 'not-runnable') {
        assert.ok(value.length > 3, `${where}: not-runnable needs a reason`);
        block.notRunnable = value;
      } else if (key === 'test') {
        block.requests.unshift(...value.split(/;\s+(?=[A-Z]+ \/)/).map((text) => parseRequest(text, where)));
      } else if (key === 'setup') block.setup.push(...value.split(/[\s,]+/));
      else if (key === 'stub') block.stubs.push(...value.split(/[\s,]+/));
      else if (key === 'stdout') block.stdout.push(value);
      else block.stderr.push(value);
    }
    blocks.push(block);
  }
  return blocks;
}

const ALL = markdownFiles().flatMap(readBlocks);
const RUN = ALL.filter((block) => RUNNABLE.has(block.lang) && block.notRunnable === undefined);
const JS = RUN.filter((block) => block.lang !== 'ts');
const TS = RUN.filter((block) => block.lang === 'ts');
const typescriptGuide = 'docs/guide/typescript.md';
const TSCONFIG = ALL.find((block) => block.file === typescriptGuide && block.lang === 'json');

// ---------------------------------------------------------------------------------------------------
// Writing the blocks as programs

type Mode = 'cjs' | 'esm' | 'ts';

function modeOf(block: Block): Mode {
  if (block.lang === 'ts') return 'ts';
  if (block.lang === 'mjs') return 'esm';
  if (block.lang === 'cjs') return 'cjs';
  return /^\s*(?:import\s+[\w{*'"]|export\s)/m.test(block.code) ? 'esm' : 'cjs';
}

/** Stand-ins a fragment names (`<!-- stub: db -->`); any other name is a route handler. */
const FIXTURES: Record<string, { js: string; ts?: string }> = {
  db: {
    js: "const db = { users: { find: async (id) => (id === '1' ? { id, name: 'Ada' } : undefined) }, end: async () => {} };",
    ts: "const db = { users: { find: async (id: string) => (id === '1' ? { id, name: 'Ada' } : undefined) } };",
  },
  orders: { js: "const orders = { find: async (id) => (id === '42' ? { id, total: 10 } : undefined) };" },
  accounts: {
    js: "const accounts = { byToken: async (token) => (token === 'Bearer t0k3n' ? { name: 'ada' } : undefined) };",
  },
  users: {
    js: "const users = { verify: (user, pass, done) => done(null, user === 'ada' && pass === 'pw' ? user : false) };",
  },
  log: { js: 'const log = (...args) => console.log(...args);' },
  data: { js: "const data = { title: 'Q3' };" },
  key: { js: "const key = 'a session key';" },
  fs: { js: "const fs = require('node:fs');" },
  path: { js: "const path = require('node:path');" },
};

function stub(name: string, mode: Mode): string {
  const fixture = FIXTURES[name];
  if (fixture) {
    const code = mode === 'ts' ? (fixture.ts ?? fixture.js) : fixture.js;
    return mode === 'esm' ? code.replace(/require\(('[^']+')\)/, '(await import($1)).default') : code;
  }
  const params =
    mode === 'ts' ? "req: import('webappjs').Request, res: import('webappjs').Response" : 'req, res';
  return `function ${name}(${params}) { res.json({ handler: '${name}', params: req.params }); }`;
}

function program(block: Block, mode: Mode): string {
  const head: string[] = [];
  if (block.setup.includes('app')) {
    // An import is hoisted: a block's own `import webapp` serves the setup's app as well.
    const imports = mode !== 'cjs' && /^import\s+webapp\b/m.test(block.code);
    assert.ok(
      imports || !/\b(?:const|let|var|import)\s+webapp\b/.test(block.code),
      `${block.file}:${block.line}: setup app, but the block makes its own webapp`,
    );
    if (mode === 'cjs') head.push(`const webapp = require('${NAME}');`);
    else if (!imports) head.push(`import webapp from '${NAME}';`);
    head.push('const app = webapp();');
  }
  if (block.setup.includes('webapp')) {
    head.push(mode === 'cjs' ? `const webapp = require('${NAME}');` : `import webapp from '${NAME}';`);
  }
  for (const name of block.setup)
    assert.ok(name === 'app' || name === 'webapp', `${block.file}:${block.line}: unknown setup ${name}`);
  for (const name of block.stubs) head.push(stub(name, mode));
  const tail: string[] = [];
  // A fragment that is asked requests is served by the setup's app.
  if (block.setup.includes('app') && block.requests.length > 0 && !/\.listen\(/.test(block.code)) {
    tail.push('app.listen(3000);');
  }
  // Every TypeScript file is a module: top-level names stay its own.
  if (mode === 'ts') tail.push('export {};');
  // After the block's own imports: compiled to CommonJS, an import is not hoisted above the setup.
  const lines = block.code.split('\n');
  let imports = 0;
  while (imports < lines.length && /^(?:import\s|\s*$|\/\/)/.test(lines[imports]!)) imports++;
  return [...lines.slice(0, imports), ...head, ...lines.slice(imports), ...tail].join('\n');
}

// Any port a block names becomes a free one; the test learns it over IPC. The channel does not keep
// a block that never listens alive.
const PRELOAD = `
const net = require('node:net');
process.channel?.unref();
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\\d+$/.test(args[0]))) args[0] = 0;
  else if (args[0] && typeof args[0] === 'object' && 'port' in args[0]) args[0] = { ...args[0], port: 0 };
  this.once('listening', () => process.send?.({ port: this.address().port }));
  return listen.apply(this, args);
};
`;

/** The environment the guides' samples read. */
const ENV = {
  SESSION_KEY: 'a session key',
  SESSION_SECRET: 'a session secret',
  ADMIN_PASSWORD: 'pw',
  PORT: '3000',
};

// ---------------------------------------------------------------------------------------------------
// Running

let scratch: string;
let jsProject: string;
let tsProject: string;
let installed: ReturnType<typeof installPacked>;
const compiled = new Map<'ts7' | 'ts5.6', Promise<{ code: number; output: string }>>();

function compile(compiler: 'ts7' | 'ts5.6'): Promise<{ code: number; output: string }> {
  const bin = join(root, 'node_modules', compiler === 'ts7' ? 'typescript7' : 'typescript5', 'bin', 'tsc');
  // The guide's own tsconfig as it is; TypeScript 5.6 writes elsewhere, so the two can run at once.
  const args = compiler === 'ts7' ? ['--singleThreaded'] : ['--outDir', 'dist-ts5'];
  return new Promise((done) => {
    execFile(
      process.execPath,
      [bin, '-p', 'tsconfig.json', '--pretty', 'false', ...args],
      { cwd: tsProject, env: withoutCoverage(), maxBuffer: 16 * 1024 * 1024, timeout: 300_000 },
      (err, stdout, stderr) => done({ code: err ? Number(err.code) || 1 : 0, output: `${stdout}${stderr}` }),
    );
  });
}

before(async () => {
  installed = installPacked();
  scratch = mkdtempSync(join(tmpdir(), 'webapp-docs-'));
  jsProject = join(scratch, 'js');
  mkdirSync(jsProject);
  writeFileSync(join(jsProject, 'package.json'), JSON.stringify({ name: 'docs-js', private: true }));
  symlinkSync(join(installed.full, 'node_modules'), join(jsProject, 'node_modules'), 'dir');
  writeFileSync(join(scratch, 'preload.cjs'), PRELOAD);
  // What the HTTP/2 guide's sample reads from its working directory.
  const { key, cert } = await selfSignedCertificate();
  writeFileSync(join(jsProject, 'key.pem'), key);
  writeFileSync(join(jsProject, 'cert.pem'), cert);
  for (const block of JS) {
    const mode = modeOf(block);
    writeFileSync(join(jsProject, `${block.id}.${mode === 'esm' ? 'mjs' : 'cjs'}`), program(block, mode));
  }
  // A fresh project as the TypeScript guide sets it up: its package.json (CommonJS), its tsconfig, src/.
  tsProject = join(scratch, 'ts');
  mkdirSync(join(tsProject, 'src'), { recursive: true });
  writeFileSync(join(tsProject, 'package.json'), JSON.stringify({ name: 'docs-ts', private: true }));
  assert.ok(TSCONFIG, `${typescriptGuide} has a tsconfig.json block`);
  writeFileSync(join(tsProject, 'tsconfig.json'), TSCONFIG.code);
  symlinkSync(join(installed.minimal, 'node_modules'), join(tsProject, 'node_modules'), 'dir');
  for (const block of TS) writeFileSync(join(tsProject, 'src', `${block.id}.ts`), program(block, 'ts'));
  compiled.set('ts7', compile('ts7'));
  compiled.set('ts5.6', compile('ts5.6'));
});

after(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** A cookie jar of one block's requests, so a session sample can be asked twice. */
function withCookies(jar: Map<string, string>, headers: Record<string, string>): Record<string, string> {
  if (jar.size === 0) return headers;
  const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  return { ...headers, cookie };
}

async function ask(port: number, request: Request, jar: Map<string, string>, where: string): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}${request.path}`, {
    method: request.method,
    headers: withCookies(jar, request.headers),
    body: request.body,
    redirect: 'manual',
  });
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    jar.set(pair!.slice(0, at), pair!.slice(at + 1));
  }
  const text = await res.text();
  const label = `${where}: ${request.method} ${request.path}`;
  assert.equal(res.status, request.status, `${label} → ${res.status} ${text}`);
  const expected = request.expected;
  if (expected === undefined) return;
  if (/^[[{"]/.test(expected)) assert.deepEqual(JSON.parse(text), JSON.parse(expected), label);
  else if (expected.startsWith('~')) assert.ok(text.includes(expected.slice(1)), `${label}: ${text}`);
  else assert.equal(text, expected, label);
}

/** Whether `output` has `expected`: a text, or `/a regexp/`. */
function shows(output: string, expected: string): boolean {
  const regexp = /^\/(.+)\/$/.exec(expected);
  return regexp ? new RegExp(regexp[1]!).test(output) : output.includes(expected);
}

/** Runs one block's program; asks its requests once it listens; checks what it printed. */
async function runBlock(block: Block, file: string, cwd: string): Promise<void> {
  const where = `${block.file}:${block.line}`;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--preserve-symlinks', '--require', join(scratch, 'preload.cjs'), file],
    {
      cwd,
      env: withoutCoverage({ ...process.env, ...ENV, NODE_ENV: 'test' }),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const guard = setTimeout(() => child.kill('SIGKILL'), BLOCK_TIMEOUT_MS);
  try {
    const port = await Promise.race([
      new Promise<number>((done) => child.once('message', (message: { port: number }) => done(message.port))),
      exited.then(() => undefined),
    ]);
    if (port === undefined) {
      assert.equal(await exited, 0, `${where} exited with an error:\n${stderr}`);
      assert.deepEqual(block.requests, [], `${where} has requests to ask but never listened`);
    } else {
      const jar = new Map<string, string>();
      for (const request of block.requests) await ask(port, request, jar, where);
      // What it prints for those requests may come after the answers: wait for it or for the exit.
      const printed = () => block.stdout.every((text) => shows(stdout, text));
      while (!printed() && child.exitCode === null) {
        await Promise.race([new Promise((more) => child.stdout!.once('data', more)), exited]);
      }
      child.kill();
      await exited;
    }
    for (const text of block.stdout)
      assert.ok(shows(stdout, text), `${where} printed ${JSON.stringify(stdout)}, not ${text}`);
    if (block.stderr.length === 0) assert.equal(stderr, '', `${where} wrote to stderr`);
    for (const text of block.stderr)
      assert.ok(stderr.includes(text), `${where} wrote ${JSON.stringify(stderr)}`);
  } finally {
    clearTimeout(guard);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

describe('JavaScript blocks of README.md and docs/ run against the packed package', {
  concurrency: 2,
}, () => {
  for (const block of JS) {
    const mode = modeOf(block);
    test(`${block.file}:${block.line} (${mode === 'esm' ? 'ESM' : 'CommonJS'})`, () =>
      runBlock(block, join(jsProject, `${block.id}.${mode === 'esm' ? 'mjs' : 'cjs'}`), jsProject));
  }
});

/** tsc's diagnostics, `src/<id>.ts(l,c): …`, named by the doc block they come from. */
function diagnostics(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const at = /^src\/(.+?)\.ts\((\d+),\d+\)/.exec(line);
      const block = at && TS.find((candidate) => candidate.id === at[1]);
      return block ? `${block.file}:${block.line} (line ${at[2]} of its program): ${line}` : line;
    });
}

describe("TypeScript blocks compile under the TypeScript guide's tsconfig, then run", {
  concurrency: 4,
}, () => {
  for (const compiler of ['ts7', 'ts5.6'] as const) {
    test(`${compiler === 'ts7' ? 'TypeScript 7' : 'TypeScript 5.6'} compiles every block (src/ layout)`, async () => {
      const { code, output } = await compiled.get(compiler)!;
      assert.deepEqual(diagnostics(output), []);
      assert.equal(code, 0, output);
    });
  }
  for (const block of TS) {
    test(`${block.file}:${block.line} (TypeScript 7's output)`, async () => {
      await compiled.get('ts7');
      await runBlock(block, join(tsProject, 'dist', `${block.id}.js`), tsProject);
    });
  }
});

test('every code block runs, or its reason not to is given', () => {
  const silent = ALL.filter(
    (block) =>
      block.notRunnable === undefined &&
      !RUNNABLE.has(block.lang) &&
      !['sh', 'diff', 'json'].includes(block.lang),
  );
  assert.deepEqual(
    silent.map((block) => `${block.file}:${block.line} (${block.lang || 'no language'})`),
    [],
    'a block in another language needs <!-- not-runnable: reason -->',
  );
  // The checker finds what it must: a regression to zero blocks would pass vacuously.
  assert.ok(JS.length >= 30 && TS.length >= 8, `${JS.length} JavaScript and ${TS.length} TypeScript blocks`);
  assert.ok(RUN.filter((block) => block.requests.length > 0).length >= 20, 'most blocks are asked requests');
});

test('every package an `npm install` line names can be installed; the package by its own name', () => {
  const known = new Set([
    NAME,
    ...Object.keys(pkg.dependencies),
    ...Object.keys(pkg.devDependencies),
    'typescript',
  ]);
  const lines = ALL.filter((block) => block.lang === 'sh').flatMap((block) =>
    block.code
      .split('\n')
      .flatMap((line) => line.replace(/#.*/, '').split(/&&|;/))
      .filter((line) => /^\s*npm (?:install|i)\b/.test(line))
      .map((line) => ({ where: `${block.file}:${block.line}`, line })),
  );
  assert.ok(
    lines.some(({ line }) => line.includes(`npm install ${NAME}`)),
    'the install line is there',
  );
  for (const { where, line } of lines) {
    const names = line
      .trim()
      .split(/\s+/)
      .slice(2)
      .filter((word) => !word.startsWith('-'))
      .map((word) => word.replace(/(?<=.)@[^/]*$/, ''));
    for (const name of names) assert.ok(known.has(name), `${where}: ${name} in ${line}`);
  }
});

test('every module a migration diff loads resolves in a project that installed the package', () => {
  const load = createRequire(join(jsProject, 'index.js'));
  const added = ALL.filter((block) => block.lang === 'diff').flatMap((block) =>
    block.code
      .split('\n')
      .filter((line) => line.startsWith('+'))
      .flatMap((line) => [...line.matchAll(/(?:require\(|from\s+)'([^']+)'/g)].map((m) => m[1]!)),
  );
  assert.ok(added.length >= 3, added.join(', '));
  for (const specifier of added)
    assert.ok(load.resolve(specifier).includes(`node_modules${sep}${NAME}`), specifier);
});
