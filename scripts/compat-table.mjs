// Generates the compatibility table of docs/migration.md (package → status) from the compat test results.
// Runs each compiled test file build/test/compat/<package>.test.js on its own, so a failure is
// attributed to exactly one package, and reads the pass/fail counts from its TAP summary.
//
// Usage (after `npm run build:test`, which `npm test` runs):
//   node scripts/compat-table.mjs          prints the table
//   node scripts/compat-table.mjs --write  also replaces the docs/migration.md section between the markers
//                                          <!-- compat:start --> and <!-- compat:end -->
// Exits with status 1 when a package fails, so CI notices.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const COMPAT_DIR = 'build/test/compat';
const TARGET = 'docs/migration.md';
const START = '<!-- compat:start -->';
const END = '<!-- compat:end -->';
const CONCURRENCY = 4;

/** What each test file covers; the key is the file name, the packages are shown with versions. */
const COVERAGE = {
  'body-parser': {
    packages: ['body-parser'],
    kind: 'middleware',
    what: 'json/urlencoded/text/raw next to webapp parsers (`req._body`), errors',
  },
  compression: {
    packages: ['compression'],
    kind: 'middleware',
    what: 'gzip/br/deflate, threshold, streaming, `res.flush()` for SSE, sendFile',
  },
  'connect-flash': {
    packages: ['connect-flash'],
    kind: 'middleware',
    what: 'messages across a redirect with express-session and cookie-session',
  },
  'cookie-parser': {
    packages: ['cookie-parser'],
    kind: 'middleware',
    what: 'signed and JSON cookies, `res.cookie({ signed })` via `req.secret`',
  },
  'cookie-session': {
    packages: ['cookie-session'],
    kind: 'middleware',
    what: 'signed cookie sessions, clearing, maxAge, secure behind a proxy',
  },
  cors: {
    packages: ['cors'],
    kind: 'middleware',
    what: 'simple and preflight requests, origin lists and callbacks, per route',
  },
  'express-handlebars': {
    packages: ['express-handlebars'],
    kind: 'view engine',
    what: 'layouts and partials from `settings.views`, helpers, view cache',
  },
  'express-list-endpoints': {
    packages: ['express-list-endpoints'],
    kind: 'tool',
    what: 'routes, routers, sub-apps: same listing as on Express',
  },
  'express-rate-limit': {
    packages: ['express-rate-limit'],
    kind: 'middleware',
    what: 'limits, draft-7 and legacy headers, trust proxy validation',
  },
  'express-session': {
    packages: ['express-session'],
    kind: 'middleware',
    what: 'MemoryStore, save/regenerate/destroy, rolling, secure, cookie path',
  },
  'express-validator': {
    packages: ['express-validator'],
    kind: 'middleware',
    what: 'body/query/param/header/cookie chains, schemas, `req.query` mutation',
  },
  ejs: {
    packages: ['ejs'],
    kind: 'view engine',
    what: 'includes, `views` arrays, locals, view cache, errors',
  },
  hbs: {
    packages: ['hbs'],
    kind: 'view engine',
    what: 'layouts (default, named, `view options`), partials, helpers',
  },
  helmet: {
    packages: ['helmet'],
    kind: 'middleware',
    what: 'default headers, CSP nonces from `res.locals`, per router',
  },
  'http-proxy-middleware': {
    packages: ['http-proxy-middleware'],
    kind: 'middleware',
    what: 'mounted proxies, path rewrite, `fixRequestBody`, errors, WebSocket upgrade',
  },
  'method-override': {
    packages: ['method-override'],
    kind: 'middleware',
    what: 'header, query and body overrides; per-layer method matching',
  },
  morgan: {
    packages: ['morgan'],
    kind: 'middleware',
    what: 'combined, common, short, tiny and dev formats, `:response-time`, `req.ip` with trust proxy',
  },
  multer: {
    packages: ['multer'],
    kind: 'middleware',
    what: 'single/array/fields/none, disk and memory storage, limits, filters',
  },
  nunjucks: {
    packages: ['nunjucks'],
    kind: 'view engine',
    what: '`env.express(app)` custom View class, extends, include, filters',
  },
  passport: {
    packages: ['passport', 'passport-local'],
    kind: 'middleware',
    what: 'local login, sessions, logout, custom callbacks, `session: false`',
  },
  pug: { packages: ['pug'], kind: 'view engine', what: 'extends/include, locals, view cache, `app.render`' },
  'serve-favicon': {
    packages: ['serve-favicon'],
    kind: 'middleware',
    what: 'icon, caching headers, 304, OPTIONS/405',
  },
};

function version(pkg) {
  try {
    return JSON.parse(readFileSync(join('node_modules', pkg, 'package.json'), 'utf8')).version;
  } catch {
    return '?';
  }
}

/** Runs one test file; resolves with its pass/fail counts and exit status. */
function runFile(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--test', '--test-reporter=tap', file], {
      env: { ...process.env, NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.resume();
    child.on('close', (code) => {
      const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(out)?.[1] ?? 0);
      resolve({ pass: count('pass'), fail: count('fail') + count('cancelled'), code });
    });
  });
}

async function runAll(files) {
  const results = new Map();
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const name = files[next++];
      results.set(name, await runFile(join(COMPAT_DIR, `${name}.test.js`)));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}

function renderTable(results) {
  const rows = [...results.keys()].sort().map((name) => {
    const { pass, fail, code } = results.get(name);
    const info = COVERAGE[name] ?? { packages: [name], kind: '', what: '' };
    const packages = info.packages.map((p) => `\`${p}\` ${version(p)}`).join(' + ');
    const ok = code === 0 && fail === 0 && pass > 0;
    const status = ok ? `✅ passes (${pass} tests)` : `❌ fails (${fail} of ${pass + fail} tests)`;
    return `| ${packages} | ${info.kind} | ${status} | ${info.what} |`;
  });
  return [
    '| Package | Kind | Status on webapp | What the tests exercise |',
    '|---|---|---|---|',
    ...rows,
    '',
    `Generated by \`node scripts/compat-table.mjs --write\` from \`test/compat/\` (${rows.length} test files).`,
  ].join('\n');
}

function writeReadme(table) {
  const text = readFileSync(TARGET, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start === -1 || end === -1 || end < start) {
    throw new Error(`${TARGET} has no ${START} … ${END} section`);
  }
  const updated = `${text.slice(0, start + START.length)}\n${table}\n${text.slice(end)}`;
  if (updated !== text) writeFileSync(TARGET, updated);
  return updated !== text;
}

if (!existsSync(COMPAT_DIR)) {
  console.error(`${COMPAT_DIR} not found: run \`npm run build:test\` first`);
  process.exit(1);
}
const files = readdirSync(COMPAT_DIR)
  .filter((f) => f.endsWith('.test.js'))
  .map((f) => f.slice(0, -'.test.js'.length))
  .sort();
const results = await runAll(files);
const table = renderTable(results);
console.log(table);
if (process.argv.includes('--write')) {
  console.error(writeReadme(table) ? `updated ${TARGET}` : `${TARGET} already up to date`);
}
const failed = [...results].filter(([, r]) => r.code !== 0 || r.fail > 0).map(([name]) => name);
if (failed.length) {
  console.error(`failing: ${failed.join(', ')}`);
  process.exit(1);
}
