'use strict';
// express@4 running the shared Express-API apps.

const { appsFor } = require('./express-api.cjs');

module.exports = appsFor(require('express'));
