/**
 * `req.params` objects made by small functions generated once per set of names.
 *
 * Why: the router learns parameter names at run time, and a store under a name that varies
 * (`params[name] = value`) goes through V8's generic keyed store: 200–300 instructions per property
 * on Node 20 to 26, a dozen of them per request in a nested app with mergeParams. An object literal
 * whose names are written in the source is made from a boilerplate without any lookup. So, as
 * find-my-way does for its params, the names are written into a function the first time a set of
 * them is needed, and that function is reused by every layer with the same set.
 *
 * Safety: a name enters the source only through JSON.stringify (a string literal, whatever it holds)
 * and a value only as a read at an integer index. A set holding `__proto__` (which a literal would
 * take as the prototype), a repeated name or more than MAX_NAMES names is not compiled, nor a set past
 * MAX_BUILDERS, nor anything where code generation is disallowed (`--disallow-code-generation-from-strings`):
 * callers keep their generic path, which gives the same objects.
 * @module
 */

/** Makes the params object for one match from its source (the match array, the path…). */
export type CaptureBuilder<S> = (source: S) => Record<string, unknown>;
/** Makes `{...parent, ...own}` with Express 4's for-in copy, for one pair of name lists. */
export type MergeBuilder = (parent: unknown, own: unknown) => Record<string, unknown>;

const MAX_NAMES = 16;
/** Distinct name sets compiled per process; past it, new sets stay on the generic path. */
const MAX_BUILDERS = 256;
const builders = new Map<string, CaptureBuilder<never> | MergeBuilder>();
let codegenAllowed = true;

function compile<F>(key: string, makeSource: () => string, ...bindings: unknown[]): F | undefined {
  const known = builders.get(key);
  if (known !== undefined) return known as F;
  if (!codegenAllowed || builders.size >= MAX_BUILDERS) return undefined;
  let built: F;
  try {
    const names = bindings.map((_, i) => `b${i}`);
    // Generated from JSON string literals and integer-indexed reads only (see the module comment).
    built = new Function(...names, makeSource())(...bindings) as F;
  } catch {
    codegenAllowed = false;
    return undefined;
  }
  builders.set(key, built as CaptureBuilder<never> | MergeBuilder);
  return built;
}

function compilable(names: readonly unknown[]): boolean {
  if (names.length > MAX_NAMES) return false;
  for (let i = 0; i < names.length; i++) {
    const name = String(names[i]);
    if (name === '__proto__') return false;
    for (let j = 0; j < i; j++) if (String(names[j]) === name) return false;
  }
  return true;
}

/**
 * A function making `{ [names[i]]: read(source, i) }` for every i, in order, or undefined when the
 * names cannot be compiled (duplicates included: the generic loop decides which capture wins).
 * `kind` names `read`: builders are shared by kind and names, so one kind always comes with one read.
 * @example
 * const build = captureBuilder(['id'], 'exec', (m: string[], i) => m[i + 1]);
 * build?.(['/7', '7']) // { id: '7' }
 */
export function captureBuilder<S>(
  names: readonly (string | number)[],
  kind: string,
  read: (source: S, i: number) => unknown,
): CaptureBuilder<S> | undefined {
  if (!compilable(names)) return undefined;
  const key = `${kind}\u0000${JSON.stringify(names.map(String))}`;
  return compile<CaptureBuilder<S>>(
    key,
    () => {
      const fields = names.map((name, i) => `${JSON.stringify(String(name))}: b0(s, ${i})`);
      return `return function build(s) { return { ${fields.join(', ')} }; };`;
    },
    read,
  );
}

/**
 * A function making what `merged = {}; for (k in parent) merged[k] = parent[k]; for (k in own)
 * merged[k] = own[k]` makes when for-in lists `parentNames` and `ownNames`: the same values, read in
 * the same order, under the same keys in the same order. Undefined when they cannot be compiled.
 */
export function mergeBuilder(
  parentNames: readonly string[],
  ownNames: readonly string[],
): MergeBuilder | undefined {
  if (!compilable(parentNames) || !compilable(ownNames)) return undefined;
  const key = `merge\u0000${JSON.stringify(parentNames)}\u0000${JSON.stringify(ownNames)}`;
  return compile<MergeBuilder>(key, () => {
    // A name in both lists appears twice: the literal keeps the first position and the last value,
    // as the second assignment does, and reads both sides as the copy does.
    const fields = [
      ...parentNames.map((name) => `${JSON.stringify(name)}: p[${JSON.stringify(name)}]`),
      ...ownNames.map((name) => `${JSON.stringify(name)}: o[${JSON.stringify(name)}]`),
    ];
    return `return function merge(p, o) { return { ${fields.join(', ')} }; };`;
  });
}

/**
 * A function making `{ ...parent, [own[i]]: read(source, captures[i]) … }` as Express 4's for-in
 * merges make it when for-in lists `parentNames` on the parent (null: no parent object) — the params a
 * chain of mounts ends with (see ./mount-chain). Undefined when the names cannot be compiled, a name
 * repeated across the lists included (the generic merges decide which value wins).
 */
export function chainBuilder<S>(
  parentNames: readonly string[] | null,
  ownNames: readonly string[],
  captures: readonly number[],
  read: (source: S, i: number) => unknown,
): ((parent: unknown, source: S) => Record<string, unknown>) | undefined {
  const all = parentNames === null ? ownNames : [...parentNames, ...ownNames];
  if (!compilable(all)) return undefined;
  const key = `chain\u0000${JSON.stringify(parentNames)}\u0000${JSON.stringify(ownNames)}\u0000${captures.join(',')}`;
  return compile(
    key,
    () => {
      const fields = [
        ...(parentNames ?? []).map((name) => `${JSON.stringify(name)}: p[${JSON.stringify(name)}]`),
        ...ownNames.map((name, i) => `${JSON.stringify(name)}: b0(s, ${Number(captures[i])})`),
      ];
      return `return function chain(p, s) { return { ${fields.join(', ')} }; };`;
    },
    read,
  );
}

/** Whether for-in over `object` lists exactly `names`, in order. Reads no value. */
export function enumeratesAs(object: object, names: readonly string[]): boolean {
  let i = 0;
  for (const key in object) {
    if (i === names.length || names[i] !== key) return false;
    i++;
  }
  return i === names.length;
}

/** What for-in over `object` lists. */
export function enumeratedNames(object: object): string[] {
  const names: string[] = [];
  for (const key in object) names.push(key);
  return names;
}

/** @internal for tests: forget compiled builders and whether code generation failed. */
export function resetBuilders(): void {
  builders.clear();
  codegenAllowed = true;
}
