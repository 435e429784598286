/**
 * Types of `webapp/compress`: the middleware is the module itself (`res.flush()` is part of every
 * webapp Response already).
 * @module
 */
import impl = require('../../middleware/compress');

/**
 * Response compression (gzip, deflate, br) by Accept-Encoding.
 * @example
 * app.use(compress({ threshold: '1kb' }));
 */
declare const compress: typeof impl.compress & typeof impl;

declare namespace compress {
  /** Options of `compress()`. @example const o: compress.CompressOptions = { threshold: 1024 }; */
  type CompressOptions = impl.CompressOptions;
  /** Decides whether to compress a response. @example const f: compress.CompressFilter = (req, res) => compress.filter(req, res); */
  type CompressFilter = impl.CompressFilter;
}

export = compress;
