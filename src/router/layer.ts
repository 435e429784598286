/**
 * A layer: one entry of a router's stack (middleware, a route, or one handler inside a route).
 * Its public fields keep Express 4's shape (`handle`, `name`, `params`, `path`, `regexp`, `keys`,
 * `route`, `method`) because tools such as express-list-endpoints read them.
 * @module
 */
import { webappError } from '../errors/catalogue';
import { layerTraced } from '../tracing/channels';
import { traceLayer } from '../tracing/layer';
import type { AnyHandler, Next, Req, Res } from '../types/internal';
import { inContext } from '../utils/async-context';
import { EmptyParams } from './empty-params';
import { PARAM, type PathPlan, type PlanSegment, planPath } from './index/path-plan';
import { createExec, type ExecFn, hasAt, pathShape, startsWithFolded } from './matcher';
import { kMergeMisses, kMergeShape, type MergeShape, type MergeSite } from './merge-params';
import { type CaptureBuilder, captureBuilder } from './params-builder';
import {
  compilePath,
  compileSource,
  type PathArgument,
  type PathKey,
  type PathOptions,
  pathFlags,
  plainSegments,
  translateSegments,
} from './path';
import { matchPlain, matchPlainAt, type PlainPath, plainCapture, plainPath, plainPathOf } from './plain-path';
import type { Route } from './route';

const kPlans = Symbol('webapp.layer.plans');
const kExec = Symbol('webapp.layer.exec');
const kLiteral = Symbol('webapp.layer.literal');
const kPlain = Symbol('webapp.layer.plain');
const kCompiled = Symbol('webapp.layer.compiledRegExp');
const kRegExp = Symbol('webapp.layer.regexp');
const kExecRegExp = Symbol('webapp.layer.execRegExp');
const kSlash = Symbol('webapp.layer.fastSlash');
const kArityOf = Symbol('webapp.layer.arityOf');
const kArity = Symbol('webapp.layer.arity');
const kAnchored = Symbol('webapp.layer.anchored');
const kCaptures = Symbol('webapp.layer.captures');
const kRouterHandle = Symbol('webapp.layer.routerHandle');
/** What ./mount-chain remembers on the last mount of a chain (the chain's params builder). */
export const kChainShape = Symbol('webapp.layer.chainShape');
/** Marks the functions createRouter makes (see handsToRouter). */
export const kRouterMark = Symbol('webapp.router');

/**
 * Counts replacements of any layer's `regexp`, so a router's index (which places layers by the path
 * they were compiled from) knows in O(1) that it must be rebuilt.
 */
export const regexpClock = { epoch: 0 };

/*
 * `layer.regexp` is an enumerable own accessor, read and assigned exactly like Express's data property;
 * assignment ticks the clock. It is not configurable: a redefinition (Object.defineProperty) would slip
 * past the clock, so it throws instead of silently misrouting. Shared functions keep every layer on
 * one hidden class.
 */
const regexpDescriptor: PropertyDescriptor = {
  configurable: false,
  enumerable: true,
  get(this: Layer): LayerRegExp {
    return this[kRegExp];
  },
  set(this: Layer, value: LayerRegExp) {
    this[kRegExp] = value;
    regexpClock.epoch++;
  },
};

interface LiteralMatch {
  /** Literal without the optional trailing slash (non-strict) or as given (strict). */
  base: string;
  baseLower: string;
  sensitive: boolean;
  strict: boolean;
  end: boolean;
}

export interface LayerRegExp extends RegExp {
  fast_slash?: boolean;
  fast_star?: boolean;
}

const hasOwn = Object.prototype.hasOwnProperty;

/** How a layer builds its params: for the `keys` array and names it was compiled for (tools may edit them). */
interface Captures {
  readonly kind: typeof PLAIN | typeof EXEC;
  readonly keys: PathKey[];
  readonly names: readonly (string | number)[];
  readonly build: CaptureBuilder<never> | undefined;
}
const PLAIN = 'plain';
const EXEC = 'exec';
const readPlain = (path: string, i: number): unknown => decodeParam(plainCapture(path, i));
const readExec = (m: ArrayLike<string | undefined>, i: number): unknown => decodeParam(m[i + 1]);

export class Layer implements MergeSite {
  // Assigned in the constructor, not defined as a field, so an accessor a plugin puts on the prototype
  // (express-async-errors) sees every handler, as it does on Express.
  declare handle: AnyHandler;
  name: string;
  params: Record<string, unknown> | undefined;
  path: string | undefined;
  declare regexp: LayerRegExp;
  keys: PathKey[];
  /** The route of a `router.route()` layer; undefined for middleware and for a route's own handlers. */
  route?: Route;
  method?: string;
  /** The linear-time engine's matcher, for a string pattern V8 could backtrack on (see ./matcher). */
  [kExec]: ExecFn | undefined = undefined;
  [kLiteral]: LiteralMatch | undefined;
  [kPlain]: PlainPath | undefined;
  /** The regexp compiled from the path. */
  [kCompiled]: LayerRegExp;
  /** What `layer.regexp` returns: the compiled regexp, or one assigned in its place. */
  [kRegExp]: LayerRegExp;
  /*
   * What the compiled regexp is executed as. Express's `fast_star` and `fast_slash` are own properties
   * of `layer.regexp`, and a RegExp with properties of its own leaves V8's fast path: its `exec` cost
   * ~1,900 instructions instead of ~1,000 for a three-parameter route (bench/README.md). A path
   * compiled from a string is executed on a twin without them (same source and flags, sharing V8's
   * compiled code); a user's RegExp is executed as it is.
   */
  [kExecRegExp]: RegExp;
  /** The compiled regexp's `fast_slash`, kept on the layer so a '/' mount is matched without touching it. */
  [kSlash]: boolean;
  /** Whether the path was a string: its compiled matches start at the path's start (`^`). */
  [kAnchored]: boolean;
  /** `handle.length`, remembered for the function it was read from (`handle` may be replaced). */
  [kArityOf]: AnyHandler | undefined = undefined;
  [kArity] = 0;
  /** Where the router's index places the layer (see index/path-plan.ts); null: a candidate for any path. */
  [kPlans]: PathPlan[] | null;
  /** See ./merge-params. */
  [kMergeShape]: MergeShape | null | undefined = undefined;
  [kMergeMisses] = 0;
  [kCaptures]: Captures | undefined = undefined;
  [kChainShape]: unknown = undefined;
  /** Whether the handler the layer was made with is a webapp router (see handsToRouter). */
  [kRouterHandle]: boolean;

  constructor(path: PathArgument, options: PathOptions | undefined, fn: AnyHandler) {
    const opts = options ?? {};
    this.handle = fn;
    this[kRouterHandle] = (fn as { [kRouterMark]?: unknown })[kRouterMark] === true;
    this.name = fn.name || '<anonymous>';
    this.params = undefined;
    this.path = undefined;
    const template = typeof path === 'string' ? compiledTemplate(path, opts) : undefined;
    const star = path === '*';
    const slash = path === '/' && opts.end === false;
    let regexp: LayerRegExp;
    if (template !== undefined) {
      /*
       * Each layer gets its own RegExp and keys: tools may change them on one layer. Built here rather
       * than on first use: built lazily, at a route's first match, the api table ran at 23 µs of CPU per
       * request instead of 19 on Node 24 (bench/run.mjs, 4 s warm-up), the registration saving (~10%)
       * not worth it.
       */
      regexp = new RegExp(template.source, template.flags) as LayerRegExp;
      this[kExecRegExp] = new RegExp(template.source, template.flags);
      this.keys = template.keys.map((key) => ({ ...key }));
    } else {
      const compiled = compilePath(path, opts, []);
      this.keys = compiled.keys;
      regexp = compiled.regexp as LayerRegExp;
      this[kExecRegExp] = regexp;
      // Strings that are not simple (no template) run on the linear-time engine; a user's RegExp as is.
      if (!star && !compiled.userRegExp) this[kExec] = createExec(regexp, path);
    }
    regexp.fast_star = star;
    regexp.fast_slash = slash;
    this[kRegExp] = regexp;
    Object.defineProperty(this, 'regexp', regexpDescriptor);
    this[kCompiled] = regexp;
    this[kSlash] = slash;
    this[kAnchored] = typeof path === 'string';
    // Only simple paths are literal, and they all have a template.
    this[kLiteral] = slash ? undefined : template?.literal;
    this[kPlain] = template?.plain;
    this[kPlans] = template !== undefined ? template.plans : planPath(path, opts.end !== false);
  }

  /** Runs an error-handling middleware (four parameters); other handlers are skipped. */
  handle_error(error: unknown, req: Req, res: Res, next: Next): void {
    const fn = this.handle;
    if (arityOf(this, fn) !== 4) {
      next(error);
      return;
    }
    if (layerTraced()) {
      traceLayer(this, fn, error, req, res, next, true);
      return;
    }
    try {
      forwardRejection(fn(error, req, res, next), next);
    } catch (err) {
      next(err);
    }
  }

  /** Runs a request handler (up to three parameters); error handlers are skipped. */
  declare handle_request: (req: Req, res: Res, next: Next) => void;

  /**
   * Tests `path` against the layer; on success sets `this.params` and `this.path` (the matched part).
   * Throws a 400 error when a parameter is not valid percent-encoding.
   */
  match(path: string | null | undefined): boolean {
    if (path == null) return this.noMatch();
    const regexp = this[kRegExp];
    const compiled = regexp === this[kCompiled];
    // Middleware at '/' (most of a typical stack): decided from the layer alone. Whatever else, and any
    // regexp assigned in place of the compiled one, goes by the regexp's own flags, as in Express.
    if (compiled ? this[kSlash] : regexp.fast_slash) {
      this.params = new EmptyParams();
      this.path = '';
      return true;
    }
    if (regexp.fast_star) {
      this.params = { '0': decodeParam(path) };
      this.path = path;
      return true;
    }
    const literal = this[kLiteral];
    if (literal !== undefined && compiled) {
      const matched = matchLiteral(literal, path);
      if (matched === undefined) return this.noMatch();
      this.params = new EmptyParams();
      this.path = matched;
      return true;
    }
    const plain = this[kPlain];
    if (plain !== undefined && compiled) {
      const matched = matchPlain(plain, path);
      if (matched === undefined) return this.noMatch();
      const build = capturesOf(this, PLAIN, plain.params) as CaptureBuilder<string> | undefined;
      if (build !== undefined) {
        this.params = build(path);
      } else {
        const params: Record<string, unknown> = {};
        const keys = this.keys;
        for (let i = 0; i < plain.params; i++) params[keys[i].name] = decodeParam(plainCapture(path, i));
        this.params = params;
      }
      this.path = matched;
      return true;
    }
    const exec = compiled ? this[kExec] : undefined;
    const m = exec !== undefined ? exec(path) : (compiled ? this[kExecRegExp] : regexp).exec(path);
    if (!m) return this.noMatch();
    const build = capturesOf(this, EXEC, m.length - 1) as
      | CaptureBuilder<ArrayLike<string | undefined>>
      | undefined;
    if (build !== undefined) {
      this.params = build(m);
      this.path = m[0];
      return true;
    }
    const params: Record<string, unknown> = {};
    const keys = this.keys;
    for (let i = 1; i < m.length; i++) {
      const prop = keys[i - 1].name;
      const value = decodeParam(m[i]);
      if (value !== undefined || !hasOwn.call(params, prop)) params[prop] = value;
    }
    this.params = params;
    this.path = m[0];
    return true;
  }

  private noMatch(): false {
    this.params = undefined;
    this.path = undefined;
    return false;
  }
}

/**
 * The layer's compiled params builder for `count` captures read by `kind`, or undefined (the generic
 * loop): when the names repeat or cannot be compiled, or `keys` does not name exactly those captures.
 */
function capturesOf(layer: Layer, kind: Captures['kind'], count: number): CaptureBuilder<never> | undefined {
  const keys = layer.keys;
  const known = layer[kCaptures];
  if (known !== undefined && known.keys === keys && known.kind === kind && sameNames(keys, known.names)) {
    return known.names.length === count ? known.build : undefined;
  }
  if (!Array.isArray(keys)) return undefined;
  const names = keys.map((key) => key.name);
  const build =
    names.length !== count
      ? undefined
      : kind === PLAIN
        ? captureBuilder(names, kind, readPlain)
        : captureBuilder(names, kind, readExec);
  layer[kCaptures] = { kind, keys, names, build: build as CaptureBuilder<never> | undefined };
  return build as CaptureBuilder<never> | undefined;
}

function sameNames(keys: PathKey[], names: readonly (string | number)[]): boolean {
  if (keys.length !== names.length) return false;
  for (let i = 0; i < names.length; i++) if (keys[i]?.name !== names[i]) return false;
  return true;
}

/** What a string path compiles to under given options, shared by the layers that repeat it. */
export interface CompiledTemplate {
  /** The source and flags Express 4 compiles the path to. */
  source: string;
  flags: string;
  keys: PathKey[];
  literal: LiteralMatch | undefined;
  plain: PlainPath | undefined;
  plans: PathPlan[] | null;
}

/*
 * The paths apps repeat — '/' above all: every handler of a route and every app.use(fn) is a layer at
 * '/' — compiled once. At startup the layer code runs cold, so compiling '/' once per route was a
 * measurable share of registering a large table. Bounded: an app registering paths at run time does
 * not grow it past TEMPLATE_LIMIT; only shapes that run as a string compare or on V8's RegExp are kept.
 */
const TEMPLATE_LIMIT = 64;
const templates = new Map<string, CompiledTemplate>();

function compiledTemplate(path: string, opts: PathOptions): CompiledTemplate | undefined {
  const key = `${opts.sensitive ? 's' : '-'}${opts.strict ? 's' : '-'}${opts.end === false ? '-' : 'e'}${path}`;
  const known = templates.get(key);
  if (known !== undefined) return known;
  const template = plainTemplate(path, opts) ?? shapedTemplate(path, opts);
  if (template !== undefined && (templates.size < TEMPLATE_LIMIT || path === '/'))
    templates.set(key, template);
  return template;
}

/**
 * The template of a path of literal segments and whole-segment parameters (most of a route table),
 * read off one split of the path: the general analysis (shapedTemplate) splits and classifies it once
 * for each thing it derives. test/router/layer.test.ts compares the two on seeded random paths.
 * @internal exported for that test
 */
export function plainTemplate(path: string, opts: PathOptions): CompiledTemplate | undefined {
  const segments = plainSegments(path);
  if (segments === undefined) return undefined;
  const keys: PathKey[] = [];
  const source = `^${translateSegments(segments, opts, keys)}`;
  const end = opts.end !== false;
  const planned: PlanSegment[] = segments.map((segment) =>
    segment.charCodeAt(0) === 58 ? PARAM : segment.toLowerCase(),
  );
  const literal = keys.length === 0;
  return {
    source,
    flags: pathFlags(opts),
    keys,
    literal: literal ? literalMatch(path, opts) : undefined,
    plain: literal || end ? undefined : plainPathOf(segments, opts),
    plans: [{ segments: planned, kind: end ? 'end' : 'prefix', optionalLast: false }],
  };
}

/**
 * The template of any other string path that runs as a string compare or on V8's RegExp, or
 * undefined (the layer then compiles its regexp at once, for the linear-time engine).
 * @internal exported for test/router/layer.test.ts
 */
export function shapedTemplate(path: string, opts: PathOptions): CompiledTemplate | undefined {
  const shape = pathShape(path);
  if (shape === undefined || !shape.simple) return undefined;
  const keys: PathKey[] = [];
  return {
    source: compileSource(path, opts, keys),
    flags: pathFlags(opts),
    keys,
    literal: shape.literal !== undefined ? literalMatch(shape.literal, opts) : undefined,
    plain: shape.literal === undefined ? plainPath(path, opts) : undefined,
    plans: planPath(path, opts.end !== false),
  };
}

/**
 * Where the router's index places the layer, or null (a candidate for every path) when its `regexp`
 * or `match` is no longer the one compiled from its path: code that replaces them gets exactly what it
 * asked for. Objects that are not webapp layers are candidates for every path too.
 */
export function layerPlans(layer: Layer): PathPlan[] | null {
  if (layer[kRegExp] !== layer[kCompiled] || layer.match !== compiledMatch) return null;
  return layer[kPlans] ?? null;
}

/**
 * Whether `layer` is middleware mounted at '/' exactly as compiled (its regexp and `match` not
 * replaced): it matches every path, strips nothing, and has no parameters. Dispatch then skips
 * `match`, which would only record `params = {}` and `path = ''` on the layer.
 */
export function matchesEveryPath(layer: Layer): boolean {
  return layer[kSlash] && isCompiled(layer);
}

/** Whether `layer` was made for middleware at '/' (whatever has been replaced on it since). */
export function mountedAtSlash(layer: Layer): boolean {
  return layer[kSlash] === true;
}

/**
 * Whether what `layer` matches is always a prefix of the path it was given: a string path matched by
 * what was compiled from it. A user's RegExp (or an array holding one) may match further in.
 */
export function matchesPrefix(layer: Layer): boolean {
  return layer[kAnchored] && isCompiled(layer);
}

/** Whether `layer` matches with the regexp and `match` compiled from its path (neither replaced). */
export function isCompiled(layer: Layer): boolean {
  return layer[kRegExp] === layer[kCompiled] && layer.match === compiledMatch;
}

const compiledMatch = Layer.prototype.match;

/** What {@link matchMountAt} answers for a layer it cannot decide, or one that matches but not cleanly. */
export const MOUNT_UNDECIDED = -2;

/**
 * How middleware mounted under a plain path (literal segments and whole-segment parameters, as
 * compiled) matches the part of `path` from `at` (which starts with '/'): the offset where its mount
 * path ends when the rest starts with a '/' of its own (what ./mount-chain can hand on without
 * rewriting the URL), -1 when it does not match, {@link MOUNT_UNDECIDED} otherwise (a route, middleware
 * at '/', another shape, a replaced regexp or `match`, edited keys, a match ending at the path's end or
 * taking a trailing slash). Parameter bounds are kept from `firstParam` on, for plainCapture; the
 * layer's `keys` then name them.
 */
export function matchMountAt(layer: Layer, path: string, at: number, firstParam: number): number {
  if (layer.route !== undefined || !isCompiled(layer) || layer[kSlash]) return MOUNT_UNDECIDED;
  let end: number;
  const plain = layer[kPlain];
  if (plain !== undefined) {
    if (layer.keys.length !== plain.params) return MOUNT_UNDECIDED;
    end = matchPlainAt(plain, path, at, firstParam);
  } else {
    const literal = layer[kLiteral];
    if (literal === undefined || literal.end || layer.keys.length !== 0) return MOUNT_UNDECIDED;
    const base = literal.base;
    const found = literal.sensitive ? hasAt(path, at, base) : startsWithFolded(path, at, literal.baseLower);
    if (!found) return -1;
    // A strict literal kept its trailing slash: the slash is part of the match.
    if (base.charCodeAt(base.length - 1) === 47) return MOUNT_UNDECIDED;
    end = at + base.length;
    if (end < path.length && path.charCodeAt(end) !== 47) return -1;
  }
  if (end === -1) return -1;
  // At the end of the path, or before a '/' followed by the end or another '/', Express's match takes
  // the slash (or the child sees a '/' added): Dispatch.trimPrefix handles those.
  const next = end + 1;
  if (end === path.length || next === path.length || path.charCodeAt(next) === 47) return MOUNT_UNDECIDED;
  return end;
}

/** @internal The RegExp `match` executes while the layer's regexp is the compiled one (for tests). */
export function executedRegExp(layer: Layer): RegExp {
  return layer[kExecRegExp];
}

// Assigned as a function named `handle` so stack frames read `Layer.handle [as handle_request]`
// exactly as in Express 4: express-rate-limit looks for that frame to detect limiters created
// inside a request handler.
Layer.prototype.handle_request = function handle(this: Layer, req: Req, res: Res, next: Next): void {
  const fn = this.handle;
  if (arityOf(this, fn) > 3) {
    next();
    return;
  }
  if (layerTraced()) {
    traceLayer(this, fn, undefined, req, res, next, false);
    return;
  }
  try {
    // Most handlers return nothing: no call to look at the result.
    const ret = fn(req, res, next);
    if (ret !== undefined) forwardRejection(ret, next);
  } catch (err) {
    next(err);
  }
};

/** Layer's own `handle_request`, as defined above (a plugin may replace it). */
const handleRequest = Layer.prototype.handle_request;

/**
 * `layer.handle_request(req, res, next)` for middleware reached by `next()` (dispatch's step). While
 * `handle_request` is Layer's own, its body runs here instead, from a call site of its own: V8 inlines a
 * call only where it has seen few targets, and handle_request's call site sees every handler of every
 * kind (routes, error handlers, routers), so it inlines none. This one sees middleware only, often few,
 * and inlines them with the `next` they call: in-process, a no-op middleware step cost ~27 ns instead
 * of ~45 (bench/README.md, 2026-11-27 20:12).
 */
export function runMiddleware(layer: Layer, req: Req, res: Res, next: Next): void {
  const fn = layer.handle;
  if (
    layer.handle_request !== handleRequest ||
    layer.path === undefined ||
    arityOf(layer, fn) > 3 ||
    layerTraced()
  ) {
    runMiddlewareAside(layer, req, res, next);
    return;
  }
  // handle_request's lines, repeated on purpose: this call site is the point (see above).
  try {
    const ret = fn(req, res, next);
    if (ret !== undefined) forwardRejection(ret, next);
  } catch (err) {
    next(err);
  }
}

/** runMiddleware's other cases, out of its way (the less bytecode, the more of the chain V8 inlines). */
function runMiddlewareAside(layer: Layer, req: Req, res: Res, next: Next): void {
  // What `match` records on the layer, which the walk does not call for middleware at '/' (see
  // matchesEveryPath): recorded once, so that a tool reading them after a request finds Express's values
  // (each request writing its own would cost a write barrier per layer, for a value no one reads then).
  if (layer.path === undefined) {
    layer.path = '';
    layer.params = new EmptyParams();
  }
  // A replaced handle_request, or Layer's own: a 4-argument handler skipped, a traced call.
  layer.handle_request(req, res, next);
}
// Its frame reads as handle_request's (see there): express-rate-limit looks for that frame near a handler.
Object.defineProperty(runMiddleware, 'name', { value: 'Layer.handle [as handle_request]' });

/**
 * `fn.length`, read once per handler function: reading it goes through V8's length accessor and the
 * function's shared info on every call otherwise, one more cold cache line per layer per request.
 */
function arityOf(layer: Layer, fn: AnyHandler): number {
  if (layer[kArityOf] !== fn) {
    layer[kArity] = fn.length;
    layer[kArityOf] = fn;
  }
  return layer[kArity];
}

/**
 * Whether the layer was made for a router webapp made (`app.use(router)`): dispatch then hands the
 * router the pathname it already has. Read from the function the layer was made with: should `handle`
 * be replaced, the hand-off is at worst unused (its answer is right for any caller) or not made.
 */
export function handsToRouter(layer: Layer): boolean {
  return layer[kRouterHandle];
}

/**
 * Whether a plugin has turned `handle` on Layer.prototype into an accessor that wraps every handler as
 * it is stored: express-async-errors does, and its wrapper passes a rejected promise to `next` itself.
 * webapp then leaves rejections to it, so `next` is not called twice. Read only for returned promises.
 */
export function rejectionsForwardedByPlugin(): boolean {
  return typeof Object.getOwnPropertyDescriptor(Layer.prototype, 'handle')?.set === 'function';
}

/** A returned promise that rejects is an error for `next` (a falsy reason becomes an Error). */
function forwardRejection(ret: unknown, next: Next): void {
  if (ret !== null && typeof ret === 'object' && typeof (ret as PromiseLike<unknown>).then === 'function') {
    if (rejectionsForwardedByPlugin()) return;
    // A native promise runs its reactions in this context already; another thenable (Bluebird's own
    // scheduler…) may not, so the error middleware is reached in this request's async context.
    const forward = (reason: unknown): void => next(reason || webappError('WEBAPP_PROMISE_REJECTED'));
    (ret as PromiseLike<unknown>).then(undefined, ret instanceof Promise ? forward : inContext(forward));
  }
}

/** Decodes a captured parameter; a malformed escape becomes a 400 error. */
export function decodeParam(value: string | undefined): string | undefined {
  if (typeof value !== 'string' || value.length === 0) return value;
  if (value.indexOf('%') === -1) return value;
  try {
    return decodeURIComponent(value);
  } catch (err) {
    if (err instanceof URIError) {
      const error = err as URIError & { status?: number; statusCode?: number };
      error.message = `Failed to decode param '${value}'`;
      error.status = error.statusCode = 400;
    }
    throw err;
  }
}

function literalMatch(literal: string, opts: PathOptions): LiteralMatch {
  const strict = Boolean(opts.strict);
  const end = opts.end !== false;
  // Non-strict paths make one trailing slash optional; a literal's own trailing slash is that slash.
  const base = !strict && literal.endsWith('/') ? literal.slice(0, -1) : literal;
  // A literal path is ASCII (LITERAL_SEGMENT): toLowerCase folds exactly A-Z, in native code at startup.
  return { base, baseLower: base.toLowerCase(), sensitive: Boolean(opts.sensitive), strict, end };
}

/** Whether `path` starts with the literal (ASCII case folded unless sensitive). */
function startsWithLiteral(path: string, m: LiteralMatch): boolean {
  return m.sensitive ? hasAt(path, 0, m.base) : startsWithFolded(path, 0, m.baseLower);
}

/** The matched prefix of `path` (what the regex's group 0 would be), or undefined. */
function matchLiteral(m: LiteralMatch, path: string): string | undefined {
  const len = m.base.length;
  const rest = path.length - len;
  if (m.end) {
    // The length decides most misses of a route without reading a character.
    if (rest !== 0 && (rest !== 1 || m.strict || path.charCodeAt(len) !== 47)) return undefined;
    return startsWithLiteral(path, m) ? path : undefined;
  }
  if (!startsWithLiteral(path, m)) return undefined;
  if (m.strict) {
    if (m.base.endsWith('/') || rest === 0 || path.charCodeAt(len) === 47) return path.slice(0, len);
    return undefined;
  }
  if (rest === 0) return path;
  if (path.charCodeAt(len) !== 47) return undefined;
  // `\/?(?=\/|$)`: the slash is part of the match only when followed by another slash or the end.
  if (rest === 1 || path.charCodeAt(len + 1) === 47) return path.slice(0, len + 1);
  return path.slice(0, len);
}
