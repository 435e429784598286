/**
 * The type of the package's main export: the `webapp()` factory and the values it carries
 * (`webapp.json`, `webapp.Router`, …), as `@types/express` declares `express` itself.
 * @module
 */
import type * as net from 'node:net';
import type { WebappMime } from '../http/mime';
import type { FetchHandler, FromFetchOptions } from './fetch';
import type { ShutdownOptions, TimeoutOptions } from './lifecycle';
import type {
  BasicAuthCheck,
  CookieParserOptions,
  JsonOptions,
  NodeHandler,
  RawOptions,
  ServeStaticOptions,
  TextOptions,
  UrlencodedOptions,
} from './middleware-options';
import type {
  Application,
  Express,
  IRoute,
  ParamsDictionary,
  Request,
  Response,
  Router,
  RouterOptions,
} from './public';

/**
 * `webapp.Router`: creates a router. With `{ mergeParams: true }` its handlers also see the
 * parent's params, typed by the type argument (string-indexed when none is given).
 * @example
 * const posts = webapp.Router<{ userId: string }>({ mergeParams: true });
 * posts.get('/:postId', (req, res) => res.send(req.params.userId + req.params.postId));
 */
export interface RouterFactory {
  /**
   * Creates a router that keeps the parent's params.
   * @example
   * const r = webapp.Router<{ userId: string }>({ mergeParams: true });
   */
  <MergedParams extends object = ParamsDictionary>(
    options: RouterOptions & { mergeParams: true },
  ): Router<MergedParams>;
  /**
   * Creates a router.
   * @example
   * const r = webapp.Router({ strict: true });
   */
  (options?: RouterOptions): Router;
}

/**
 * `webapp.Route`: the route class behind `app.route(path)`.
 * @example
 * const route = new webapp.Route('/users/:id');
 */
export interface RouteConstructor {
  /**
   * Creates a route for a path.
   * @example
   * new webapp.Route('/health').get((req, res) => res.send('ok'));
   */
  new <Path extends string = string>(path: Path): IRoute<Path>;
}

/**
 * `webapp.static`: middleware serving files from a directory.
 * @example
 * app.use(webapp.static('public', { maxAge: '1d' }));
 */
export interface ServeStatic {
  /**
   * Middleware serving the files under `root`.
   * @example
   * app.use(webapp.static('public', { maxAge: '1d' }));
   */
  (root: string, options?: ServeStaticOptions<Response>): NodeHandler;
  /**
   * The MIME table of static files, res.sendFile, res.type and res.format (Express 4's, the mime 1.x API).
   * @example
   * webapp.static.mime.define({ 'text/x-notes': ['notes'] });
   * webapp.static.mime.lookup('logo.ico'); // 'image/x-icon'
   */
  mime: WebappMime;
}

/**
 * `webapp.basicAuth`: HTTP Basic authentication; fills `req.user`.
 * @example
 * app.use(webapp.basicAuth('admin', process.env.ADMIN_PASSWORD!));
 */
export interface BasicAuth {
  /**
   * Accepts one user/password pair (compared in constant time).
   * @example
   * webapp.basicAuth('admin', 's3cret', 'Admin area')
   */
  (user: string, pass: string, realm?: string): NodeHandler;
  /**
   * Accepts what a check accepts: `(user, pass) => boolean` or `(user, pass, callback(err, user))`.
   * @example
   * webapp.basicAuth((user, pass) => user === 'tj' && pass === 'wahoo')
   */
  (check: BasicAuthCheck, realm?: string): NodeHandler;
}

/**
 * The package's main export: call it to create an application.
 * @example
 * import webapp from 'webappjs';
 * const app = webapp();
 * app.use(webapp.json());
 * app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
 * app.listen(3000);
 */
export interface Webapp {
  /**
   * Creates an application.
   * @example
   * const app = webapp();
   */
  (): Express;
  /**
   * The application prototype: members added here appear on every app.
   * @example
   * webapp.application.hello = function () { return 'hi'; };
   */
  application: Application;
  /**
   * The request prototype shared by every app.
   * @example
   * webapp.request.isJson = function () { return this.is('json') === 'json'; };
   */
  request: Request;
  /**
   * The response prototype shared by every app.
   * @example
   * webapp.response.ok = function () { return this.sendStatus(200); };
   */
  response: Response;
  /**
   * Creates a router.
   * @example
   * const router = webapp.Router();
   */
  Router: RouterFactory;
  /**
   * The route class.
   * @example
   * new webapp.Route('/x')
   */
  Route: RouteConstructor;
  /**
   * JSON body parser: parses `application/json` bodies into `req.body`.
   * @example
   * app.use(webapp.json({ limit: '1mb' }));
   */
  json: (options?: JsonOptions | null) => NodeHandler;
  /**
   * Raw body parser: reads `application/octet-stream` bodies into a Buffer in `req.body`.
   * @example
   * app.post('/upload', webapp.raw({ type: 'image/*' }), (req, res) => res.send(req.body.length));
   */
  raw: (options?: RawOptions | null) => NodeHandler;
  /**
   * Text body parser: decodes `text/plain` bodies into a string in `req.body`.
   * @example
   * app.use(webapp.text());
   */
  text: (options?: TextOptions | null) => NodeHandler;
  /**
   * URL-encoded body parser: parses form bodies into `req.body`.
   * @example
   * app.use(webapp.urlencoded({ extended: false }));
   */
  urlencoded: (options?: UrlencodedOptions | null) => NodeHandler;
  /**
   * Static file middleware.
   * @example
   * app.use(webapp.static('public'));
   */
  static: ServeStatic;
  /**
   * Cookie parser: fills `req.cookies` and, given secrets, `req.signedCookies` and `req.secret`.
   * @example
   * app.use(webapp.cookieParser(process.env.COOKIE_SECRET));
   */
  cookieParser: (secret?: string | string[], options?: CookieParserOptions) => NodeHandler;
  /**
   * HTTP Basic authentication.
   * @example
   * app.use('/admin', webapp.basicAuth('admin', 'secret'));
   */
  basicAuth: BasicAuth;
  /**
   * Cookie sessions: `req.session` kept in a signed cookie (cookie-session's format).
   * @example
   * app.use(webapp.cookieSession({ keys: [process.env.SESSION_KEY!] }));
   */
  cookieSession: typeof import('../middleware/cookie-session').cookieSession;
  /**
   * Response compression (gzip, deflate, br) by Accept-Encoding, with `res.flush()`.
   * @example
   * app.use(webapp.compress({ threshold: '1kb' }));
   */
  compress: typeof import('../middleware/compress').compress;
  /**
   * CSRF protection: `req.csrfToken()`, checked on unsafe methods; 403 `EBADCSRFTOKEN` on mismatch.
   * @example
   * app.use(webapp.csrf());
   */
  csrf: typeof import('../middleware/csrf').csrf;
  /**
   * Directory listings as HTML, JSON or text.
   * @example
   * app.use('/files', webapp.directory('public', { icons: true }));
   */
  directory: typeof import('../middleware/directory').directory;
  /**
   * The 3.x `bodyParser()`: JSON and urlencoded bodies, plus multipart uploads with the `multipart` option.
   * @example
   * app.use(webapp.bodyParser({ multipart: { uploadDir: '/tmp/uploads' } }));
   */
  bodyParser: typeof import('../middleware/body-parser').bodyParser;
  /**
   * A fetch handler (`(request) => Response`, a Hono app's `fetch`, an h3 app) as middleware: the
   * Request is built from req, the Response written to res; errors go to `next(err)`.
   * @example
   * app.use('/api', webapp.fromFetch(hono.fetch, { notFound: 'next' }));
   */
  fromFetch: (handler: FetchHandler, options?: FromFetchOptions) => NodeHandler;
  /**
   * Express 4's query-string middleware: sets `req.query` with qs (or `parse`) unless it was already
   * assigned. Rarely needed: `req.query` is parsed on first read with the `query parser` setting.
   * @example
   * app.use(webapp.query({ depth: 2 }));
   */
  query: (
    options?:
      | { depth?: number; arrayLimit?: number; parameterLimit?: number; [option: string]: unknown }
      // biome-ignore lint/suspicious/noExplicitAny: a query parser returns the parsed shape of its choice, as `query parser fn` does in Express
      | ((str: string) => Record<string, any>),
  ) => NodeHandler;
  /**
   * Times requests out (connect-timeout's API): after `time` (ms or '5s'; default 5 s) sets
   * `req.timedout`, aborts `req.signal`, emits 'timeout' on the request and, unless
   * `{ respond: false }`, passes a 503 error with `code: 'ETIMEDOUT'` to the error middleware.
   * Also `require('webappjs/timeout')`.
   * @example
   * app.use(webapp.timeout('5s'));
   */
  timeout: (time?: number | string, options?: TimeoutOptions) => NodeHandler;
  /**
   * Drains and closes any node http, https or http2 server, as `server.shutdown()` does for the
   * servers webapp creates: resolves once every connection is gone.
   * @example
   * process.once('SIGTERM', () => webapp.shutdown(server, { timeout: '10s' }));
   */
  shutdown: (server: net.Server, options?: ShutdownOptions) => Promise<void>;
  /**
   * The module itself, for `import webapp from 'webappjs'` without `esModuleInterop`.
   * @example
   * const { default: create } = require('webappjs');
   */
  default: Webapp;
}
