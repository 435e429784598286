// Every first-party middleware subpath from an ES module: default, namespace and named imports.
import webapp from 'webappjs';
import basicAuth from 'webappjs/basic-auth';
import bodyParser, { type BodyParserOptions } from 'webappjs/body-parser';
import compress from 'webappjs/compress';
import cookieParser, { signedCookie } from 'webappjs/cookie-parser';
import cookieSession from 'webappjs/cookie-session';
import * as csrfModule from 'webappjs/csrf';
import { csrf } from 'webappjs/csrf';
import directory from 'webappjs/directory';

const app = webapp();
const parserOptions: BodyParserOptions = { limit: '1mb' };
app.use(cookieParser('s'), cookieSession({ keys: ['k'] }), csrf(), csrfModule.default());
app.use(basicAuth('a', 'b'), compress(), bodyParser(parserOptions), directory('public'));
app.get('/', (req, res) => {
  const signed = signedCookie(req.cookies.sid, 's');
  res.json({ token: req.csrfToken(), views: req.session?.views, signed, who: req.remoteUser });
});
