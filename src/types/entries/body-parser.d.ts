/**
 * Types of `webapp/body-parser`: the 3.x `bodyParser()` is the module itself, with `json`,
 * `urlencoded`, `raw`, `text` and `multipart` as members. Uploaded files land in `req.files`
 * (not declared here: multer declares `req.files` its own way; augment `Express.Request` as you need).
 * @module
 */
import impl = require('../../middleware/body-parser');

/**
 * JSON and urlencoded bodies, plus multipart uploads with the `multipart` option.
 * @example
 * app.use(bodyParser({ multipart: { uploadDir: '/tmp/uploads' } }));
 */
declare const bodyParser: typeof impl.bodyParser & typeof impl;

declare namespace bodyParser {
  /** Options of `bodyParser()`. @example const o: bodyParser.BodyParserOptions = { limit: '1mb' }; */
  type BodyParserOptions = impl.BodyParserOptions;
  /** Options of `multipart()`. @example const o: bodyParser.MultipartOptions = { uploadDir: '/tmp' }; */
  type MultipartOptions = impl.MultipartOptions;
  /** Size and count limits of multipart bodies. @example const l: bodyParser.MultipartLimits = { files: 1 }; */
  type MultipartLimits = impl.MultipartLimits;
  /** One uploaded file. @example (f: bodyParser.UploadedFile) => f.path */
  type UploadedFile = impl.UploadedFile;
}

export = bodyParser;
