/**
 * The generated params builders (src/router/params-builder.ts): the objects they make are the ones
 * the generic loops make, names cannot inject code, and every refusal leaves the caller its loop.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { promisify } from 'node:util';

import {
  captureBuilder,
  enumeratedNames,
  enumeratesAs,
  mergeBuilder,
  resetBuilders,
} from '../../src/router/params-builder';

const run = promisify(execFile);
const readAt = (values: readonly unknown[], i: number): unknown => values[i];

/** What the router's loop makes: `params[names[i]] = values[i]` on a fresh object. */
function loopCaptures(
  names: readonly (string | number)[],
  values: readonly unknown[],
): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (let i = 0; i < names.length; i++) params[names[i]] = values[i];
  return params;
}

/** Express 4's merge: for-in copy of the parent, then of the child's own params. */
function loopMerge(parent: object, own: object): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const key in parent) merged[key] = (parent as Record<string, unknown>)[key];
  for (const key in own) merged[key] = (own as Record<string, unknown>)[key];
  return merged;
}

function sameObject(actual: Record<string, unknown>, expected: Record<string, unknown>): void {
  assert.deepStrictEqual(actual, expected);
  assert.deepEqual(Object.keys(actual), Object.keys(expected));
  assert.equal(Object.getPrototypeOf(actual), Object.prototype);
}

afterEach(() => resetBuilders());

describe('captureBuilder', () => {
  it('makes what the loop makes, keys in order and numbered names as elements', () => {
    for (const names of [['id'], ['org', 'team', 'member'], [0, 1], ['b', '0', 'a'], []]) {
      const values = names.map((_, i) => `v${i}`);
      const build = captureBuilder(names, 'array', readAt);
      assert.ok(build, `compiled ${JSON.stringify(names)}`);
      sameObject(build(values), loopCaptures(names, values));
    }
  });

  it('keeps undefined captures as own keys, as the loop does', () => {
    const build = captureBuilder(['a', 'b'], 'array', readAt);
    const params = build?.(['x', undefined]);
    assert.deepEqual(Object.keys(params ?? {}), ['a', 'b']);
    assert.equal(Object.hasOwn(params ?? {}, 'b'), true);
  });

  it('is shared by every caller with the same kind and names', () => {
    assert.equal(captureBuilder(['id'], 'array', readAt), captureBuilder(['id'], 'array', readAt));
    assert.notEqual(captureBuilder(['id'], 'array', readAt), captureBuilder(['id'], 'other', readAt));
    assert.notEqual(captureBuilder(['id'], 'array', readAt), captureBuilder(['ids'], 'array', readAt));
  });

  it('refuses __proto__, repeated names and more than 16 names', () => {
    assert.equal(captureBuilder(['__proto__'], 'array', readAt), undefined);
    assert.equal(captureBuilder(['a', '__proto__'], 'array', readAt), undefined);
    assert.equal(captureBuilder(['a', 'a'], 'array', readAt), undefined);
    assert.equal(captureBuilder([1, '1'], 'array', readAt), undefined);
    const many = Array.from({ length: 17 }, (_, i) => `p${i}`);
    assert.equal(captureBuilder(many, 'array', readAt), undefined);
    assert.ok(captureBuilder(many.slice(0, 16), 'array', readAt));
  });

  it('writes any name as a string literal: nothing in a name runs', () => {
    const hostile = [
      'a"] = 1; globalThis.injected = true; ["b',
      "'); globalThis.injected = true; ('",
      '}; globalThis.injected = true; {',
      'line\nbreak\u2028sep',
      '\\"',
    ];
    const build = captureBuilder(hostile, 'array', readAt);
    assert.ok(build);
    const values = hostile.map((_, i) => i);
    sameObject(build(values), loopCaptures(hostile, values));
    assert.equal((globalThis as { injected?: boolean }).injected, undefined);
  });

  it('compiles at most 256 distinct sets, then leaves new ones to the loop', () => {
    for (let i = 0; i < 256; i++) assert.ok(captureBuilder([`n${i}`], 'array', readAt), `set ${i}`);
    assert.equal(captureBuilder(['one-more'], 'array', readAt), undefined);
    assert.ok(captureBuilder(['n7'], 'array', readAt), 'a compiled set is still served');
  });
});

describe('mergeBuilder', () => {
  it('makes what the for-in copy makes: first position, last value for a name on both sides', () => {
    const parent = { org: 'acme', team: 'web', 0: 'zero' };
    const own = { team: 'ops', member: '42' };
    const build = mergeBuilder(enumeratedNames(parent), enumeratedNames(own));
    assert.ok(build);
    sameObject(build(parent, own), loopMerge(parent, own));
    assert.deepEqual(Object.keys(build(parent, own)), ['0', 'org', 'team', 'member']);
  });

  it('reads every value in the copy order, getters included', () => {
    const reads = (log: string[]) => {
      const parent = {};
      const own = {};
      for (const [target, side, names] of [
        [parent, 'p', ['a', 'b']],
        [own, 'o', ['b', 'c']],
      ] as const) {
        for (const name of names) {
          Object.defineProperty(target, name, {
            enumerable: true,
            get: () => {
              log.push(`${side}.${name}`);
              return `${side}${name}`;
            },
          });
        }
      }
      return { parent, own };
    };
    const expectedLog: string[] = [];
    const expected = (({ parent, own }) => loopMerge(parent, own))(reads(expectedLog));
    const actualLog: string[] = [];
    const { parent, own } = reads(actualLog);
    const build = mergeBuilder(enumeratedNames(parent), enumeratedNames(own));
    sameObject(build?.(parent, own) ?? {}, expected);
    assert.deepEqual(actualLog, expectedLog);
  });

  it('copies inherited enumerable names, as for-in does', () => {
    const parent = Object.create({ inherited: 'from the prototype' });
    parent.own = 'own';
    const names = enumeratedNames(parent);
    assert.deepEqual(names, ['own', 'inherited']);
    const build = mergeBuilder(names, []);
    sameObject(build?.(parent, {}) ?? {}, loopMerge(parent, {}));
  });

  it('refuses __proto__ on either side', () => {
    assert.equal(mergeBuilder(['__proto__'], []), undefined);
    assert.equal(mergeBuilder([], ['__proto__']), undefined);
  });
});

describe('enumeratesAs', () => {
  it('is true only for exactly the names for-in lists, in order', () => {
    const object = { a: 1, b: 2 };
    assert.equal(enumeratesAs(object, ['a', 'b']), true);
    assert.equal(enumeratesAs(object, ['b', 'a']), false);
    assert.equal(enumeratesAs(object, ['a']), false);
    assert.equal(enumeratesAs(object, ['a', 'b', 'c']), false);
    assert.equal(enumeratesAs({}, []), true);
    assert.equal(enumeratesAs(Object.create({ up: 1 }), ['up']), true);
  });
});

describe('where code generation is disallowed', () => {
  it('builds nothing, and nested routers with mergeParams answer the same', async () => {
    const src = resolve(__dirname, '..', '..', 'src');
    const script = `
const http = require('node:http');
const webapp = require(${JSON.stringify(resolve(src, 'index.js'))});
const { captureBuilder } = require(${JSON.stringify(resolve(src, 'router', 'params-builder.js'))});
const leaf = webapp.Router({ mergeParams: true });
leaf.get('/profile/:tab', (req, res) => res.json(req.params));
const middle = webapp.Router({ mergeParams: true });
middle.use('/team/:team', leaf);
const app = webapp();
app.use('/org/:org', middle);
const server = app.listen(0, '127.0.0.1', async () => {
  const bodies = [];
  for (let i = 0; i < 3; i++) {
    bodies.push(await new Promise((done) => {
      http.get({ host: '127.0.0.1', port: server.address().port, path: '/org/acme/team/web/profile/' + i }, (r) => {
        let body = '';
        r.on('data', (c) => { body += c; });
        r.on('end', () => done(body));
      });
    }));
  }
  server.close();
  console.log(JSON.stringify({ built: captureBuilder(['id'], 'array', (v, i) => v[i]) !== undefined, bodies }));
});`;
    const { stdout } = await run(
      process.execPath,
      ['--disallow-code-generation-from-strings', '-e', script],
      {
        timeout: 20_000,
      },
    );
    const result = JSON.parse(stdout.trim());
    assert.equal(result.built, false);
    assert.deepEqual(
      result.bodies.map((body: string) => JSON.parse(body)),
      [0, 1, 2].map((i) => ({ org: 'acme', team: 'web', tab: String(i) })),
    );
  });
});
