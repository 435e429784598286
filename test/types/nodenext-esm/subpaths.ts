// Every first-party middleware subpath from an ES module: default, namespace and named imports.
import webapp from 'webapp';
import basicAuth from 'webapp/basic-auth';
import bodyParser, { type BodyParserOptions } from 'webapp/body-parser';
import compress from 'webapp/compress';
import cookieParser, { signedCookie } from 'webapp/cookie-parser';
import cookieSession from 'webapp/cookie-session';
import * as csrfModule from 'webapp/csrf';
import { csrf } from 'webapp/csrf';
import directory from 'webapp/directory';

const app = webapp();
const parserOptions: BodyParserOptions = { limit: '1mb' };
app.use(cookieParser('s'), cookieSession({ keys: ['k'] }), csrf(), csrfModule.default());
app.use(basicAuth('a', 'b'), compress(), bodyParser(parserOptions), directory('public'));
app.get('/', (req, res) => {
  const signed = signedCookie(req.cookies.sid, 's');
  res.json({ token: req.csrfToken(), views: req.session?.views, signed, who: req.remoteUser });
});
