/**
 * Preloaded (`node --require`) by test/tracing/parity.test.ts: one subscriber that does nothing on every
 * webapp channel, so the suites it runs take the traced paths.
 */
import dc from 'node:diagnostics_channel';

const noop = () => {};
const subscriber = { start: noop, end: noop, asyncStart: noop, asyncEnd: noop, error: noop };
dc.tracingChannel('webapp.request').subscribe(subscriber);
dc.tracingChannel('webapp.layer').subscribe(subscriber);
dc.subscribe('webapp.initialization', noop);
dc.subscribe('webapp.mount', noop);
