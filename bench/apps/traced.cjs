'use strict';
// webapp (defaults) with one subscriber, doing nothing, on each of its tracing channels
// (`tracing:webapp.request:*` and `tracing:webapp.layer:*`): what publishing costs once someone listens.
// Compare with `webapp`, which has the same channels compiled in and nobody listening.

const dc = require('node:diagnostics_channel');

const noop = () => {};
const subscriber = { start: noop, end: noop, asyncStart: noop, asyncEnd: noop, error: noop };
dc.tracingChannel('webapp.request').subscribe(subscriber);
dc.tracingChannel('webapp.layer').subscribe(subscriber);

module.exports = require('./webapp.cjs');
