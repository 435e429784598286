/**
 * The diagnostics channels webapp publishes. Their names are public API (docs/guide/observability.md):
 *
 * - `tracing:webapp.request:{start,end,asyncStart,asyncEnd,error}`: each request's dispatch through an app;
 * - `tracing:webapp.layer:{start,end,asyncStart,asyncEnd,error}`: every layer that runs;
 * - `webapp.initialization`: an app was created;
 * - `webapp.mount`: an app or router was mounted.
 *
 * Channels are looked up by name in a process-wide registry, so subscribers loaded before or after
 * webapp (or another copy of it) see the same objects.
 * @module
 */
import dc from 'node:diagnostics_channel';

export const REQUEST_CHANNEL = 'webapp.request';
export const LAYER_CHANNEL = 'webapp.layer';
export const INITIALIZATION_CHANNEL = 'webapp.initialization';
export const MOUNT_CHANNEL = 'webapp.mount';

/**
 * The five channels of a TracingChannel, held individually so the hot path reads plain fields (the
 * same objects `dc.tracingChannel(name)` returns, so `tracingChannel('webapp.layer').subscribe(…)` works).
 */
export interface TracingChannels {
  readonly start: dc.Channel;
  readonly end: dc.Channel;
  readonly asyncStart: dc.Channel;
  readonly asyncEnd: dc.Channel;
  readonly error: dc.Channel;
}

function tracingChannels(name: string): TracingChannels {
  return {
    start: dc.channel(`tracing:${name}:start`),
    end: dc.channel(`tracing:${name}:end`),
    asyncStart: dc.channel(`tracing:${name}:asyncStart`),
    asyncEnd: dc.channel(`tracing:${name}:asyncEnd`),
    error: dc.channel(`tracing:${name}:error`),
  };
}

export const requestChannels: TracingChannels = tracingChannels(REQUEST_CHANNEL);
export const layerChannels: TracingChannels = tracingChannels(LAYER_CHANNEL);
export const initializationChannel = dc.channel(INITIALIZATION_CHANNEL);
export const mountChannel = dc.channel(MOUNT_CHANNEL);

/* What every request and every layer pays when nobody listens: a few `hasSubscribers` reads. */

/** Whether anyone listens to `tracing:webapp.layer:*`. */
export function layerTraced(): boolean {
  return anySubscriber(layerChannels);
}

/** Whether anyone listens to `tracing:webapp.request:*`. */
export function requestTraced(): boolean {
  return anySubscriber(requestChannels);
}

function anySubscriber(c: TracingChannels): boolean {
  return (
    c.start.hasSubscribers ||
    c.end.hasSubscribers ||
    c.asyncStart.hasSubscribers ||
    c.asyncEnd.hasSubscribers ||
    c.error.hasSubscribers
  );
}
