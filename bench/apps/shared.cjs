'use strict';
// Facts every benchmark app and the load generator agree on, so the apps stay identical.

const fs = require('node:fs');
const path = require('node:path');
const { Writable } = require('node:stream');

const ROUTE_COUNT = 100;
const MIDDLEWARE_COUNT = 8;
const STATIC_ROOT = path.join(__dirname, '..', 'fixtures', 'static');
const STATIC_FILE = '4k.txt';
const STATIC_BIG_FILE = '256k.txt';

// A 1 KB JSON document: the echo apps parse it and send back `name` only.
function makeEchoBody() {
  const doc = { name: 'webapp-bench', id: 42, tags: ['a', 'b', 'c'], filler: '' };
  const base = Buffer.byteLength(JSON.stringify(doc));
  doc.filler = 'x'.repeat(1024 - base);
  return JSON.stringify(doc);
}

const ECHO_BODY = makeEchoBody();

// json-big: a 16 KB response, serialized on every request (no caching of the text).
function makeBigDocument() {
  const items = [];
  for (let i = 0; JSON.stringify({ items }).length < 16 * 1024 - 120; i++) {
    items.push({
      id: i,
      name: `item ${i}`,
      price: (i * 7919) % 1000,
      tags: ['red', 'green'],
      active: i % 3 === 0,
    });
  }
  return { items };
}
const BIG_DOCUMENT = makeBigDocument();

// urlencoded: a typical sign-up form; the apps answer with the fields they parsed.
const FORM_BODY =
  'name=Ada+Lovelace&email=ada%40example.com&plan=pro&terms=on&city=London&country=GB&referrer=bench';
const FORM_ANSWER = JSON.stringify({ name: 'Ada Lovelace', email: 'ada@example.com', plan: 'pro' });

// nested: three routers deep, each mounted under a parameter, the last one reading all three.
const NESTED_PATH = '/org/acme/team/web/member/42/profile';
const NESTED_ANSWER = JSON.stringify({ org: 'acme', team: 'web', member: '42' });

/*
 * api: the REST table of a typical service, 100 resources × 10 routes sharing the prefix /api/v1 — list,
 * search, read, create, update, patch, delete, sub-list, sub-item, meta — registered in that order (search
 * before /:id, as an Express app must). Every handler answers `{ r: <resource>, ...params }`. The load
 * spreads GET requests over every resource and five of the route shapes.
 */
const API_RESOURCES = 100;
const API_ROUTES = [
  ['GET', ''],
  ['GET', '/search'],
  ['GET', '/:id'],
  ['POST', ''],
  ['PUT', '/:id'],
  ['PATCH', '/:id'],
  ['DELETE', '/:id'],
  ['GET', '/:id/items'],
  ['GET', '/:id/items/:item'],
  ['GET', '/:id/meta'],
];
const apiPrefix = (resource) => '/api/v1/res' + resource;

/** Calls `add(method, path, resource)` for every route of the api table, in registration order. */
function eachApiRoute(add) {
  for (let r = 0; r < API_RESOURCES; r++) {
    for (const [method, suffix] of API_ROUTES) add(method, apiPrefix(r) + suffix, r);
  }
}

function makeApiPaths() {
  const paths = [];
  for (let r = 0; r < API_RESOURCES; r++) {
    const p = apiPrefix(r);
    paths.push(
      p + '/' + (r + 1) + '/items/' + (r % 7),
      p + '/' + r * 3,
      p + '/search',
      p,
      p + '/' + r + '/meta',
    );
  }
  return paths;
}
const API_PATHS = makeApiPaths();
// The probe: the last resource's deepest route.
const API_PATH = apiPrefix(API_RESOURCES - 1) + '/42/items/7';
const API_ANSWER = JSON.stringify({ r: API_RESOURCES - 1, id: '42', item: '7' });

// static-big: a 256 KB file, written on first use (kept out of git).
function ensureBigFile() {
  const file = path.join(STATIC_ROOT, STATIC_BIG_FILE);
  if (!fs.existsSync(file)) {
    const line = 'webapp static-big benchmark fixture: 64 bytes of text per line\n';
    fs.writeFileSync(file, line.repeat((256 * 1024) / line.length));
  }
  return file;
}
ensureBigFile();

/*
 * mw-chain: 20 middleware of the kinds real apps stack, written once on node's req/res so every framework
 * runs the same work: 12 security-header setters (what helmet sets, one middleware each), a request id, a
 * start time, a logger writing to a stream, a CORS check, a cookie parse, a session lookup, an auth check
 * and a locals setter; then GET /me answers with the session's user.
 */
const MW_CHAIN_PATH = '/me';
const MW_CHAIN_HEADERS = {
  cookie: 'theme=dark; sid=s3cr3t-session-id; lang=en',
  origin: 'https://app.example',
};
const MW_CHAIN_ANSWER = JSON.stringify({ user: 'ada' });
const SECURITY_HEADERS = [
  ['Content-Security-Policy', "default-src 'self'"],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];
const ALLOWED_ORIGINS = new Set(['https://app.example']);
const SESSIONS = new Map([['s3cr3t-session-id', { user: 'ada' }]]);

const MAX_BODY = 100 * 1024;

/**
 * Reads a body by hand, as raw node:http and polka apps must: `parse(text)` makes the value for `answer`,
 * `refuse(status)` answers 413 (over 100 KB) or 400 (parse failure).
 */
function readBody(req, parse, answer, refuse) {
  const chunks = [];
  let size = 0;
  req.on('data', (chunk) => {
    size += chunk.length;
    if (size > MAX_BODY) {
      refuse(413);
      req.destroy();
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    let body;
    try {
      body = parse(Buffer.concat(chunks, size).toString('utf8'));
    } catch {
      refuse(400);
      return;
    }
    answer(body);
  });
}

function parseCookies(header) {
  const out = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const key = part.slice(0, eq).trim();
    if (!Object.hasOwn(out, key)) out[key] = decodeURIComponent(part.slice(eq + 1).trim());
  }
  return out;
}

/** The 20 steps as `(req, res, next)` functions on node's objects; an auth failure answers 401 itself. */
function chainSteps() {
  const log = new Writable({ write: (_chunk, _encoding, done) => done() });
  let requestId = 0;
  const steps = SECURITY_HEADERS.map(([name, value]) => (_req, res, next) => {
    res.setHeader(name, value);
    next();
  });
  steps.push(
    (req, res, next) => {
      req.id = String(++requestId);
      res.setHeader('X-Request-Id', req.id);
      next();
    },
    (req, _res, next) => {
      req.startedAt = process.hrtime.bigint();
      next();
    },
    (req, res, next) => {
      res.once('finish', () => log.write(`${req.method} ${req.url} ${res.statusCode}\n`));
      next();
    },
    (req, res, next) => {
      const origin = req.headers.origin;
      if (origin !== undefined && ALLOWED_ORIGINS.has(origin)) {
        res.setHeader('Access-Control-Allow-Origin', origin);
        res.setHeader('Vary', 'Origin');
      }
      next();
    },
    (req, _res, next) => {
      req.cookies = parseCookies(req.headers.cookie);
      next();
    },
    (req, _res, next) => {
      req.session = SESSIONS.get(req.cookies.sid);
      next();
    },
    (req, res, next) => {
      if (req.session === undefined) {
        res.statusCode = 401;
        res.end('unauthorized');
        return;
      }
      next();
    },
    (req, _res, next) => {
      req.viewLocals = { user: req.session.user, theme: req.cookies.theme };
      next();
    },
  );
  if (steps.length !== 20) throw new Error(`mw-chain has ${steps.length} steps, not 20`);
  return steps;
}

module.exports = {
  ROUTE_COUNT,
  API_RESOURCES,
  API_PATHS,
  API_PATH,
  API_ANSWER,
  apiPrefix,
  eachApiRoute,
  MIDDLEWARE_COUNT,
  STATIC_ROOT,
  STATIC_FILE,
  STATIC_BIG_FILE,
  ECHO_BODY,
  BIG_DOCUMENT,
  FORM_BODY,
  FORM_ANSWER,
  NESTED_PATH,
  NESTED_ANSWER,
  MW_CHAIN_PATH,
  MW_CHAIN_HEADERS,
  MW_CHAIN_ANSWER,
  chainSteps,
  readBody,
};
