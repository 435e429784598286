/**
 * A router's stack that knows when it changed. `router.stack` is a Proxy over a plain array whose
 * traps count every write (an index assignment `stack[i] = layer`, a length change, every Array
 * method, defineProperty, delete), so the route index checks in O(1) per request that it still
 * describes the stack. Reads through the proxy are plain array reads (no `get` trap): code that walks
 * `router.stack` sees an ordinary Array (`Array.isArray`, its prototype, its methods), and dispatch
 * reads the array behind it directly.
 * @module
 */
import type { Layer } from '../layer';

/** A router's stack: what `router.stack` exposes (`proxy`), what dispatch reads (`array`). */
export interface WatchedStack {
  readonly proxy: Layer[];
  readonly array: Layer[];
  /** Bumped by every write through `proxy`. */
  version: number;
}

/**
 * A new, empty watched stack.
 * @example
 * const stack = createWatchedStack();
 * stack.proxy.push(layer); // stack.version is now > 0
 */
export function createWatchedStack(): WatchedStack {
  const array: Layer[] = [];
  const watched = { proxy: array, array, version: 0 };
  watched.proxy = new Proxy(array, {
    set(target, key, value, receiver) {
      watched.version++;
      return Reflect.set(target, key, value, receiver === watched.proxy ? target : receiver);
    },
    defineProperty(target, key, descriptor) {
      watched.version++;
      return Reflect.defineProperty(target, key, descriptor);
    },
    deleteProperty(target, key) {
      watched.version++;
      return Reflect.deleteProperty(target, key);
    },
    setPrototypeOf(target, prototype) {
      watched.version++;
      return Reflect.setPrototypeOf(target, prototype);
    },
  });
  return watched;
}
