/**
 * The Express 4 route-path compiler: turns a path string, RegExp or array of them into the regular
 * expression *source* and the list of keys Express 4 produces (path-to-regexp 0.1.x semantics), so
 * `layer.regexp` and `layer.keys` read exactly as tools expect. Executing that regex is the job of
 * ./matcher.ts, which never runs a user-shaped pattern through a backtracking engine.
 * @module
 */
import { webappError } from '../errors/catalogue';

export interface PathKey {
  name: string | number;
  optional: boolean;
  offset: number;
}

export interface PathOptions {
  /** Case-sensitive matching (no `i` flag). */
  sensitive?: boolean;
  /** Trailing slash is significant. */
  strict?: boolean;
  /** Match the whole path (routes) rather than a prefix (middleware). Default true. */
  end?: boolean;
}

export type PathArgument = string | RegExp | Array<string | RegExp>;

export interface CompiledPath {
  regexp: RegExp;
  keys: PathKey[];
  /** True when the path was given as a RegExp (the user's own object is returned). */
  userRegExp: boolean;
}

// `(` that opens a capturing group (plain or named), skipping escapes and `(?:`, `(?=`, ...
const CAPTURE_GROUP = /\\.|\((?:\?<(.*?)>)?(?!\?)/g;

const WORD_CHAR = /\w/;

/**
 * Compiles an Express 4 path into a RegExp and its keys.
 * @example
 * compilePath('/users/:id', { end: true }).regexp.source // '^\\/users(?:\\/([^/]+?))\\/?$'
 */
export function compilePath(
  path: PathArgument,
  options: PathOptions = {},
  keys: PathKey[] = [],
): CompiledPath {
  const flags = pathFlags(options);
  if (path instanceof RegExp) {
    collectRegExpKeys(path.source, keys);
    return { regexp: path, keys, userRegExp: true };
  }
  if (Array.isArray(path)) {
    const sources = path.map((item) => compilePath(item, options, keys).regexp.source);
    return { regexp: new RegExp(sources.join('|'), flags), keys, userRegExp: false };
  }
  if (typeof path !== 'string') {
    throw webappError('WEBAPP_ROUTE_PATH_INVALID');
  }
  return { regexp: new RegExp(compileSource(path, options, keys), flags), keys, userRegExp: false };
}

/** The flags of a compiled path: case-insensitive unless `sensitive`. */
export function pathFlags(options: PathOptions): string {
  return options.sensitive ? '' : 'i';
}

/** The regex source Express 4 compiles a string path to (keys appended to `keys`). */
export function compileSource(path: string, options: PathOptions, keys: PathKey[]): string {
  return `^${translatePlain(path, options, keys) ?? translate(path, options, keys)}`;
}

/**
 * The commonest paths — `/users/:id/posts`, literal segments and whole-segment parameters, no
 * trailing slash — translated segment by segment, to the very source `translate` gives them
 * (test/router/path.test.ts compares the two on seeded random paths). Route tables register
 * hundreds of these at startup, while the code runs cold; a character walk costs most there.
 * Undefined for any other path.
 */
export function translatePlain(path: string, options: PathOptions, keys: PathKey[]): string | undefined {
  const segments = plainSegments(path);
  return segments === undefined ? undefined : translateSegments(segments, options, keys);
}

/**
 * A plain path as one pattern: '/'-led segments, each LITERAL_SEGMENT's characters (at least one) or
 * PARAM_SEGMENT. One native test per path at startup instead of two per segment; linear (every
 * repetition starts at a '/', which no segment contains).
 */
const PLAIN_PATH = /^(?:\/(?:[A-Za-z0-9_~\-!&'@,;=%.]+|:\w+))+$/;

/** The segments of a plain path (see translatePlain), or undefined for any other path. */
export function plainSegments(path: string): string[] | undefined {
  return PLAIN_PATH.test(path) ? path.slice(1).split('/') : undefined;
}

/** translatePlain for segments plainSegments accepted. */
export function translateSegments(
  segments: readonly string[],
  options: PathOptions,
  keys: PathKey[],
): string {
  let out = '';
  for (const segment of segments) {
    if (segment.charCodeAt(0) === 58) {
      keys.push({ name: segment.slice(1), optional: false, offset: out.length });
      out += '(?:/([^/]+?))';
    } else {
      out += `/${segment.includes('.') ? segment.replaceAll('.', '\\.') : segment}`;
    }
  }
  if (!options.strict) out += '/?';
  return options.end !== false ? `${out}$` : `${out}(?=/|$)`;
}

function collectRegExpKeys(source: string, keys: PathKey[]): void {
  let unnamed = 0;
  CAPTURE_GROUP.lastIndex = 0;
  for (let m = CAPTURE_GROUP.exec(source); m !== null; m = CAPTURE_GROUP.exec(source)) {
    if (m[0][0] === '\\') continue;
    keys.push({ name: m[1] || unnamed++, optional: false, offset: m.index });
  }
}

interface ParamToken {
  start: number;
  end: number;
  slash: boolean;
  format: boolean;
  name: string;
  capture: string | undefined;
  star: boolean;
  optional: boolean;
}

/** Reads `[/][.]:name[(capture)][*][?]` at `i`, or returns undefined. */
function readParam(path: string, i: number): ParamToken | undefined {
  const start = i;
  let slash = false;
  let format = false;
  if (path[i] === '/') {
    slash = true;
    i++;
  }
  if (path[i] === '.') {
    format = true;
    i++;
  }
  if (path[i] !== ':') return undefined;
  i++;
  const nameStart = i;
  while (i < path.length && WORD_CHAR.test(path[i])) i++;
  if (i === nameStart) return undefined;
  const name = path.slice(nameStart, i);
  let capture: string | undefined;
  if (path[i] === '(') {
    // The capture runs to the first `)`, as in Express 4 (nested groups are not balanced).
    const close = path.indexOf(')', i + 1);
    if (close !== -1) {
      capture = path.slice(i, close + 1);
      i = close + 1;
    }
  }
  let star = false;
  if (path[i] === '*') {
    star = true;
    i++;
  }
  let optional = false;
  if (path[i] === '?') {
    optional = true;
    i++;
  }
  return { start, end: i, slash, format, name, capture, star, optional };
}

/** In a custom capture, only the first `*` (if it precedes any escape) widens to `(.*)`. */
function expandCapture(capture: string): string {
  for (let i = 0; i < capture.length; i++) {
    if (capture[i] === '\\' && i + 1 < capture.length) return capture;
    if (capture[i] === '*') return `${capture.slice(0, i)}(.*)${capture.slice(i + 1)}`;
  }
  return capture;
}

/**
 * Scans the path left to right and rewrites its tokens. `backtrack` holds the literal text since the
 * previous parameter: a parameter that follows literal text (as in `/:a-:b`) may not contain it,
 * which is how Express 4.20+ keeps `-` and similar separators out of the neighbouring value.
 */
export function translate(path: string, options: PathOptions, keys: PathKey[]): string {
  const keysOffset = keys.length;
  let out = '';
  let backtrack = '';
  // `consumed` mirrors the reference compiler's bookkeeping of how much literal text precedes the
  // next token; escapes and dots advance it by their own length only.
  let consumed = 0;
  let i = 0;
  while (i < path.length) {
    const ch = path[i];
    if (ch === '\\' && i + 1 < path.length) {
      const escaped = path.slice(i, i + 2);
      backtrack += escaped;
      consumed += 2;
      out += escaped;
      i += 2;
      continue;
    }
    const param = ch === '/' || ch === '.' || ch === ':' ? readParam(path, i) : undefined;
    if (param) {
      if (param.slash || param.format) backtrack = '';
      else backtrack += path.slice(consumed, param.start);
      consumed = param.end;
      const format = param.format ? '\\.' : '';
      const capture = param.capture
        ? expandCapture(param.capture)
        : backtrack
          ? `((?:(?!/|${backtrack}).)+?)`
          : `([^/${format}]+?)`;
      keys.push({ name: param.name, optional: param.optional, offset: out.length });
      out += `(?:${format}${param.slash ? '/' : ''}${capture}${param.star ? `((?:[/${format}].+?)?)` : ''})${param.optional ? '?' : ''}`;
      backtrack = '';
      i = param.end;
      continue;
    }
    if (ch === '.') {
      backtrack += '\\.';
      consumed += 1;
      out += '\\.';
      i++;
      continue;
    }
    if (ch === '*') {
      consumed = i + 1;
      backtrack = '';
      out += '(.*)';
      i++;
      continue;
    }
    if (ch === '/' && path[i + 1] === '(') {
      backtrack += path.slice(consumed, i) + '/';
      consumed = i + 2;
      out += '/(?:';
      i += 2;
      continue;
    }
    out += ch;
    i++;
  }

  addUnnamedGroupKeys(out, keys, keysOffset);

  if (!options.strict) out += out[out.length - 1] === '/' ? '?' : '/?';
  if (options.end !== false) out += '$';
  else if (out[out.length - 1] !== '/') out += '(?=/|$)';
  return out;
}

/** Capturing groups that are not parameters (`*`, `(…)`, inner groups) become numbered keys in order. */
function addUnnamedGroupKeys(source: string, keys: PathKey[], keysOffset: number): void {
  let unnamed = 0;
  let group = 0;
  CAPTURE_GROUP.lastIndex = 0;
  for (let m = CAPTURE_GROUP.exec(source); m !== null; m = CAPTURE_GROUP.exec(source)) {
    if (m[0][0] === '\\') continue;
    const at = keysOffset + group;
    if (at === keys.length || keys[at].offset > m.index) {
      keys.splice(at, 0, { name: unnamed++, optional: false, offset: m.index });
    }
    group++;
  }
}
