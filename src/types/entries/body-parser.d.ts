/**
 * Types of `webappjs/body-parser`: the 3.x `bodyParser()` is the module itself, with `multipart`
 * and `UploadedFile` as members. Uploaded files land in `req.files`
 * (not declared here: multer declares `req.files` its own way; augment `Express.Request` as you need).
 * @module
 */
import impl = require('../../middleware/body-parser');

/**
 * JSON and urlencoded bodies, plus multipart uploads with the `multipart` option.
 * @example
 * app.use(bodyParser({ multipart: { uploadDir: '/tmp/uploads' } }));
 */
declare function bodyParser(options?: impl.BodyParserOptions): ReturnType<typeof impl.bodyParser>;

/** The module as `require` gives it: the middleware with every member (inside the namespace, `bodyParser` names the member). */
type BodyParserModule = typeof bodyParser;

declare namespace bodyParser {
  /** Options of `bodyParser()`. @example const o: bodyParser.BodyParserOptions = { limit: '1mb' }; */
  export type BodyParserOptions = impl.BodyParserOptions;
  /** Options of `multipart()`. @example const o: bodyParser.MultipartOptions = { uploadDir: '/tmp' }; */
  export type MultipartOptions = impl.MultipartOptions;
  /** Size and count limits of multipart bodies. @example const l: bodyParser.MultipartLimits = { files: 1 }; */
  export type MultipartLimits = impl.MultipartLimits;
  /** One uploaded file. @example (f: bodyParser.UploadedFile) => f.path */
  export type UploadedFile = impl.UploadedFile;
  // The module's values, as members: `import { bodyParser } from …`, `import * as m from …`.
  /** See `bodyParser.bodyParser` in the module's documentation. @example bodyParser.bodyParser */
  export const bodyParser: typeof impl.bodyParser;
  /** See `bodyParser.multipart` in the module's documentation. @example bodyParser.multipart */
  export const multipart: typeof impl.multipart;
  /** See `bodyParser.UploadedFile` in the module's documentation. @example bodyParser.UploadedFile */
  export const UploadedFile: typeof impl.UploadedFile;
  /** The JSON parser, as `bodyParser.json` of the npm package. @example app.use(bodyParser.json()); */
  export const json: typeof impl.bodyParser.json;
  /** The urlencoded parser. @example app.use(bodyParser.urlencoded({ extended: false })); */
  export const urlencoded: typeof impl.bodyParser.urlencoded;
  /** The raw (Buffer) parser. @example app.use(bodyParser.raw({ type: 'application/octet-stream' })); */
  export const raw: typeof impl.bodyParser.raw;
  /** The text parser. @example app.use(bodyParser.text()); */
  export const text: typeof impl.bodyParser.text;
  /** The middleware, for `import bodyParser from …` without esModuleInterop. @example bodyParser.default */
  const _default: BodyParserModule;

  export { _default as default };
}

export = bodyParser;
