'use strict';
// Baseline: the same apps hand-written on node:http, doing the work a careful author would do by hand.

const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const querystring = require('node:querystring');
const {
  ROUTE_COUNT,
  MIDDLEWARE_COUNT,
  STATIC_ROOT,
  BIG_DOCUMENT,
  chainSteps,
  API_RESOURCES,
  apiPrefix,
  readBody,
} = require('./shared.cjs');

const JSON_TYPE = 'application/json; charset=utf-8';

function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function pathnameOf(url) {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

function listen(handler) {
  return new Promise((resolve, reject) => {
    const server = http.createServer(handler);
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server.address().port));
  });
}

function hello() {
  return listen((req, res) => {
    if (req.method === 'GET' && pathnameOf(req.url) === '/') return sendJson(res, 200, { hello: 'world' });
    sendJson(res, 404, { error: 'not found' });
  });
}

// A hand-rolled router: one map lookup on the first segment, then a fixed shape check.
function routes() {
  const table = new Map();
  for (let i = 0; i < ROUTE_COUNT; i++) table.set('r' + i, i);
  return listen((req, res) => {
    const parts = pathnameOf(req.url).split('/');
    if (req.method === 'GET' && parts.length === 5 && parts[3] === 'items' && table.has(parts[1])) {
      try {
        return sendJson(res, 200, { id: decodeURIComponent(parts[2]), item: decodeURIComponent(parts[4]) });
      } catch {
        return sendJson(res, 400, { error: 'bad request' });
      }
    }
    sendJson(res, 404, { error: 'not found' });
  });
}

// api: a hand-rolled router for the table — the resource from a map, then the route from the shape of the rest.
function api() {
  const resources = new Map();
  for (let r = 0; r < API_RESOURCES; r++) resources.set(apiPrefix(r).slice('/api/v1/'.length), r);
  const decode = (value) => decodeURIComponent(value);
  return listen((req, res) => {
    const parts = pathnameOf(req.url).split('/');
    const r = parts[1] === 'api' && parts[2] === 'v1' ? resources.get(parts[3]) : undefined;
    if (r === undefined) return sendJson(res, 404, { error: 'not found' });
    const rest = parts.length - 4;
    const method = req.method;
    try {
      if (rest === 0) {
        if (method === 'GET' || method === 'POST') return sendJson(res, 200, { r });
      } else if (rest === 1) {
        if (parts[4] === 'search' && method === 'GET') return sendJson(res, 200, { r });
        if (method === 'GET' || method === 'PUT' || method === 'PATCH' || method === 'DELETE') {
          return sendJson(res, 200, { r, id: decode(parts[4]) });
        }
      } else if (rest === 2 && method === 'GET' && (parts[5] === 'items' || parts[5] === 'meta')) {
        return sendJson(res, 200, { r, id: decode(parts[4]) });
      } else if (rest === 3 && method === 'GET' && parts[5] === 'items') {
        return sendJson(res, 200, { r, id: decode(parts[4]), item: decode(parts[6]) });
      }
    } catch {
      return sendJson(res, 400, { error: 'bad request' });
    }
    sendJson(res, 404, { error: 'not found' });
  });
}

// Same call-chain shape as app-level middleware: each step calls the next one.
function middleware() {
  const chain = [];
  for (let i = 0; i < MIDDLEWARE_COUNT; i++) chain.push((_req, _res, next) => next());
  chain.push((req, res) => {
    if (req.method === 'GET' && pathnameOf(req.url) === '/') return sendJson(res, 200, { hello: 'world' });
    sendJson(res, 404, { error: 'not found' });
  });
  return listen((req, res) => {
    let i = 0;
    const next = () => chain[i++](req, res, next);
    next();
  });
}

function readJsonBody(req, res, parse, answer) {
  readBody(req, parse, answer, (status) =>
    sendJson(res, status, { error: status === 413 ? 'too large' : 'bad body' }),
  );
}

function echo() {
  return listen((req, res) => {
    if (req.method !== 'POST' || pathnameOf(req.url) !== '/echo')
      return sendJson(res, 404, { error: 'not found' });
    readJsonBody(req, res, JSON.parse, (body) => sendJson(res, 200, { name: body.name }));
  });
}

function urlencoded() {
  return listen((req, res) => {
    if (req.method !== 'POST' || pathnameOf(req.url) !== '/form')
      return sendJson(res, 404, { error: 'not found' });
    readJsonBody(req, res, querystring.parse, (body) =>
      sendJson(res, 200, { name: body.name, email: body.email, plan: body.plan }),
    );
  });
}

function jsonBig() {
  return listen((req, res) => {
    if (req.method === 'GET' && pathnameOf(req.url) === '/big') return sendJson(res, 200, BIG_DOCUMENT);
    sendJson(res, 404, { error: 'not found' });
  });
}

// The 20 steps called in turn, then the route.
function mwChain() {
  const steps = chainSteps();
  steps.push((req, res) => {
    if (req.method === 'GET' && pathnameOf(req.url) === '/me')
      return sendJson(res, 200, { user: req.session.user });
    sendJson(res, 404, { error: 'not found' });
  });
  return listen((req, res) => {
    let i = 0;
    const next = () => steps[i++](req, res, next);
    next();
  });
}

// /org/:org/team/:team/member/:member/profile, split by hand.
function nested() {
  return listen((req, res) => {
    const parts = pathnameOf(req.url).split('/');
    if (
      req.method === 'GET' &&
      parts.length === 8 &&
      parts[1] === 'org' &&
      parts[3] === 'team' &&
      parts[5] === 'member' &&
      parts[7] === 'profile'
    ) {
      try {
        return sendJson(res, 200, {
          org: decodeURIComponent(parts[2]),
          team: decodeURIComponent(parts[4]),
          member: decodeURIComponent(parts[6]),
        });
      } catch {
        return sendJson(res, 400, { error: 'bad request' });
      }
    }
    sendJson(res, 404, { error: 'not found' });
  });
}

// A plain file server: stat, headers, conditional GET, stream. No caching, no range handling.
function staticFiles() {
  const root = STATIC_ROOT + path.sep;
  return listen((req, res) => {
    let rel;
    try {
      rel = decodeURIComponent(pathnameOf(req.url));
    } catch {
      return sendJson(res, 400, { error: 'bad request' });
    }
    const file = path.join(root, rel);
    if (!file.startsWith(root) || rel.includes('\0')) return sendJson(res, 404, { error: 'not found' });
    fs.stat(file, (err, stat) => {
      if (err || !stat.isFile()) return sendJson(res, 404, { error: 'not found' });
      const lastModified = stat.mtime.toUTCString();
      const etag = 'W/"' + stat.size.toString(16) + '-' + Math.floor(stat.mtimeMs).toString(16) + '"';
      const since = req.headers['if-modified-since'];
      const match = req.headers['if-none-match'];
      if (
        match !== undefined
          ? match === etag
          : since !== undefined && Date.parse(since) >= Math.floor(stat.mtimeMs / 1000) * 1000
      ) {
        res.writeHead(304, { 'Last-Modified': lastModified, ETag: etag });
        return res.end();
      }
      res.writeHead(200, {
        'Content-Type': 'text/plain; charset=UTF-8',
        'Content-Length': stat.size,
        'Last-Modified': lastModified,
        ETag: etag,
      });
      if (req.method === 'HEAD') return res.end();
      fs.createReadStream(file)
        .on('error', () => res.destroy())
        .pipe(res);
    });
  });
}

module.exports = {
  hello,
  routes,
  api,
  middleware,
  echo,
  static: staticFiles,
  'static-big': staticFiles,
  'static-304': staticFiles,
  'mw-chain': mwChain,
  nested,
  'json-big': jsonBig,
  urlencoded,
};
