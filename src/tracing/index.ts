/**
 * Observability: webapp publishes what it does on node:diagnostics_channel (names in ./channels,
 * messages in ./types). Everything here costs a `hasSubscribers` check per request and per layer when
 * nobody listens. `webappjs/otel` builds an OpenTelemetry instrumentation on top.
 * @module
 */
export {
  INITIALIZATION_CHANNEL,
  LAYER_CHANNEL,
  layerTraced,
  MOUNT_CHANNEL,
  REQUEST_CHANNEL,
  requestTraced,
} from './channels';
export { traceLayer, traceParam } from './layer';
export { publishInitialization, recordAppUse, recordUse } from './mount';
export { traceRequest } from './request';
export type { InitializationMessage, LayerContext, LayerType, MountMessage, RequestContext } from './types';
