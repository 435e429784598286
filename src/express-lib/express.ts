/**
 * `webapp/lib/express`: the package itself (`require('webapp')`), at the path of Express 4's file.
 * @module
 */
import webapp = require('../index');

export = webapp;
