// node10 reads typesVersions; without esModuleInterop a default import is the module's `default` member.
import webapp = require('webappjs');
import cookieSession = require('webappjs/cookie-session');

import * as parser from 'webappjs/cookie-parser';
import csrfDefault from 'webappjs/csrf';

import basicAuth = require('webappjs/basic-auth');

const app = webapp();
app.use(cookieSession({ keys: ['k'] }), csrfDefault(), parser.cookieParser('s'), basicAuth('a', 'b'));
app.get('/', (req, res) => res.send(`${req.csrfToken()} ${req.session?.views} ${req.remoteUser}`));
