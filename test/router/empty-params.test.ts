/**
 * The empty `req.params` of layers without parameters (src/router/empty-params.ts): a smaller object
 * than `{}`, and indistinguishable from it.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';
import { inspect, promisify } from 'node:util';

import webapp = require('../../src/index');

import { EmptyParams } from '../../src/router/empty-params';
import { request } from '../support/http';

const run = promisify(execFile);

describe('EmptyParams', () => {
  it('reads as a plain empty object, as {} does', () => {
    const params = new EmptyParams();
    assert.equal(Object.getPrototypeOf(params), Object.prototype);
    assert.equal(params.constructor, Object);
    assert.equal(params instanceof Object, true);
    assert.deepEqual(Object.keys(params), []);
    assert.equal(JSON.stringify(params), '{}');
    assert.equal(inspect(params), '{}');
    assert.equal(Object.prototype.toString.call(params), '[object Object]');
    assert.deepStrictEqual(params, {});
  });

  it('takes properties like any object', () => {
    const params = new EmptyParams();
    params.id = '42';
    params[0] = 'zero';
    assert.deepStrictEqual(params, { 0: 'zero', id: '42' });
    assert.equal(JSON.stringify(params), '{"0":"zero","id":"42"}');
  });

  it('is what middleware and routes without parameters get, one per layer (V8 map check)', async () => {
    const script = `
const http = require('node:http');
const webapp = require(${JSON.stringify(resolve(__dirname, '..', '..', 'src', 'index.js'))});
const { EmptyParams } = require(${JSON.stringify(resolve(__dirname, '..', '..', 'src', 'router', 'empty-params.js'))});
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)');
const twin = new EmptyParams();
const seen = [];
const app = webapp();
let first;
app.use((req, _res, next) => { first = req.params; seen.push(sameMap(req.params, twin)); next(); });
app.use((req, _res, next) => { seen.push(sameMap(req.params, twin), req.params !== first); next(); });
app.get('/plain', (req, res) => { seen.push(sameMap(req.params, twin)); res.end(); });
const server = app.listen(0, '127.0.0.1', () => {
  http.get({ host: '127.0.0.1', port: server.address().port, path: '/plain' }, (r) => {
    r.resume();
    r.on('end', () => { server.close(); console.log(JSON.stringify(seen)); });
  });
});`;
    const { stdout } = await run(process.execPath, ['--allow-natives-syntax', '-e', script], {
      timeout: 20_000,
    });
    assert.deepEqual(JSON.parse(stdout.trim()), [true, true, true, true]);
  });

  it('keeps each layer its own params, as express@4 does', async () => {
    const probe = (lib: any) => {
      const app = lib();
      const seen: unknown[] = [];
      let first: unknown;
      app.use((req: any, _res: any, next: any) => {
        first = req.params;
        req.params.added = 'by the first middleware';
        next();
      });
      app.use((req: any, _res: any, next: any) => {
        seen.push(
          req.params === first,
          JSON.stringify(req.params),
          Object.getPrototypeOf(req.params) === Object.prototype,
        );
        next();
      });
      app.get('/plain', (req: any, res: any) => {
        seen.push(JSON.stringify(req.params), req.params.constructor === Object);
        res.json(seen);
      });
      return app;
    };
    const ours = await request(probe(webapp), { path: '/plain' });
    const theirs = await request(probe(require('express')), { path: '/plain' });
    assert.equal(ours.body, '[false,"{}",true,"{}",true]');
    assert.equal(ours.body, theirs.body);
  });
});
