/**
 * `webappjs/lib/express`: the package itself (`require('webappjs')`), at the path of Express 4's file.
 * @module
 */
import webapp = require('../index');

export = webapp;
