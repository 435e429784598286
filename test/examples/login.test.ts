import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { send, type TestResponse } from '../support/http';
import { type RunningExample, startExample } from './run-example';

let app: RunningExample;
before(async () => {
  app = await startExample('login');
});
after(() => app.stop());

/** A browser-like client: keeps cookies between requests. */
function client() {
  const jar = new Map<string, string>();
  return {
    jar,
    async request(method: string, path: string, form?: Record<string, string>): Promise<TestResponse> {
      const headers: Record<string, string> = {};
      if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
      const res = await send(app.port, {
        method,
        path,
        headers,
        body: form ? new URLSearchParams(form).toString() : undefined,
      });
      for (const cookie of (res.headers['set-cookie'] as string[] | undefined) ?? []) {
        const [pair, ...attrs] = cookie.split('; ');
        const [name, value] = pair.split('=');
        if (attrs.some((a) => a.startsWith('Expires=Thu, 01 Jan 1970'))) jar.delete(name);
        else jar.set(name, value);
      }
      return res;
    },
  };
}

const tokenOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

test('login: the account page requires a session and remembers where to return', async () => {
  const browser = client();
  const res = await browser.request('GET', '/account');
  assert.equal(res.status, 302);
  assert.equal(res.headers.location, '/login?next=%2Faccount');
  // The CSRF secret is stored in the session from the first request on.
  assert.match(
    String(res.headers['set-cookie']),
    /^sid=s%3A[^;]+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
  );
  const form = await browser.request('GET', '/login?next=%2Faccount');
  assert.equal(form.status, 200);
  assert.equal(form.headers['cache-control'], 'no-store');
  assert.match(form.body, /<input type="hidden" name="next" value="\/account">/);
  assert.ok(tokenOf(form.body).length > 20);
});

test('login: posts without a valid CSRF token are refused with 403', async () => {
  const browser = client();
  await browser.request('GET', '/login');
  const missing = await browser.request('POST', '/login', { username: 'alice', password: 'wonderland' });
  assert.equal(missing.status, 403);
  assert.match(missing.body, /Form expired/);
  const forged = await browser.request('POST', '/login', {
    _csrf: 'forged',
    username: 'alice',
    password: 'wonderland',
  });
  assert.equal(forged.status, 403);
  // A token from another session does not work either.
  const other = client();
  const otherToken = tokenOf((await other.request('GET', '/login')).body);
  const stolen = await browser.request('POST', '/login', {
    _csrf: otherToken,
    username: 'alice',
    password: 'wonderland',
  });
  assert.equal(stolen.status, 403);
});

test('login: a wrong password shows a message once; the right one starts a new session', async () => {
  const browser = client();
  const token = tokenOf((await browser.request('GET', '/login')).body);
  const wrong = await browser.request('POST', '/login', {
    _csrf: token,
    username: 'alice',
    password: 'nope',
  });
  assert.equal(wrong.status, 303);
  assert.equal(wrong.headers.location, '/login');
  const again = await browser.request('GET', '/login');
  assert.match(again.body, /<p class="error">Invalid username or password.<\/p>/);
  assert.doesNotMatch((await browser.request('GET', '/login')).body, /class="error"/);

  const before = browser.jar.get('sid');
  const ok = await browser.request('POST', '/login', {
    _csrf: tokenOf(again.body),
    username: 'alice',
    password: 'wonderland',
    next: '/account',
  });
  assert.equal(ok.status, 303);
  assert.equal(ok.headers.location, '/account');
  assert.notEqual(browser.jar.get('sid'), before, 'the session id changes on login');

  const account = await browser.request('GET', '/account');
  assert.equal(account.status, 200);
  assert.match(account.body, /Signed in as Alice Liddell/);
  assert.match(account.body, /Visits this session: 1/);
  assert.match((await browser.request('GET', '/account')).body, /Visits this session: 2/);
});

test('login: open redirects through ?next are not followed', async () => {
  const browser = client();
  const token = tokenOf((await browser.request('GET', '/login')).body);
  const res = await browser.request('POST', '/login', {
    _csrf: token,
    username: 'alice',
    password: 'wonderland',
    next: '//evil.test/',
  });
  assert.equal(res.headers.location, '/account');
});

test('login: logout needs the token, then destroys the session', async () => {
  const browser = client();
  const token = tokenOf((await browser.request('GET', '/login')).body);
  await browser.request('POST', '/login', { _csrf: token, username: 'alice', password: 'wonderland' });
  const account = await browser.request('GET', '/account');
  const refused = await browser.request('POST', '/logout', {});
  assert.equal(refused.status, 403);
  assert.equal((await browser.request('GET', '/account')).status, 200, 'still signed in');

  const out = await browser.request('POST', '/logout', { _csrf: tokenOf(account.body) });
  assert.equal(out.status, 303);
  assert.equal(out.headers.location, '/');
  assert.equal(browser.jar.has('sid'), false, 'the cookie is cleared');
  assert.equal((await browser.request('GET', '/account')).status, 302);
});
