/**
 * `res.locals` is created on first read rather than for every request: most responses (JSON APIs)
 * never touch it. Reading or assigning it leaves a plain own property, as in Express 4.
 * @module
 */

export function installLazyLocals(proto: object): void {
  Object.defineProperty(proto, 'locals', {
    configurable: true,
    enumerable: true,
    get(this: object) {
      const locals = Object.create(null);
      Object.defineProperty(this, 'locals', {
        configurable: true,
        enumerable: true,
        writable: true,
        value: locals,
      });
      return locals;
    },
    set(this: object, value: unknown) {
      Object.defineProperty(this, 'locals', { configurable: true, enumerable: true, writable: true, value });
    },
  });
}
