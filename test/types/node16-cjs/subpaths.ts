// Every first-party middleware subpath, under each import style of a CommonJS module.
import webapp = require('webappjs');
import basicAuth = require('webappjs/basic-auth');
import bodyParser = require('webappjs/body-parser');
import compress = require('webappjs/compress');
import cookieParser = require('webappjs/cookie-parser');
import cookieSession = require('webappjs/cookie-session');
import csrf = require('webappjs/csrf');
import directory = require('webappjs/directory');

import * as parserNamespace from 'webappjs/cookie-parser';
import sessionDefault, {
  type CookieSessionOptions,
  cookieSession as namedSession,
} from 'webappjs/cookie-session';
import csrfDefault, { createToken, verifyToken } from 'webappjs/csrf';

const app = webapp();
const options: CookieSessionOptions = { keys: ['a', 'b'], maxAge: 86_400_000 };
app.use(cookieSession(options), sessionDefault({ name: 'other', secret: 's' }), namedSession());
app.use(cookieParser('secret'), parserNamespace.default('secret'), parserNamespace.cookieParser());
app.use(csrf(), csrfDefault({ cookie: true }));
app.use(
  basicAuth('admin', 'secret'),
  basicAuth((user, pass) => user === pass),
);
app.use(compress({ threshold: '1kb' }), bodyParser({ limit: '1mb' }), bodyParser.multipart());
app.use('/files', directory('public', { icons: true }));

const token: string = createToken('secret');
const valid: boolean = verifyToken('secret', token);
const parsed: unknown = cookieParser.JSONCookie('j:{}');
const ok: boolean = compress.shouldCompress(app.request, app.response);
const flags: cookieSession.CookieSessionObject | null | undefined = undefined;
const csrfOptions: csrf.CsrfOptions = { ignoreMethods: ['GET'] };

export { csrfOptions, flags, ok, parsed, valid };
