import assert from 'node:assert/strict';
import http from 'node:http';
import { describe, it } from 'node:test';

import webapp = require('../../src/index');

import { response } from '../../src/response/index';
import { render } from '../../src/response/render';
import { download, sendFile, sendfile } from '../../src/response/send-file';

const MEMBERS = [
  'append',
  'attachment',
  'clearCookie',
  'contentType',
  'cookie',
  'download',
  'format',
  'get',
  'header',
  'json',
  'jsonp',
  'links',
  'location',
  'redirect',
  'render',
  'send',
  'sendFile',
  'sendStatus',
  'sendfile',
  'set',
  'status',
  'type',
  'vary',
];

describe('response prototype', () => {
  it('inherits from http.ServerResponse.prototype and is webapp.response', () => {
    assert.equal(Object.getPrototypeOf(response), http.ServerResponse.prototype);
    assert.equal(webapp.response, response);
  });

  it('has every Express 4 member as an own enumerable function, like express.response', () => {
    const express = require('express');
    for (const name of MEMBERS) {
      const descriptor = Object.getOwnPropertyDescriptor(response, name);
      assert.equal(typeof descriptor?.value, 'function', name);
      assert.equal(descriptor?.enumerable, true, name);
      assert.equal(typeof express.response[name], 'function', `express has ${name}`);
    }
    const expressMembers = Object.keys(express.response).filter(
      (k) => typeof express.response[k] === 'function',
    );
    for (const name of expressMembers) assert.ok(MEMBERS.includes(name), `missing ${name}`);
  });

  it('shares the aliases Express shares', () => {
    assert.equal(response.header, response.set);
    assert.equal(response.contentType, response.type);
  });

  it('attaches the file and view methods from their modules', () => {
    assert.equal(response.sendFile, sendFile);
    assert.equal(response.sendfile, sendfile);
    assert.equal(response.download, download);
    assert.equal(response.render, render);
  });

  it('gives each app its own derived prototype, so app-level additions stay local', () => {
    const a = webapp() as any;
    const b = webapp() as any;
    assert.equal(Object.getPrototypeOf(a.response), response);
    a.response.hello = function () {
      return 'hi';
    };
    assert.equal(typeof b.response.hello, 'undefined');
    assert.equal((response as any).hello, undefined);
  });
});
