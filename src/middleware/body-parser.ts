/**
 * `webapp.bodyParser(options)` — also `require('webappjs/body-parser')`. The 3.x all-in-one body
 * parser: JSON and urlencoded bodies (the same parsers as `webapp.json` and `webapp.urlencoded`,
 * sharing `limit`, `inflate`, `verify`, `strict`, `extended`, `parameterLimit`…), plus
 * `multipart/form-data` uploads when the `multipart` option is given.
 *
 * Unlike body-parser@1's deprecated `bodyParser()`, `extended` defaults to true without a warning,
 * as the 3.x parser behaved. `bodyParser.json`, `.urlencoded`, `.raw`, `.text` and `.multipart` are
 * the single parsers, so `require('body-parser')` call sites keep working.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type JsonOptions, json, raw, text, type UrlencodedOptions, urlencoded } from '../body/index';
import { type MultipartOptions, multipart } from './body-parser/multipart';

export {
  type MultipartLimits,
  type MultipartOptions,
  multipart,
  UploadedFile,
} from './body-parser/multipart';

import { callableModule } from '../utils/callable-module';
import { markFactory } from '../utils/middleware-factory';

export interface BodyParserOptions extends Omit<JsonOptions, 'type'>, Omit<UrlencodedOptions, 'type'> {
  /** Also parse `multipart/form-data` uploads into `req.body` and `req.files` (default off). */
  multipart?: boolean | MultipartOptions;
}

type Next = (err?: unknown) => void;

/**
 * @example
 * app.use(webapp.bodyParser({ limit: '1mb', multipart: { limits: { fileSize: '20mb' } } }));
 * app.post('/profile', (req, res) => {
 *   res.json({ name: req.body.name, avatar: req.files.avatar && req.files.avatar.size });
 * });
 */
export function bodyParser(options?: BodyParserOptions) {
  const opts: BodyParserOptions & { type?: undefined } = { ...options, type: undefined };
  if (opts.extended === undefined) opts.extended = true;
  const parseJson = json(opts);
  const parseUrlencoded = urlencoded(opts);
  const upload = options?.multipart;
  const parseMultipart = upload ? multipart(upload === true ? {} : upload) : undefined;

  return function bodyParser(req: IncomingMessage, res: ServerResponse, next: Next): void {
    parseJson(req, res, (jsonError) => {
      if (jsonError) {
        next(jsonError);
        return;
      }
      if (parseMultipart === undefined) {
        parseUrlencoded(req, res, next);
        return;
      }
      parseUrlencoded(req, res, (formError) => {
        if (formError) next(formError);
        else parseMultipart(req, res, next);
      });
    });
  };
}

bodyParser.json = json;
bodyParser.urlencoded = urlencoded;
bodyParser.raw = raw;
bodyParser.text = text;
bodyParser.multipart = multipart;

export default bodyParser;

// Refused when passed uncalled (`app.use(webapp.bodyParser)`): src/utils/middleware-factory.ts.
markFactory(bodyParser, 'bodyParser');

// `require('webappjs/body-parser')` is the middleware itself, as with its npm counterpart.
callableModule(module, bodyParser);
