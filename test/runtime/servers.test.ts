/**
 * Every way to serve an app, on whatever runtime runs this file (node, and Bun and Deno through
 * scripts/runtime-tests.mjs): app.listen(), http.createServer(app), https.createServer(opts, app) and
 * app.fetch (under Bun.serve / Deno.serve where the runtime has them), each answering the same
 * requests as express@4 served the same way on the same runtime.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';

import webapp = require('../../src/index');

import { comparable, type RequestOptions, type TestResponse } from '../support/http';
import { selfSignedCertificate } from '../support/http2';

/** An app using the common members: routing, params, bodies, cookies, redirects, errors, 404. */
function build(lib: any): any {
  const app = lib();
  app.use(lib.json());
  app.get('/', (_req: any, res: any) => res.send('home'));
  app.get('/users/:id', (req: any, res: any) =>
    res.json({ id: req.params.id, q: req.query, secure: req.secure }),
  );
  app.post('/echo', (req: any, res: any) => res.status(201).json(req.body));
  app.post('/small', lib.json({ limit: '5b' }), (req: any, res: any) => res.json(req.body));
  app.get('/cookies', (_req: any, res: any) => res.cookie('a', '1').cookie('b', '2').send('c'));
  app.get('/redirect', (_req: any, res: any) => res.redirect('/'));
  app.get('/error', () => {
    throw new Error('x');
  });
  app.use((err: any, _req: any, res: any, _next: any) => res.status(err.status ?? 500).send(err.message));
  return app;
}

const REQUESTS: RequestOptions[] = [
  { path: '/' },
  { method: 'HEAD', path: '/' },
  { path: '/users/7?x=1&y[]=2' },
  { method: 'POST', path: '/echo', headers: { 'Content-Type': 'application/json' }, body: '{"a":[1,"é"]}' },
  { method: 'POST', path: '/small', headers: { 'Content-Type': 'application/json' }, body: '{"a":"long"}' },
  {
    method: 'POST',
    path: '/echo',
    headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'x-nope' },
    body: '{}',
  },
  { path: '/cookies' },
  { path: '/redirect', headers: { Accept: 'text/plain' } },
  { path: '/error' },
  { path: '/nothing-here' },
];

type Listening = { port: number; close(): Promise<void> };

async function listen(server: http.Server | https.Server): Promise<Listening> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  else
    await new Promise<void>((resolve) => (server.address() ? resolve() : server.once('listening', resolve)));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

function send(port: number, one: RequestOptions, secure: boolean): Promise<TestResponse> {
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(
      {
        host: '127.0.0.1',
        port,
        method: one.method ?? 'GET',
        path: one.path ?? '/',
        headers: one.headers,
        agent: false,
        rejectUnauthorized: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            statusMessage: res.statusMessage ?? '',
            headers: res.headers,
            body: raw.toString(),
            raw,
          });
        });
      },
    );
    request.on('error', reject);
    request.end(one.body);
  });
}

/** Serves both apps the way `serve` says, sends every request to each, compares. */
async function assertServedSame(
  serve: (app: any) => Promise<Listening>,
  secure = false,
  ignore: string[] = [],
): Promise<void> {
  const express = await serve(build(require('express')));
  const mine = await serve(build(webapp));
  try {
    for (const one of REQUESTS) {
      const want = comparable(await send(express.port, one, secure));
      const got = comparable(await send(mine.port, one, secure));
      for (const name of ignore) {
        delete want.headers[name];
        delete got.headers[name];
      }
      assert.deepEqual(got, want, `${one.method ?? 'GET'} ${one.path} differs from express@4`);
    }
  } finally {
    await express.close();
    await mine.close();
  }
}

describe(`serving on ${runtimeName()}`, () => {
  it('app.listen() answers as express@4 app.listen()', async () => {
    await assertServedSame((app) => listen(app.listen(0, '127.0.0.1')));
  });

  it('http.createServer(app) answers as for express@4', async () => {
    await assertServedSame((app) => listen(http.createServer(app)));
  });

  it('https.createServer(options, app) answers as for express@4', async () => {
    const tls = await selfSignedCertificate();
    await assertServedSame((app) => listen(https.createServer(tls, app)), true);
  });

  it('app.fetch answers as express@4 over HTTP/1.1', async () => {
    const { fetchOne } = require('../support/fetch') as typeof import('../support/fetch');
    const express = await listen(http.createServer(build(require('express'))));
    try {
      const app = build(webapp);
      for (const one of REQUESTS) {
        const want = comparable(await send(express.port, one, false));
        const got = comparable(await fetchOne(app, one));
        for (const name of ['connection', 'keep-alive', 'transfer-encoding']) delete want.headers[name];
        assert.deepEqual(
          got,
          want,
          `${one.method ?? 'GET'} ${one.path} over app.fetch differs from express@4`,
        );
      }
    } finally {
      await express.close();
    }
  });

  const bun = (
    globalThis as { Bun?: { serve(options: object): { port: number; stop(force?: boolean): void } } }
  ).Bun;
  if (bun) {
    it('Bun.serve({ fetch: app.fetch }) answers as express@4 app.listen()', async () => {
      // Bun.serve answers with its own HTTP/1.1 writer: its framing fields are its own.
      await assertServedSame(
        async (app) => {
          if (!app.fetch) return listen(app.listen(0, '127.0.0.1'));
          const server = bun.serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
          return { port: server.port, close: async () => server.stop(true) };
        },
        false,
        ['content-length', 'transfer-encoding', 'connection', 'keep-alive'],
      );
    });
  }

  const deno = (globalThis as { Deno?: { serve(options: object, handler: unknown): DenoServer } }).Deno;
  type DenoServer = { addr: { port: number }; shutdown(): Promise<void>; finished: Promise<void> };
  if (deno) {
    it('Deno.serve(app.fetch) answers as express@4 app.listen()', async () => {
      await assertServedSame(
        async (app) => {
          if (!app.fetch) return listen(app.listen(0, '127.0.0.1'));
          const server = deno.serve({ port: 0, hostname: '127.0.0.1', onListen() {} }, app.fetch);
          return { port: server.addr.port, close: () => server.shutdown() };
        },
        false,
        ['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'vary'],
      );
    });
  }
});

function runtimeName(): string {
  const g = globalThis as { Bun?: { version: string }; Deno?: { version: { deno: string } } };
  if (g.Bun) return `Bun ${g.Bun.version}`;
  if (g.Deno) return `Deno ${g.Deno.version.deno}`;
  return `Node ${process.versions.node}`;
}
