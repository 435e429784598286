/**
 * The one list of every error webapp creates: each entry is a stable code, the class of the error, its
 * HTTP status where it is an HTTP error, and its message. Code elsewhere in `src/` never writes an
 * error message inline; it calls {@link webappError} or {@link httpError} with a code from here, so a
 * typo in a code fails to compile and `docs/errors.md` can list them all.
 *
 * Codes: `WEBAPP_…` for webapp's own errors; where Express 4, its body parsers or Node already have a
 * name for the failure, that name: `ECONNABORTED`, `EISDIR`, `EBADCSRFTOKEN`, and the body errors'
 * `type` (`entity.too.large`, …). A body error carries its code in `type` only, as body-parser's do
 * (no `code` property: the differential body tests compare every field). Every other error carries
 * its code in `code`: an enumerable property for the codes borrowed from Express or Node (as there), a
 * non-enumerable one for `WEBAPP_…` codes, so that an error serialized the way Express apps do
 * (`JSON.stringify(err)`, `{ ...err }`, `Object.keys(err)`) is the same as under Express.
 *
 * Messages that Express 4 (or the package webapp stands in for) also produces are kept word for word:
 * applications and tests match on them.
 * @module
 */
import { createHttpError, type HttpError } from '../http/errors';

/** The classes a thrown (non-HTTP) error can have. */
type ErrorClass = 'Error' | 'TypeError' | 'RangeError' | 'SyntaxError';

/** A fixed message, or the function that builds it from the arguments given at the call site. */
type Message = string | ((...args: never[]) => string);

interface ThrownEntry {
  readonly class: ErrorClass;
  readonly message: Message;
  /**
   * Created exactly as the package webapp stands in for creates it, without a `code` property: its
   * differential test compares `err.code` with the original's, which has none.
   */
  readonly bare?: true;
}

interface HttpEntry {
  readonly status: number;
  /** Omitted: the status's reason phrase ("Not Found"), as http-errors does. */
  readonly message?: Message;
  /**
   * The property that carries the code: `type` for the body parsers' errors, `code` for most others,
   * `none` for an error created exactly as the package webapp stands in for creates it (its
   * differential test compares `err.code` with the original's, which has none).
   */
  readonly carrier: 'code' | 'type' | 'none';
  /** Fixed extra properties, set before the call site's. */
  readonly props?: Readonly<Record<string, unknown>>;
}

/** Errors thrown (or passed to `next`) that are not HTTP errors: mostly bad arguments and options. */
export const ERRORS = {
  // Application
  WEBAPP_APP_ROUTER_REMOVED: {
    class: 'Error',
    message:
      "'app.router' is deprecated!\nPlease see the 3.x to 4.x migration guide for details on how to update your app.",
  },
  WEBAPP_APP_USE_NO_MIDDLEWARE: { class: 'TypeError', message: 'app.use() requires a middleware function' },
  WEBAPP_APP_ENGINE_NOT_FUNCTION: { class: 'Error', message: 'callback function required' },
  WEBAPP_APP_RENDER_NO_CALLBACK: { class: 'TypeError', message: 'app.render() requires a callback function' },
  WEBAPP_HTTP2_APP_REQUIRED: {
    class: 'TypeError',
    message: 'webappjs/http2: the last argument must be a webapp application',
  },
  WEBAPP_FETCH_REQUEST_INVALID: {
    class: 'TypeError',
    message: 'app.fetch: the argument must be a Request with an http: or https: URL',
  },
  WEBAPP_FETCH_STATUS_INVALID: {
    class: 'RangeError',
    message: (status: number) => `app.fetch: status ${status} cannot be carried by a Response (200 to 599)`,
  },
  WEBAPP_FETCH_RESPONSE_ABORTED: {
    class: 'Error',
    message: 'app.fetch: the app closed the connection before the end of its response',
  },
  WEBAPP_FROM_FETCH_HANDLER_INVALID: {
    class: 'TypeError',
    message: 'webapp.fromFetch: the handler must be a function or an object with a fetch method',
  },
  WEBAPP_FROM_FETCH_NOT_A_RESPONSE: {
    class: 'TypeError',
    message: 'webapp.fromFetch: the handler did not return a Response',
  },
  WEBAPP_SETTING_ETAG_INVALID: {
    class: 'TypeError',
    message: (value: unknown) => `unknown value for etag function: ${String(value)}`,
  },
  WEBAPP_SETTING_QUERY_PARSER_INVALID: {
    class: 'TypeError',
    message: (value: unknown) => `unknown value for query parser function: ${String(value)}`,
  },
  WEBAPP_TRUST_PROXY_ADDRESS_INVALID: {
    class: 'TypeError',
    message: (address: string) => `invalid IP address: ${address}`,
  },
  WEBAPP_TRUST_PROXY_RANGE_INVALID: {
    class: 'TypeError',
    message: (note: string) => `invalid range on address: ${note}`,
  },
  WEBAPP_TRUST_PROXY_INVALID: { class: 'TypeError', message: 'unsupported trust argument' },

  // Views
  WEBAPP_VIEW_NO_ENGINE: {
    class: 'Error',
    message: 'No default engine was specified and no extension was provided.',
  },
  WEBAPP_VIEW_NOT_FOUND: {
    class: 'Error',
    message: (name: string, where: string) => `Failed to lookup view "${name}" in views ${where}`,
  },
  WEBAPP_VIEW_ENGINE_MISSING: {
    class: 'Error',
    message: (name: string) => `Module "${name}" does not provide a view engine.`,
  },

  // Router
  WEBAPP_ROUTER_PARAM_NOT_FUNCTION: {
    class: 'Error',
    message: (name: string, callback: unknown) => `invalid param() call for ${name}, got ${callback}`,
  },
  WEBAPP_ROUTER_USE_NO_MIDDLEWARE: {
    class: 'TypeError',
    message: 'Router.use() requires a middleware function',
  },
  WEBAPP_ROUTER_USE_NOT_FUNCTION: {
    class: 'TypeError',
    message: (type: string) => `Router.use() requires a middleware function but got a ${type}`,
  },
  WEBAPP_MIDDLEWARE_FACTORY_UNCALLED: {
    class: 'TypeError',
    message: (method: string, name: string) =>
      `${method}() got webapp.${name} itself, which makes a middleware and is not one (every request would hang): ` +
      `call it, as in app.${method}(${method === 'use' ? '' : 'path, '}webapp.${name}())`,
  },
  WEBAPP_ROUTE_ALL_NOT_FUNCTION: {
    class: 'TypeError',
    message: (tag: string) => `Route.all() requires a callback function but got a ${tag}`,
  },
  WEBAPP_ROUTE_METHOD_NOT_FUNCTION: {
    class: 'Error',
    message: (method: string, tag: string) =>
      `Route.${method}() requires a callback function but got a ${tag}`,
  },
  WEBAPP_ROUTE_PATH_INVALID: {
    class: 'TypeError',
    message: 'path must be a string, array of strings, or regular expression',
  },
  WEBAPP_ROUTE_PATTERN_UNSAFE: {
    class: 'TypeError',
    message: (shown: string, reason: string) =>
      `Route path ${shown} cannot be matched in linear time (${reason}); webapp refuses it rather than ` +
      'risk blocking the process on a hostile URL. Simplify the pattern, or pass a RegExp you have vetted.',
  },
  WEBAPP_PROMISE_REJECTED: { class: 'Error', message: 'Rejected promise' },
  WEBAPP_NON_ERROR_THROWN: { class: 'Error', message: (value: unknown) => String(value) },

  // Request
  WEBAPP_REQ_GET_NAME_REQUIRED: { class: 'TypeError', message: 'name argument is required to req.get' },
  WEBAPP_REQ_GET_NAME_NOT_STRING: { class: 'TypeError', message: 'name must be a string to req.get' },
  WEBAPP_RANGE_HEADER_NOT_STRING: { class: 'TypeError', message: 'argument str must be a string' },

  // Response
  WEBAPP_RES_STATUS_NOT_INTEGER: {
    class: 'TypeError',
    message: (shown: string) => `Invalid status code: ${shown}. Status code must be an integer.`,
  },
  WEBAPP_RES_STATUS_OUT_OF_RANGE: {
    class: 'RangeError',
    message: (shown: string) =>
      `Invalid status code: ${shown}. Status code must be greater than 99 and less than 1000.`,
  },
  WEBAPP_RES_TYPE_NOT_STRING: { class: 'TypeError', message: 'argument type must be a string' },
  WEBAPP_RES_CONTENT_TYPE_ARRAY: { class: 'TypeError', message: 'Content-Type cannot be set to an Array' },
  WEBAPP_RES_COOKIE_NO_SECRET: {
    class: 'Error',
    message: 'cookieParser("secret") required for signed cookies',
  },
  WEBAPP_RES_SENDFILE_PATH_REQUIRED: {
    bare: true,
    class: 'TypeError',
    message: 'path argument is required to res.sendFile',
  },
  WEBAPP_RES_SENDFILE_PATH_NOT_STRING: {
    bare: true,
    class: 'TypeError',
    message: 'path must be a string to res.sendFile',
  },
  WEBAPP_RES_SENDFILE_PATH_NOT_ABSOLUTE: {
    bare: true,
    class: 'TypeError',
    message: 'path must be absolute or specify root to res.sendFile',
  },
  EISDIR: { class: 'Error', message: 'EISDIR, read' },
  ECONNABORTED: { class: 'Error', message: 'Request aborted' },

  // Header helpers (vary, content-type, content-disposition, cookie signatures)
  WEBAPP_VARY_HEADER_REQUIRED: { class: 'TypeError', message: 'header argument is required' },
  WEBAPP_VARY_FIELD_REQUIRED: { class: 'TypeError', message: 'field argument is required' },
  WEBAPP_VARY_FIELD_INVALID: {
    class: 'TypeError',
    message: 'field argument contains an invalid header name',
  },
  WEBAPP_CONTENT_TYPE_REQUIRED: { class: 'TypeError', message: 'argument string is required' },
  WEBAPP_CONTENT_TYPE_NOT_STRING: {
    class: 'TypeError',
    message: 'argument string is required to be a string',
  },
  WEBAPP_CONTENT_TYPE_INVALID: { class: 'TypeError', message: 'invalid media type' },
  WEBAPP_CONTENT_TYPE_PARAMETER_INVALID: { class: 'TypeError', message: 'invalid parameter format' },
  WEBAPP_CONTENT_TYPE_PARAMETER_VALUE_INVALID: { class: 'TypeError', message: 'invalid parameter value' },
  WEBAPP_CONTENT_TYPE_OBJECT_REQUIRED: { class: 'TypeError', message: 'argument obj is required' },
  WEBAPP_CONTENT_TYPE_TYPE_INVALID: { class: 'TypeError', message: 'invalid type' },
  WEBAPP_CONTENT_TYPE_PARAMETER_NAME_INVALID: { class: 'TypeError', message: 'invalid parameter name' },
  WEBAPP_CONTENT_DISPOSITION_TYPE_INVALID: { class: 'TypeError', message: 'invalid type' },
  WEBAPP_CONTENT_DISPOSITION_FILENAME_NOT_STRING: {
    bare: true,
    class: 'TypeError',
    message: 'filename must be a string',
  },
  WEBAPP_CONTENT_DISPOSITION_FALLBACK_INVALID: {
    class: 'TypeError',
    message: 'fallback must be a string or boolean',
  },
  WEBAPP_CONTENT_DISPOSITION_FALLBACK_NOT_LATIN1: {
    class: 'TypeError',
    message: 'fallback must be ISO-8859-1 string',
  },
  WEBAPP_COOKIE_VALUE_NOT_STRING: {
    class: 'TypeError',
    message: 'Cookie value must be provided as a string.',
  },
  WEBAPP_COOKIE_SIGNED_NOT_STRING: { class: 'TypeError', message: 'Signed cookie string must be provided.' },
  WEBAPP_COOKIE_SECRET_REQUIRED: { class: 'TypeError', message: 'Secret key must be provided.' },

  // Body parsers
  WEBAPP_BODY_LIMIT_INVALID: {
    class: 'TypeError',
    message: (limit: unknown) => `option limit "${String(limit)}" is invalid`,
  },
  WEBAPP_BODY_VERIFY_NOT_FUNCTION: { class: 'TypeError', message: 'option verify must be function' },
  WEBAPP_URLENCODED_PARAMETER_LIMIT_INVALID: {
    class: 'TypeError',
    message: 'option parameterLimit must be a positive number',
  },
  WEBAPP_URLENCODED_DEPTH_INVALID: {
    class: 'TypeError',
    message: 'option depth must be a zero or a positive number',
  },
  // Bare like every body error: it reaches the app as body-parser's `entity.parse.failed`, code-less.
  WEBAPP_JSON_STRICT_VIOLATION: { bare: true, class: 'SyntaxError', message: 'strict violation' },
  WEBAPP_MULTIPART_LIMIT_INVALID: {
    class: 'TypeError',
    message: (name: string, value: unknown) => `option limits.${name} "${String(value)}" is invalid`,
  },
  WEBAPP_MULTIPART_LIMIT_NOT_NUMBER: {
    class: 'TypeError',
    message: (name: string) => `option limits.${name} must be a number`,
  },
  WEBAPP_MULTIPART_HASH_INVALID: {
    class: 'TypeError',
    message: 'option hash must be "sha1", "sha256" or "md5"',
  },
  WEBAPP_MULTIPART_UPLOAD_DIR_INVALID: { class: 'TypeError', message: 'option uploadDir must be a path' },

  // Bundled middleware
  WEBAPP_BASIC_AUTH_REALM_INVALID: {
    class: 'TypeError',
    message: 'basicAuth realm must not contain control characters',
  },
  WEBAPP_BASIC_AUTH_PASSWORD_REQUIRED: {
    class: 'TypeError',
    message: 'basicAuth(user, pass) requires a password string',
  },
  WEBAPP_BASIC_AUTH_ARGUMENTS_INVALID: {
    class: 'TypeError',
    message: 'basicAuth() requires a user and password, or a check function',
  },
  WEBAPP_COMPRESS_THRESHOLD_INVALID: {
    class: 'TypeError',
    message: (value: unknown) => `option threshold "${String(value)}" is invalid`,
  },
  WEBAPP_COMPRESS_FILTER_NOT_FUNCTION: { class: 'TypeError', message: 'option filter must be a function' },
  WEBAPP_COMPRESS_ENFORCE_ENCODING_INVALID: {
    class: 'TypeError',
    message: (value: unknown) => `option enforceEncoding "${String(value)}" is invalid`,
  },
  WEBAPP_COOKIE_SESSION_KEYS_INVALID: {
    class: 'TypeError',
    message: 'cookieSession option keys must be an array of strings or a Keygrip-like object',
  },
  WEBAPP_COOKIE_SESSION_KEYS_EMPTY: {
    class: 'TypeError',
    message: 'cookieSession option keys must only contain non-empty strings or Buffers',
  },
  WEBAPP_COOKIE_SESSION_ALGORITHM_INVALID: {
    class: 'TypeError',
    message: 'cookieSession option algorithm must be "sha256" or "sha1"',
  },
  WEBAPP_COOKIE_SESSION_MAX_AGE_INVALID: {
    class: 'TypeError',
    message: 'cookieSession option maxAge must be a number of milliseconds or null',
  },
  WEBAPP_COOKIE_SESSION_KEYS_REQUIRED: {
    class: 'TypeError',
    message: 'cookieSession() requires `keys` (or `secret`) unless `signed: false` is set',
  },
  WEBAPP_COOKIE_SESSION_ASSIGN_INVALID: {
    class: 'Error',
    message: 'req.session can only be set as null or an object.',
  },
  WEBAPP_CSRF_SECRET_REQUIRED: { class: 'TypeError', message: 'argument secret is required' },
  WEBAPP_CSRF_LENGTH_INVALID: {
    class: 'TypeError',
    message: (name: string) => `option ${name} must be finite number > 1`,
  },
  WEBAPP_CSRF_VALUE_NOT_FUNCTION: { class: 'TypeError', message: 'option value must be a function' },
  WEBAPP_CSRF_IGNORE_METHODS_INVALID: {
    class: 'TypeError',
    message: 'option ignoreMethods must be an array',
  },
  WEBAPP_CSRF_MISCONFIGURED: { bare: true, class: 'Error', message: 'misconfigured csrf' },
  WEBAPP_DIRECTORY_ROOT_REQUIRED: { class: 'TypeError', message: 'directory() root path required' },
  WEBAPP_DIRECTORY_FILTER_NOT_FUNCTION: { class: 'TypeError', message: 'option filter must be a function' },
  WEBAPP_ON_HEADERS_MALFORMED: { class: 'TypeError', message: 'headers array is malformed' },

  // Static files
  WEBAPP_STATIC_ROOT_REQUIRED: { class: 'TypeError', message: 'root path required' },
  WEBAPP_STATIC_ROOT_NOT_STRING: { class: 'TypeError', message: 'root path must be a string' },
  WEBAPP_STATIC_SET_HEADERS_NOT_FUNCTION: {
    class: 'TypeError',
    message: 'option setHeaders must be function',
  },
  WEBAPP_STATIC_DOTFILES_INVALID: {
    bare: true,
    class: 'TypeError',
    message: 'dotfiles option must be "allow", "deny", or "ignore"',
  },
  WEBAPP_STATIC_OPTION_NOT_STRINGS: {
    bare: true,
    class: 'TypeError',
    message: (name: string) => `${name} must be array of strings or false`,
  },
  WEBAPP_STATIC_HEADERS_SENT: { class: 'Error', message: "Can't set headers after they are sent." },

  // Lifecycle (graceful shutdown, request timeouts, req.signal)
  WEBAPP_SHUTDOWN_SERVER_INVALID: {
    class: 'TypeError',
    message: 'shutdown(server): the server must be a node http, https or http2 server',
  },
  WEBAPP_SHUTDOWN_TIMEOUT_INVALID: {
    class: 'RangeError',
    message: (value: string) =>
      `shutdown: the timeout must be a non-negative number of milliseconds or a time such as '10s', got ${value}`,
  },
  WEBAPP_SHUTDOWN_RETRY_AFTER_INVALID: {
    class: 'RangeError',
    message: (value: string) => `shutdown: retryAfter must be a whole number of seconds, got ${value}`,
  },
  WEBAPP_SHUTDOWN_NOT_LISTENING: {
    class: 'Error',
    message: 'shutdown: the server is not listening',
  },
  WEBAPP_SHUTDOWN_CONNECTIONS_LEFT: {
    class: 'Error',
    message: (count: number) =>
      `shutdown: ${count} connection(s) opened before the call and never seen by webapp are still open after the deadline (drain servers made by app.listen() or webapp/http2 to close them all)`,
  },
  WEBAPP_SHUTDOWN_DEADLINE: {
    class: 'Error',
    message: 'The server shut down before the response was complete',
  },
  WEBAPP_SETTING_SHUTDOWN_SIGNALS_INVALID: {
    class: 'TypeError',
    message: (value: string) =>
      `the 'shutdown signals' setting must be a signal name or a list of them (e.g. ['SIGTERM', 'SIGINT']), got ${value}`,
  },
  WEBAPP_TIMEOUT_INVALID: {
    class: 'RangeError',
    message: (value: string) =>
      `timeout: the time must be a non-negative number of milliseconds or a time such as '5s', got ${value}`,
  },
} as const satisfies Record<string, ThrownEntry>;

/** HTTP errors (http-errors' shape: `status`, `statusCode`, `expose`), passed to `next` or thrown. */
export const HTTP_ERRORS = {
  // Body parsers: the code is body-parser's `type`.
  'entity.too.large': { status: 413, carrier: 'type', message: 'request entity too large' },
  'request.size.invalid': {
    status: 400,
    carrier: 'type',
    message: 'request size did not match content length',
  },
  'request.aborted': {
    status: 400,
    carrier: 'type',
    message: 'request aborted',
    props: { code: 'ECONNABORTED' },
  },
  'encoding.unsupported': {
    status: 415,
    carrier: 'type',
    message: (encoding: string, inflate: boolean) =>
      inflate ? `unsupported content encoding "${encoding}"` : 'content encoding unsupported',
  },
  'charset.unsupported': {
    status: 415,
    carrier: 'type',
    message: (charset: string) => `unsupported charset "${charset.toUpperCase()}"`,
  },
  'stream.encoding.set': { status: 500, carrier: 'type', message: 'stream encoding should not be set' },
  'stream.not.readable': { status: 500, carrier: 'type', message: 'stream is not readable' },
  'parameters.too.many': { status: 413, carrier: 'type', message: 'too many parameters' },
  'querystring.parse.rangeError': { status: 400, carrier: 'type', message: 'The input exceeded the depth' },
  /** Usually the parser's own SyntaxError, decorated by `toHttpError`; created here for multipart. */
  'entity.parse.failed': { status: 400, carrier: 'type', message: (message: string) => message },
  /** Always the error thrown by the application's `verify`, decorated by `toHttpError`. */
  'entity.verify.failed': { status: 403, carrier: 'type', message: (message: string) => message },
  // Multipart limits
  'field.name.too.large': { status: 413, carrier: 'type', message: 'field name too long' },
  'field.too.large': { status: 413, carrier: 'type', message: 'field value too long' },
  'fields.too.large': { status: 413, carrier: 'type', message: 'fields too large' },
  'file.too.large': { status: 413, carrier: 'type', message: 'file too large' },
  'files.too.many': { status: 413, carrier: 'type', message: 'too many files' },
  'fields.too.many': { status: 413, carrier: 'type', message: 'too many fields' },
  'parts.too.many': { status: 413, carrier: 'type', message: 'too many parts' },

  // Middleware
  EBADCSRFTOKEN: { status: 403, carrier: 'code', message: 'invalid csrf token' },
  ESESSIONTOOLARGE: {
    status: 500,
    carrier: 'code',
    message: (name: string, size: number, limit: number) =>
      `cookieSession: the session cookie "${name}" would be ${size} bytes, over the ${limit}-byte limit of browsers`,
  },
  WEBAPP_BASIC_AUTH_HEADER_MALFORMED: {
    status: 400,
    carrier: 'code',
    message: 'Malformed Authorization header',
  },
  WEBAPP_DIRECTORY_NOT_ACCEPTABLE: { status: 406, carrier: 'none' },
  WEBAPP_DIRECTORY_PATH_MALFORMED: { status: 400, carrier: 'none' },
  WEBAPP_DIRECTORY_FORBIDDEN: { status: 403, carrier: 'none' },
  WEBAPP_RES_FORMAT_NOT_ACCEPTABLE: { status: 406, carrier: 'code' },
  /** connect-timeout's error, field for field: `code: 'ETIMEDOUT'`, `timeout` (ms), `expose: false` (a 5xx). */
  ETIMEDOUT: { status: 503, carrier: 'code', message: 'Response timeout' },
  WEBAPP_FROM_FETCH_URL_INVALID: {
    status: 400,
    carrier: 'code',
    message: 'Bad Request: the Host makes no URL',
  },

  // Static files (express.static, res.sendFile)
  WEBAPP_STATIC_PATH_MALFORMED: { status: 400, carrier: 'none' },
  WEBAPP_STATIC_PATH_FORBIDDEN: { status: 403, carrier: 'none' },
  WEBAPP_STATIC_DOTFILE_DENIED: { status: 403, carrier: 'none' },
  WEBAPP_STATIC_NOT_FOUND: { status: 404, carrier: 'none' },
  WEBAPP_STATIC_PRECONDITION_FAILED: { status: 412, carrier: 'none' },
  WEBAPP_STATIC_RANGE_NOT_SATISFIABLE: { status: 416, carrier: 'none' },
} as const satisfies Record<string, HttpEntry>;

/** A code of {@link ERRORS}. */
export type ErrorCode = keyof typeof ERRORS;
/** A code of {@link HTTP_ERRORS}. */
export type HttpErrorCode = keyof typeof HTTP_ERRORS;

/** The arguments an entry's message takes: none for a fixed message. */
type MessageArgs<M> = M extends (...args: infer A) => string ? A : [];

type ErrorArgs<C extends ErrorCode> = MessageArgs<(typeof ERRORS)[C]['message']>;
type HttpArgs<C extends HttpErrorCode> = (typeof HTTP_ERRORS)[C] extends { readonly message: infer M }
  ? MessageArgs<M>
  : [];

/** An error of {@link ERRORS}: its `code` is the catalogue's. */
export type CodedError<C extends string = ErrorCode> = Error & { code: C };

const CLASSES: Readonly<Record<ErrorClass, ErrorConstructor>> = {
  Error,
  TypeError,
  RangeError,
  SyntaxError,
};

/** Sets `code`: enumerable for a code Express or Node also use, hidden from serialization for `WEBAPP_…`. */
function setCode(err: Error, code: string): void {
  if (code.startsWith('WEBAPP_')) {
    Object.defineProperty(err, 'code', {
      value: code,
      writable: true,
      enumerable: false,
      configurable: true,
    });
  } else {
    (err as Error & { code: string }).code = code;
  }
}

/**
 * Captures the stack from `caller` with a `WEBAPP_…` code in its first line (`TypeError [WEBAPP_…]: …`),
 * as node's own errors show theirs, so an uncaught one names its code; `name` and `message` stay as they are.
 */
function captureStack(err: Error, code: string, caller: (...args: never[]) => unknown): void {
  if (!code.startsWith('WEBAPP_') || !Object.hasOwn(err, 'code')) {
    Error.captureStackTrace(err, caller);
    return;
  }
  const own = Object.getOwnPropertyDescriptor(err, 'name');
  Object.defineProperty(err, 'name', { value: `${err.name} [${code}]`, configurable: true, writable: true });
  Error.captureStackTrace(err, caller);
  // Reading the stack formats its first line now, while `name` carries the code.
  void err.stack;
  if (own) Object.defineProperty(err, 'name', own);
  else delete (err as { name?: string }).name;
}

/**
 * `err.stack` as Express shows it in its error page: without the `[WEBAPP_…]` tag of the first line
 * (see captureStack), which apps and Express's own tests match (`/TypeError: name argument is …/`).
 * @example
 * stackAsExpress(err) // 'TypeError: name argument is required to req.get\n    at …'
 */
export function stackAsExpress(err: unknown): unknown {
  const stack = (err as { stack?: unknown } | null | undefined)?.stack;
  const code = (err as { code?: unknown } | null | undefined)?.code;
  if (typeof stack !== 'string' || typeof code !== 'string' || !code.startsWith('WEBAPP_')) return stack;
  const tag = ` [${code}]: `;
  const at = stack.indexOf(tag);
  const eol = stack.indexOf('\n');
  if (at === -1 || (eol !== -1 && at > eol)) return stack;
  return `${stack.slice(0, at)}: ${stack.slice(at + tag.length)}`;
}

function messageOf(message: Message | undefined, args: readonly unknown[]): string | undefined {
  if (typeof message !== 'function') return message;
  return (message as (...values: readonly unknown[]) => string)(...args);
}

/**
 * Creates the error of `code`, its class and message from the catalogue; the stack starts at the caller.
 * @example
 * throw webappError('WEBAPP_ROUTER_USE_NOT_FUNCTION', 'Object')
 */
export function webappError<C extends ErrorCode>(code: C, ...args: ErrorArgs<C>): CodedError<C> {
  const entry: ThrownEntry = ERRORS[code];
  const err = new CLASSES[entry.class](messageOf(entry.message, args)) as CodedError<C>;
  if (!entry.bare) setCode(err, code);
  captureStack(err, code, webappError);
  return err;
}

/**
 * Creates the HTTP error of `code`: status and message from the catalogue, the code in `code` (or in
 * `type` for a body error), then `props`.
 * @example
 * next(httpError('entity.too.large', { limit, received }))
 */
export function httpError<C extends HttpErrorCode>(
  code: C,
  props?: Readonly<Record<string, unknown>>,
  ...args: HttpArgs<C>
): HttpError {
  const entry: HttpEntry = HTTP_ERRORS[code];
  let all: Record<string, unknown> | undefined = props;
  if (entry.carrier === 'type') all = { ...entry.props, ...props, type: code };
  // A code Express or Node also use goes first among the properties, as where they set it.
  else if (entry.carrier === 'code' && !code.startsWith('WEBAPP_')) all = { code, ...props };
  const err = createHttpError(entry.status, messageOf(entry.message, args), all);
  if (entry.carrier === 'code' && code.startsWith('WEBAPP_')) setCode(err, code);
  captureStack(err, code, httpError);
  return err;
}
