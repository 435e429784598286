/**
 * The internal hook through which an instrumentation runs layers in a context of its own
 * (OpenTelemetry's `context.with`): diagnostics_channel can bind AsyncLocalStorage stores, but not a
 * context manager whose store is private. Kept on a process-wide symbol, so `webappjs/otel` reaches
 * every copy of webapp. Read only for layers that are traced, so it costs nothing otherwise.
 * @internal
 * @module
 */
import type { LayerContext } from './types';

export interface LayerHook {
  /** Runs a layer's handler call `call()` (e.g. inside the layer's span); returns what `call` returns. */
  run(ctx: LayerContext, call: () => unknown): unknown;
  /** Runs the layer's continuation `proceed()` (its `next`), e.g. back in the context the layer started in. */
  proceed(ctx: LayerContext, proceed: () => void): void;
}

const kHook = Symbol.for('webapp.tracing.layerHook');
const holder = globalThis as typeof globalThis & Record<symbol, LayerHook | undefined>;

/** The installed hook, if any. */
export function currentLayerHook(): LayerHook | undefined {
  return holder[kHook];
}

/** Installs `hook`; the returned function removes it (if it is still the one installed). */
export function installLayerHook(hook: LayerHook): () => void {
  const previous = holder[kHook];
  holder[kHook] = hook;
  return () => {
    if (holder[kHook] === hook) holder[kHook] = previous;
  };
}
