import assert from 'node:assert/strict';
import http2 from 'node:http2';
import https from 'node:https';
import { after, before, test } from 'node:test';
import { send2 } from '../support/http2';
import { type RunningExample, startExample } from './run-example';

let app: RunningExample;
let tlsPort: number;
before(async () => {
  app = await startExample('http2');
  tlsPort = Number(/https:\/\/localhost:(\d+)/.exec(app.output)?.[1]);
});
after(() => app.stop());

test('http2: the TLS server answers HTTP/2 with a certificate made at start-up', async () => {
  const session = http2.connect(`https://localhost:${tlsPort}`, { rejectUnauthorized: false });
  try {
    const res = await send2(session, { path: '/' });
    assert.deepEqual(JSON.parse(res.body), { httpVersion: '2.0', protocol: 'https', host: 'localhost' });
    const cert = (session.socket as import('node:tls').TLSSocket).getPeerCertificate();
    assert.match(String(cert.subject.CN), /localhost/);
    const echo = await send2(session, {
      method: 'POST',
      path: '/echo',
      headers: { 'content-type': 'application/json' },
      body: '{"n":1}',
    });
    assert.equal(echo.body, '{"received":{"n":1}}');
  } finally {
    session.destroy();
  }
});

test('http2: the TLS server still answers HTTP/1.1 clients', async () => {
  const body = await new Promise<string>((resolve, reject) => {
    https
      .get(
        { host: 'localhost', port: tlsPort, path: '/', rejectUnauthorized: false, agent: false },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve(text));
        },
      )
      .on('error', reject);
  });
  assert.deepEqual(JSON.parse(body), { httpVersion: '1.1', protocol: 'https', host: 'localhost' });
});

test('http2: the cleartext h2c server', async () => {
  const session = http2.connect(`http://localhost:${app.port}`);
  try {
    const res = await send2(session, { path: '/' });
    assert.deepEqual(JSON.parse(res.body), { httpVersion: '2.0', protocol: 'http', host: 'localhost' });
  } finally {
    session.destroy();
  }
});

test('http2: no key or certificate is committed with the example', () => {
  const fs = require('node:fs') as typeof import('node:fs');
  const path = require('node:path') as typeof import('node:path');
  const dir = path.resolve(__dirname, '../../../examples/http2');
  assert.deepEqual(
    fs.readdirSync(dir).filter((name) => /\.(pem|key|crt|cert|p12|pfx)$/.test(name)),
    [],
  );
});
