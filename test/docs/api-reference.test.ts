/**
 * docs/api.md documents every exported member: this walks the exports of every entry point (the
 * factory, the prototypes, Router and Route, static and its MIME table, the middleware and their
 * helpers, each subpath) and fails on a member the page does not name.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { METHODS } from 'node:http';
import { join } from 'node:path';
import { test } from 'node:test';

import webapp = require('../../src/index');

const page = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'api.md'), 'utf8');
const httpMethods = new Set(METHODS.map((method) => method.toLowerCase()));
const FUNCTION_BUILTINS = new Set(['length', 'name', 'prototype']);

/** Whether the page names `member` in a code span: `member`, `member(…)` or `member.more`. */
function documents(member: string): boolean {
  return [`\`${member}\``, `\`${member}(`, `\`${member}.`, `\`${member} `].some((form) =>
    page.includes(form),
  );
}

function missing(prefix: string, names: Iterable<string>): string[] {
  const out: string[] = [];
  for (const name of names) {
    if (name === 'constructor' || name === '__esModule' || FUNCTION_BUILTINS.has(name)) continue;
    // HTTP verbs are documented together under `app.METHOD` (each name listed once).
    const listed = page.includes(`\`${name}\``) || documents(`app.${name}`);
    if (httpMethods.has(name) && documents(`${prefix}METHOD`) && listed) continue;
    if (!documents(prefix + name)) out.push(prefix + name);
  }
  return out;
}

function ownNames(value: object): string[] {
  return Object.getOwnPropertyNames(value);
}

test('docs/api.md names every member of the factory and the prototypes', () => {
  const undocumented = [
    ...missing('webapp.', ownNames(webapp)),
    ...missing('app.', ownNames(webapp.application)),
    ...missing('req.', ownNames(webapp.request)),
    ...missing('res.', ownNames(webapp.response)),
    ...missing('router.', ownNames(Object.getPrototypeOf(webapp.Router()))),
    ...missing('route.', ownNames(webapp.Route.prototype)),
    ...missing('webapp.static.', ownNames(webapp.static)),
    ...missing('webapp.static.mime.', ownNames((webapp.static as unknown as { mime: object }).mime)),
  ];
  assert.deepEqual(undocumented, []);
});

test('docs/api.md names every helper hanging on a first-party middleware', () => {
  const factories = [
    'cookieParser',
    'cookieSession',
    'basicAuth',
    'compress',
    'csrf',
    'directory',
    'bodyParser',
  ];
  const undocumented: string[] = [];
  for (const name of factories) {
    const fn = (webapp as unknown as Record<string, object>)[name];
    undocumented.push(...missing(`${name}.`, ownNames(fn)));
  }
  assert.deepEqual(undocumented, []);
});

test('docs/api.md names every export of every subpath', () => {
  const subpaths = [
    'basic-auth',
    'body-parser',
    'compress',
    'cookie-parser',
    'cookie-session',
    'csrf',
    'directory',
    'http2',
  ];
  const undocumented: string[] = [];
  for (const subpath of subpaths) {
    if (!page.includes(`\`webappjs/${subpath}\``)) undocumented.push(`webappjs/${subpath}`);
    const mod = require(`../../src/middleware/${subpath}`) as object;
    for (const name of Object.keys(mod)) {
      if (name === 'default' || name === '__esModule') continue;
      if (!documents(name)) undocumented.push(`webappjs/${subpath}: ${name}`);
    }
  }
  assert.deepEqual(undocumented, []);
});

test('docs/api.md names every export of webapp/otel', () => {
  const undocumented: string[] = [];
  if (!page.includes('`webappjs/otel`')) undocumented.push('webappjs/otel');
  const mod = require('../../src/tracing/otel') as object;
  for (const name of Object.keys(mod)) {
    if (name === 'default' || name === '__esModule') continue;
    if (!documents(name)) undocumented.push(`webappjs/otel: ${name}`);
  }
  assert.deepEqual(undocumented, []);
});

test('the check itself notices an undocumented member', () => {
  assert.deepEqual(missing('app.', ['use', 'surelyNotDocumentedAnywhere']), [
    'app.surelyNotDocumentedAnywhere',
  ]);
});
