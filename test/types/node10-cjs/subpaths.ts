// node10 reads typesVersions; without esModuleInterop a default import is the module's `default` member.
import webapp = require('webapp');
import cookieSession = require('webapp/cookie-session');

import * as parser from 'webapp/cookie-parser';
import csrfDefault from 'webapp/csrf';

import basicAuth = require('webapp/basic-auth');

const app = webapp();
app.use(cookieSession({ keys: ['k'] }), csrfDefault(), parser.cookieParser('s'), basicAuth('a', 'b'));
app.get('/', (req, res) => res.send(`${req.csrfToken()} ${req.session?.views} ${req.remoteUser}`));
