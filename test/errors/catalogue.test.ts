/**
 * The error catalogue (src/errors/catalogue.ts) is the only place src/ builds an error: this scans the
 * sources for an inline `new Error(…)`, `new TypeError(…)`, `createHttpError(…)`, …; checks every code
 * is unique, well formed and documented in docs/errors.md with its class and status; builds every
 * entry; and checks real failures reached through the public API carry their code.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';

import { ERRORS, HTTP_ERRORS, httpError, stackAsExpress, webappError } from '../../src/errors/catalogue';

import webapp = require('../../src/index');

import { request } from '../support/http';
import { sourceFiles } from '../support/sources';

const ROOT = join(__dirname, '..', '..', '..');
const SRC = join(ROOT, 'src');
const CATALOGUE = 'src/errors/catalogue.ts';
const MARKER = 'error-catalogue-exempt:';
const page = readFileSync(join(ROOT, 'docs', 'errors.md'), 'utf8');

const CODE_RULE = /^(WEBAPP_[A-Z0-9_]+|E[A-Z]+|ERR_[A-Z_]+|[a-z]+(\.[a-zA-Z]+)+)$/;

/** An error built in place: `new XError(` for any error class, or a call of the http-errors primitive. */
const CREATES = /\bnew\s+(?:[A-Z]\w*)?Error\s*\(|(?<!function\s)\bcreateHttpError\s*\(/;

/** Whether `line` is (part of) a comment: doc-comment examples mention `new Error(` harmlessly. */
function isComment(line: string): boolean {
  const text = line.trim();
  return text.startsWith('*') || text.startsWith('//') || text.startsWith('/*');
}

/** The exempting marker on the line itself or in the comment lines right above it, with its reason. */
function exemption(lines: string[], index: number): string | undefined {
  const inline = lines[index].indexOf(MARKER);
  if (inline !== -1) return lines[index].slice(inline + MARKER.length).trim();
  for (let i = index - 1; i >= 0 && isComment(lines[i]); i--) {
    const at = lines[i].indexOf(MARKER);
    if (at !== -1) return lines[i].slice(at + MARKER.length).trim();
  }
  return undefined;
}

/** Every code documented in a table row of docs/errors.md, with the row's Class and Status cells. */
function documentedRows(): Map<string, { cls: string; status: string; carried: string }> {
  const rows = new Map<string, { cls: string; status: string; carried: string }>();
  for (const line of page.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const code = /^`([^`]+)`$/.exec(cells[1] ?? '')?.[1];
    if (!code || cells.length < 8) continue;
    assert.ok(!rows.has(code), `docs/errors.md lists ${code} twice`);
    rows.set(code, { cls: cells[2], status: cells[3], carried: cells[4] });
  }
  return rows;
}

/** Builds the error of any code, every message argument a string. */
function build(code: string): Error & Record<string, unknown> {
  const table: Record<string, { readonly message?: unknown; readonly status?: number }> = {
    ...ERRORS,
    ...HTTP_ERRORS,
  };
  const message = table[code].message;
  const args = typeof message === 'function' ? Array.from({ length: message.length }, () => 'x') : [];
  if (Object.hasOwn(ERRORS, code)) {
    const make = webappError as unknown as (
      code: string,
      ...args: unknown[]
    ) => Error & Record<string, unknown>;
    return make(code, ...args);
  }
  const make = httpError as unknown as (
    code: string,
    props?: object,
    ...args: unknown[]
  ) => Error & Record<string, unknown>;
  return make(code, undefined, ...args);
}

describe('error catalogue: one home', () => {
  test('no file in src/ builds an error outside the catalogue, short of a marked and explained site', () => {
    const inline: string[] = [];
    const exempt: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const name = relative(ROOT, file).split('\\').join('/');
      if (name === CATALOGUE) continue;
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (isComment(line) || !CREATES.test(line)) return;
        const reason = exemption(lines, index);
        if (reason === undefined) inline.push(`${name}:${index + 1}: ${line.trim()}`);
        else {
          assert.ok(reason.length > 20, `${name}:${index + 1}: the exemption must say why`);
          exempt.push(name);
        }
      });
    }
    assert.deepEqual(
      inline,
      [],
      'build these errors with webappError()/httpError() from src/errors/catalogue.ts',
    );
    // The exemptions, each explained at its site: the http-errors primitive the catalogue builds on, the
    // wrapper of a non-Error thrown by a user's `verify`, and the DeprecationWarning (codes below).
    assert.deepEqual(exempt.sort(), ['src/body/errors.ts', 'src/http/errors.ts', 'src/utils/deprecate.ts']);
  });

  test('the scan catches what it is meant to catch', () => {
    assert.ok(CREATES.test("throw new TypeError('x')"));
    assert.ok(CREATES.test('next(new Error(`x`))'));
    assert.ok(CREATES.test("return new RangeError('x')"));
    assert.ok(CREATES.test("next(createHttpError(404, 'x'))"));
    assert.ok(!CREATES.test('export function createHttpError('));
    assert.ok(!CREATES.test("throw webappError('WEBAPP_X')"));
    assert.ok(isComment(" * next(new Error('denied'))"));
    const lines = [
      '  // error-catalogue-exempt: a reason long enough to read',
      '  // more',
      "  new Error('x')",
    ];
    assert.equal(exemption(lines, 2), 'a reason long enough to read');
    assert.equal(exemption(['const a = 1;', "new Error('x')"], 1), undefined);
  });
});

describe('error catalogue: codes', () => {
  const codes = [...Object.keys(ERRORS), ...Object.keys(HTTP_ERRORS)];

  test('every code is unique across both tables and follows the naming rule', () => {
    assert.equal(new Set(codes).size, codes.length);
    for (const code of codes) assert.match(code, CODE_RULE);
  });

  test('every code is documented in docs/errors.md with its class, status and carrier', () => {
    const rows = documentedRows();
    for (const [code, entry] of Object.entries(ERRORS)) {
      const row = rows.get(code);
      assert.ok(row, `docs/errors.md does not list ${code}`);
      assert.equal(row.cls, entry.class, code);
      assert.equal(row.status, '—', code);
      const bare = 'bare' in entry && entry.bare;
      assert.equal(
        row.carried,
        bare ? 'none' : code.startsWith('WEBAPP_') ? '`code` (hidden)' : '`code`',
        code,
      );
    }
    for (const [code, entry] of Object.entries(HTTP_ERRORS)) {
      const row = rows.get(code);
      assert.ok(row, `docs/errors.md does not list ${code}`);
      assert.equal(row.cls, 'HttpError', code);
      assert.equal(row.status, String(entry.status), code);
      assert.ok(row.carried.startsWith(entry.carrier === 'none' ? 'none' : `\`${entry.carrier}\``), code);
    }
  });

  test('every deprecation code in src/ is documented, and the page lists no code that does not exist', () => {
    const deprecations = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bdeprecate\(\s*'([^']+)'/g))
        deprecations.add(match[1]);
    }
    assert.ok(deprecations.size > 10);
    const rows = documentedRows();
    const deprecationSection = page.slice(page.indexOf('## Deprecations'));
    for (const code of deprecations) {
      assert.match(code, /^WEBAPP_[A-Z0-9_]+$/);
      assert.ok(deprecationSection.includes(`| \`${code}\` |`), `docs/errors.md does not list ${code}`);
    }
    const known = new Set([...codes, ...deprecations]);
    for (const code of rows.keys()) assert.ok(known.has(code), `docs/errors.md lists unknown ${code}`);
  });

  test('every entry builds: its class, a message, and the code where the catalogue says it goes', () => {
    for (const [code, entry] of Object.entries(ERRORS)) {
      const err = build(code);
      assert.equal(err.constructor.name, entry.class, code);
      assert.equal(typeof err.message, 'string');
      assert.ok(err.message.length > 0, code);
      const bare = 'bare' in entry && entry.bare;
      assert.equal(Object.hasOwn(err, 'code'), !bare, code);
      if (!bare) {
        assert.equal(err.code, code);
        // Webapp's own codes stay out of serializations, which then match Express's errors.
        assert.equal(Object.keys(err).includes('code'), !code.startsWith('WEBAPP_'), code);
      }
      // The code shows in the stack's first line as node's own errors show theirs; name and message do not change.
      const first = String(err.stack).split('\n')[0];
      if (bare || !code.startsWith('WEBAPP_')) assert.equal(first.startsWith(`${entry.class}: `), true, code);
      else assert.equal(first.startsWith(`${entry.class} [${code}]: `), true, `${code}: ${first}`);
      assert.equal(err.name, entry.class, code);
      assert.ok(!Object.hasOwn(err, 'name'), code);
      assert.equal(String(err), `${entry.class}: ${err.message}`, code);
      // The stack starts where the error was asked for, not inside the catalogue.
      assert.ok(
        !String(err.stack)
          .split('\n')[1]
          .includes(join('src', 'errors', 'catalogue')),
        code,
      );
    }
    for (const [code, entry] of Object.entries(HTTP_ERRORS)) {
      const err = build(code);
      assert.equal(err.status, entry.status, code);
      assert.equal(err.statusCode, entry.status, code);
      assert.equal(err.expose, entry.status < 500, code);
      assert.ok(err.message.length > 0, code);
      if (entry.carrier === 'type') {
        assert.equal(err.type, code);
        assert.equal(err.code, code === 'request.aborted' ? 'ECONNABORTED' : undefined, code);
      } else if (entry.carrier === 'code') assert.equal(err.code, code);
      else assert.ok(!('code' in err), code);
      const first = String(err.stack).split('\n')[0];
      const tagged = entry.carrier === 'code' && code.startsWith('WEBAPP_');
      assert.equal(
        first,
        tagged ? `${err.name} [${code}]: ${err.message}` : `${err.name}: ${err.message}`,
        code,
      );
    }
  });

  test('a status-only entry takes the reason phrase; message arguments and props reach the error', () => {
    assert.equal(httpError('WEBAPP_STATIC_NOT_FOUND').message, 'Not Found');
    const big = httpError('ESESSIONTOOLARGE', { size: 5000, limit: 4096 }, 'sess', 5000, 4096);
    assert.equal(
      big.message,
      'cookieSession: the session cookie "sess" would be 5000 bytes, over the 4096-byte limit of browsers',
    );
    assert.deepEqual([big.code, big.size, big.limit, big.status], ['ESESSIONTOOLARGE', 5000, 4096, 500]);
    const encoding = httpError('encoding.unsupported', { encoding: 'zz' }, 'zz', true);
    assert.equal(encoding.message, 'unsupported content encoding "zz"');
    assert.equal(
      httpError('encoding.unsupported', {}, 'gzip', false).message,
      'content encoding unsupported',
    );
    assert.equal(
      webappError('WEBAPP_ROUTE_METHOD_NOT_FUNCTION', 'get', 'Undefined').message,
      'Route.get() requires a callback function but got a Undefined',
    );
  });
});

describe('error catalogue: real failures carry their code', () => {
  test('app.use() without a function', () => {
    assert.throws(() => webapp().use('/x'), { name: 'TypeError', code: 'WEBAPP_APP_USE_NO_MIDDLEWARE' });
    assert.throws(() => webapp.Router().use('/', 42 as never), {
      message: 'Router.use() requires a middleware function but got a number',
      code: 'WEBAPP_ROUTER_USE_NOT_FUNCTION',
    });
    assert.throws(() => webapp().get('/', undefined as never), { code: 'WEBAPP_ROUTE_METHOD_NOT_FUNCTION' });
  });

  test('the one difference from Express: a code Express lacks, hidden from serializations (docs/differences.md)', () => {
    const express = require('express');
    const caught = (lib: () => { use: (path: string) => unknown }): Error & { code?: string } => {
      try {
        lib().use('/x');
      } catch (err) {
        return err as Error & { code?: string };
      }
      throw new Error('no throw');
    };
    const theirs = caught(express);
    const ours = caught(webapp as never);
    assert.equal(theirs.code, undefined);
    assert.equal(ours.code, 'WEBAPP_APP_USE_NO_MIDDLEWARE');
    assert.equal(ours.message, theirs.message);
    assert.equal(JSON.stringify(ours), JSON.stringify(theirs));
    assert.deepEqual({ ...ours }, { ...theirs });
  });

  test('an uncaught WEBAPP_ error names its code in the first line node prints of it', () => {
    const entry = JSON.stringify(join(__dirname, '..', '..', 'src', 'index.js'));
    const child = spawnSync(process.execPath, ['-e', `require(${entry})().use('/x');`], { encoding: 'utf8' });
    assert.notEqual(child.status, 0);
    const lines = child.stderr.split('\n');
    const first = lines.find((line) => /^\w*Error/.test(line));
    assert.equal(first, 'TypeError [WEBAPP_APP_USE_NO_MIDDLEWARE]: app.use() requires a middleware function');
    // The code is not printed a second time as an enumerable property, as under Express.
    assert.ok(!child.stderr.includes("code: 'WEBAPP_"), child.stderr);
  });

  test("the default error page shows the stack's first line as Express does, without the code", async () => {
    const build = (lib: any) => {
      const app = lib();
      app.set('env', 'development');
      app.get('/', (req: any) => req.get());
      return app;
    };
    const firstLine = (body: string) => /<pre>([^<]*)<br>/.exec(body)?.[1];
    const ours = await request(build(webapp) as never, {});
    const theirs = await request(build(require('express')) as never, {});
    assert.equal(ours.status, 500);
    assert.equal(firstLine(ours.body), 'TypeError: name argument is required to req.get');
    assert.equal(firstLine(ours.body), firstLine(theirs.body));
    const tagged = webappError('WEBAPP_REQ_GET_NAME_REQUIRED');
    assert.equal(stackAsExpress(tagged), tagged.stack?.replace(' [WEBAPP_REQ_GET_NAME_REQUIRED]', ''));
    // Anything else is left as it is.
    const plain = new Error('x');
    assert.equal(stackAsExpress(plain), plain.stack);
    const untagged = Object.assign(new Error('y'), { code: 'WEBAPP_X' });
    assert.equal(stackAsExpress(untagged), untagged.stack);
    const later = { stack: 'Error: a\n    at x [WEBAPP_X]: b', code: 'WEBAPP_X' };
    assert.equal(stackAsExpress(later), later.stack);
    assert.equal(stackAsExpress({ stack: 42, code: 'WEBAPP_X' }), 42);
    assert.equal(stackAsExpress(null), undefined);
  });

  test('a route pattern that cannot be matched in linear time', () => {
    assert.throws(() => webapp().get('/:a((a+)+\\2)z', () => undefined), {
      name: 'TypeError',
      code: 'WEBAPP_ROUTE_PATTERN_UNSAFE',
    });
  });

  test('res.status() with a bad code, and a handler rejecting with nothing', async () => {
    const app = webapp();
    app.get('/status', (_req, res) => {
      res.status('abc' as never);
    });
    app.get('/reject', () => Promise.reject(undefined));
    app.use((err: Error & { code?: string }, _req: unknown, res: webapp.Response, _next: unknown) => {
      res.status(500).json({ name: err.name, code: err.code, keys: Object.keys(err) });
    });
    const status = await request(app as never, { path: '/status' });
    assert.deepEqual(JSON.parse(status.body), {
      name: 'TypeError',
      code: 'WEBAPP_RES_STATUS_NOT_INTEGER',
      keys: [],
    });
    const reject = await request(app as never, { path: '/reject' });
    assert.deepEqual(JSON.parse(reject.body), { name: 'Error', code: 'WEBAPP_PROMISE_REJECTED', keys: [] });
  });

  test("res.sendFile() with a relative path and no root: Express's error, message from the catalogue, no code", async () => {
    const app = webapp();
    app.get('/', (_req, res) => res.sendFile('relative.txt'));
    app.use((err: Error & { code?: string }, _req: unknown, res: webapp.Response, _next: unknown) => {
      res.status(500).json({ name: err.name, message: err.message, hasCode: 'code' in err });
    });
    const res = await request(app as never);
    assert.deepEqual(JSON.parse(res.body), {
      name: 'TypeError',
      message: ERRORS.WEBAPP_RES_SENDFILE_PATH_NOT_ABSOLUTE.message,
      hasCode: false,
    });
  });

  test('a body over the limit: 413 with its code in `type`, as body-parser', async () => {
    const app = webapp();
    app.post('/', webapp.json({ limit: 10 }), (_req, res) => res.end('parsed'));
    app.use((err: Error & Record<string, unknown>, _req: unknown, res: webapp.Response, _next: unknown) => {
      res.status(err.status as number).json({ type: err.type, limit: err.limit, hasCode: 'code' in err });
    });
    const res = await request(app as never, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'more than ten bytes' }),
    });
    assert.equal(res.status, 413);
    assert.deepEqual(JSON.parse(res.body), { type: 'entity.too.large', limit: 10, hasCode: false });
  });

  test('a wrong CSRF token: 403 EBADCSRFTOKEN, enumerable as in csurf', async () => {
    const app = webapp();
    app.use(webapp.cookieParser());
    app.use(webapp.csrf({ cookie: true }));
    app.post('/', (_req, res) => res.end('ok'));
    app.use((err: Error & Record<string, unknown>, _req: unknown, res: webapp.Response, _next: unknown) => {
      res.status(err.status as number).json({ code: err.code, keys: Object.keys(err).includes('code') });
    });
    const res = await request(app as never, { method: 'POST', headers: { cookie: '_csrf=abc' } });
    assert.equal(res.status, 403);
    assert.deepEqual(JSON.parse(res.body), { code: 'EBADCSRFTOKEN', keys: true });
  });
});
