'use strict';
// webapp without the two things Express semantics add to every response and fastify does not do:
// the weak ETag (a SHA-1 of the body) and X-Powered-By. Not a target; it shows what those cost.

const { appsFor, leanSettings } = require('./express-api.cjs');
const { factory } = require('./webapp.cjs');

module.exports = appsFor(factory, leanSettings);
