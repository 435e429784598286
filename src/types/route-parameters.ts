/**
 * `RouteParameters<Path>`: the `req.params` type read from an Express 4 route string at compile time.
 *
 * The scanner follows the runtime path compiler (src/router/path.ts): `:name` takes the longest run
 * of word characters, then an optional `(capture)` that ends at the first `)`, an optional `*` (which
 * adds a numbered group) and an optional `?` (which makes the parameter optional). Outside a
 * parameter, `*` and every capturing `(` group become numbered parameters `0`, `1`, …; `/(` and
 * `(?:`-style groups do not capture; a backslash escapes the next character.
 *
 * It is written for the checker's speed: the walk jumps from one `:` to the next while the text in
 * between has no other special character, a name that runs to the next `/` is taken in one step,
 * and every recursion is a tail call with separate accumulators, so long paths stay cheap. (The one
 * shortcut: a non-ASCII letter inside such a name counts as part of it, where the runtime's `\w`
 * would end the name there.)
 * @module
 */

/**
 * A string-keyed dictionary of route parameters: the type of `req.params` when the path is not a
 * string literal (a RegExp, a list of paths, or a string only known at run time).
 * @example
 * app.get(/^\/item\/(\d+)$/, (req) => req.params[0]); // req.params: ParamsDictionary
 */
export interface ParamsDictionary {
  [key: string]: string;
}

/** The characters of a parameter name (`\w`), as one string searched with a template literal. */
type WordChars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_';

/** Characters other than `:` that need a closer look: escapes, stars and groups. */
type Special = '\\' | '*' | '(';

/** The characters of a string, as a union. */
type CharsOf<S extends string> = S extends `${infer C}${infer Rest}` ? C | CharsOf<Rest> : never;

/** The printable ASCII characters that end a parameter name (all but `\w`). */
type NotWord = CharsOf<' !"#$%&\'()*+,-./:;<=>?@[\\]^`{|}~'>;

// Scanner state, passed as separate accumulators (cheaper for the checker than an object type):
// `Req`/`Opt` are the names (and numbers) found so far, `N` counts numbered groups (its length is the
// next number), `Loose` is true once a capture too complex to follow was seen.

/** Entry step: jump to the next `:` when nothing special lies before it, else walk one character. */
type Scan<
  Path extends string,
  Req,
  Opt,
  N extends unknown[],
  Loose extends boolean,
> = Path extends `${infer Head}:${infer Rest}`
  ? Head extends `${string}${Special}${string}`
    ? Step<Path, Req, Opt, N, Loose>
    : ReadName<Rest, Req, Opt, N, Loose>
  : Path extends `${string}${Special}${string}`
    ? Step<Path, Req, Opt, N, Loose>
    : Build<Req, Opt, Loose>;

/** Handles the first character of `Path`. */
type Step<
  Path extends string,
  Req,
  Opt,
  N extends unknown[],
  Loose extends boolean,
> = Path extends `${infer C}${infer Rest}`
  ? C extends '\\'
    ? Rest extends `${string}${infer After}`
      ? Scan<After, Req, Opt, N, Loose>
      : Build<Req, Opt, Loose>
    : C extends ':'
      ? ReadName<Rest, Req, Opt, N, Loose>
      : C extends '*'
        ? Scan<Rest, Req | N['length'], Opt, [...N, 0], Loose>
        : C extends '('
          ? Rest extends `?${infer Group}`
            ? Group extends `<${'=' | '!'}${string}`
              ? Scan<Rest, Req, Opt, N, Loose>
              : Group extends `<${string}`
                ? Scan<Rest, Req | N['length'], Opt, [...N, 0], Loose>
                : Scan<Rest, Req, Opt, N, Loose>
            : Scan<Rest, Req | N['length'], Opt, [...N, 0], Loose>
          : C extends '/'
            ? Rest extends `(${infer After}`
              ? Scan<After, Req, Opt, N, Loose>
              : Scan<Rest, Req, Opt, N, Loose>
            : Scan<Rest, Req, Opt, N, Loose>
  : Build<Req, Opt, Loose>;

/**
 * After `:`. Most names run to the next `/` (or the end) and contain no other character that could
 * end them; those are taken in one step. Otherwise the name is read character by character.
 */
type ReadName<
  Path extends string,
  Req,
  Opt,
  N extends unknown[],
  Loose extends boolean,
> = Path extends `${infer Seg}/${infer After}`
  ? Seg extends `${string}${NotWord}${string}` | ''
    ? ReadWord<Path, '', Req, Opt, N, Loose>
    : Scan<`/${After}`, Req | Seg, Opt, N, Loose>
  : Path extends `${string}${NotWord}${string}` | ''
    ? ReadWord<Path, '', Req, Opt, N, Loose>
    : Build<Req | Path, Opt, Loose>;

/** Reads the word characters of a parameter name one by one. */
type ReadWord<
  Path extends string,
  Name extends string,
  Req,
  Opt,
  N extends unknown[],
  Loose extends boolean,
> = Path extends `${infer C}${infer Rest}`
  ? WordChars extends `${string}${C}${string}`
    ? ReadWord<Rest, `${Name}${C}`, Req, Opt, N, Loose>
    : Name extends ''
      ? Scan<Path, Req, Opt, N, Loose>
      : ReadCapture<Path, Name, Req, Opt, N, Loose>
  : Name extends ''
    ? Build<Req, Opt, Loose>
    : Build<Req | Name, Opt, Loose>;

/** After the name: an optional `(capture)` up to the first `)`. */
type ReadCapture<
  Path extends string,
  Name extends string,
  Req,
  Opt,
  N extends unknown[],
  Loose extends boolean,
> = Path extends `(${infer Capture})${infer Rest}`
  ? ReadModifiers<Rest, Name, Req, Opt, N, Capture extends `${string}${'(' | '*'}${string}` ? true : Loose>
  : ReadModifiers<Path, Name, Req, Opt, N, Loose>;

/** After the capture: `*` (one more numbered group) and `?` (optional), in that order. */
type ReadModifiers<
  Path extends string,
  Name extends string,
  Req,
  Opt,
  N extends unknown[],
  Loose extends boolean,
> = Path extends `*?${infer Rest}`
  ? Scan<Rest, Req, Opt | Name | N['length'], [...N, 0], Loose>
  : Path extends `*${infer Rest}`
    ? Scan<Rest, Req | Name | N['length'], Opt, [...N, 0], Loose>
    : Path extends `?${infer Rest}`
      ? Scan<Rest, Req, Opt | Name, N, Loose>
      : Scan<Path, Req | Name, Opt, N, Loose>;

/** Turns the accumulators into the params object, flattened so editors show `{ id: string; … }`. */
type Build<Req, Opt, Loose extends boolean> = Flatten<
  { [K in Req & PropertyKey]: string } & {
    [K in Exclude<Opt, Req> & PropertyKey]?: string;
  } & (Loose extends true ? { [index: number]: string } : unknown)
>;

// `& {}` makes the compiler print the resulting object (`{ id: string }`) instead of `Flatten<…>`.
type Flatten<T> = { [K in keyof T]: T[K] } & {};

/**
 * The `req.params` type of an Express 4 route path: named parameters are `string`, optional ones
 * (`:tab?`) `string | undefined`, and `*` or unnamed groups are numbered `0`, `1`, …. A path whose
 * value is not known at compile time (type `string`) gives {@link ParamsDictionary}.
 * @example
 * type A = RouteParameters<'/users/:id/:tab?'>; // { id: string; tab?: string }
 * type B = RouteParameters<'/files/*'>; // { 0: string }
 * type C = RouteParameters<'/user/:id(\\d+)'>; // { id: string }
 */
export type RouteParameters<Route extends string> = string extends Route
  ? ParamsDictionary
  : Scan<Route, never, never, [], false>;
