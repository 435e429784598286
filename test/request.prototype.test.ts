import assert from 'node:assert/strict';
import http, { IncomingMessage } from 'node:http';
import { describe, it } from 'node:test';
import { requestClass, responseClass } from '../src/application/index';
import { request as requestProto } from '../src/request/index';
import { request } from './support/http';

import webapp = require('../src/index');

const expressRequest = require('express').request;

describe('request prototype', () => {
  it('inherits from http.IncomingMessage.prototype and is webapp.request', () => {
    assert.equal(Object.getPrototypeOf(requestProto), IncomingMessage.prototype);
    assert.equal(webapp.request, requestProto);
  });

  it("defines every member of Express 4's request with the same kind (method or getter)", () => {
    for (const name of Object.getOwnPropertyNames(expressRequest)) {
      const theirs = Object.getOwnPropertyDescriptor(expressRequest, name)!;
      const ours = Object.getOwnPropertyDescriptor(requestProto, name);
      assert.ok(ours, `req.${name} is missing`);
      assert.equal(typeof ours.get, typeof theirs.get, `req.${name} getter`);
      assert.equal(typeof ours.value, typeof theirs.value, `req.${name} value`);
      assert.equal(ours.enumerable, theirs.enumerable, `req.${name} enumerable`);
    }
  });

  it('adds no own properties to a request for the members it computes', async () => {
    const app = webapp();
    app.get('/', (req: any, res: any) => {
      const before = new Set(Object.keys(req));
      void [
        req.ip,
        req.ips,
        req.hostname,
        req.protocol,
        req.secure,
        req.subdomains,
        req.path,
        req.fresh,
        req.xhr,
      ];
      req.accepts('json');
      req.is('json');
      const added = Object.keys(req).filter((key) => !before.has(key));
      res.end(JSON.stringify(added));
    });
    assert.equal((await request(app)).body, '[]');
  });

  it('gets the fields dispatch writes as dispatch reaches them, as in Express, however the request was built', async () => {
    // A request no route matched: neither sets req.route.
    const probe = (app: any) => {
      app.use((req: any, res: any) => {
        res.json(['route', 'params'].map((key) => [Object.hasOwn(req, key), req[key] === undefined]));
      });
      return app;
    };
    assert.equal((await request(probe(require('express')()))).body, '[[false,true],[true,false]]');
    assert.equal((await request(probe(webapp()))).body, '[[false,true],[true,false]]');
    const app: any = probe(webapp());
    const server = http.createServer(
      { IncomingMessage: requestClass(app), ServerResponse: responseClass(app) } as http.ServerOptions,
      app,
    );
    assert.equal((await request(server)).body, '[[false,true],[true,false]]');
  });

  it('keeps methods assignable, as middleware that wraps them expects', () => {
    const req: any = Object.create(requestProto);
    req.get = () => 'patched';
    assert.equal(req.get('x'), 'patched');
    assert.notEqual(requestProto.get, req.get);
  });
});
