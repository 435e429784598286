'use strict';
// express@5 (the `express5` alias of the devDependencies) running the shared Express-API apps.

const { appsFor } = require('./express-api.cjs');

module.exports = appsFor(require('express5'));
