/**
 * Types of `webappjs/compress`: the middleware is the module itself (`res.flush()` is part of every
 * webapp Response already).
 * @module
 */
import impl = require('../../middleware/compress');

/**
 * Response compression (gzip, deflate, br) by Accept-Encoding.
 * @example
 * app.use(compress({ threshold: '1kb' }));
 */
declare function compress(options?: impl.CompressOptions): ReturnType<typeof impl.compress>;

/** The module as `require` gives it: the middleware with every member (inside the namespace, `compress` names the member). */
type CompressModule = typeof compress;

declare namespace compress {
  /** Options of `compress()`. @example const o: compress.CompressOptions = { threshold: 1024 }; */
  export type CompressOptions = impl.CompressOptions;
  /** Decides whether to compress a response. @example const f: compress.CompressFilter = (req, res) => compress.shouldCompress(req, res); */
  export type CompressFilter = impl.CompressFilter;
  // The module's values, as members: `import { compress } from …`, `import * as m from …`.
  /** See `compress.compress` in the module's documentation. @example compress.compress */
  export const compress: typeof impl.compress;
  /** See `compress.compressible` in the module's documentation. @example compress.compressible */
  export const compressible: typeof impl.compressible;
  /** See `compress.shouldCompress` in the module's documentation. @example compress.shouldCompress */
  export const shouldCompress: typeof impl.shouldCompress;
  /** The default filter, as `compression.filter` of the npm package. @example compress({ filter: (req, res) => compress.filter(req, res) }) */
  export const filter: typeof impl.compress.filter;
  /** The middleware, for `import compress from …` without esModuleInterop. @example compress.default */
  const _default: CompressModule;

  export { _default as default };
}

export = compress;
