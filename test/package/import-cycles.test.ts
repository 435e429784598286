/**
 * No import cycle at run time in `src/`: every module's load-time requires (the top-level ones the
 * compiler emits for value imports; type-only imports leave none) form a graph without a cycle, so
 * no module ever sees another half-loaded. Requires inside functions (lazy loads) are not load time.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const SRC = resolve(__dirname, '..', '..', 'src');

/** A top-level statement that requires a relative module: its line starts in the first column. */
const TOP_LEVEL_REQUIRE = /^\S[^\n]*?\brequire\("(\.{1,2}\/[^"]*)"\)/gm;

/** Each compiled module of `root` (relative name) with the modules it requires when it loads. */
function loadGraph(root: string): Map<string, string[]> {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.js'),
  );
  const names = new Set(files.map((file) => file.split('\\').join('/')));
  const graph = new Map<string, string[]>();
  for (const name of names) {
    const deps: string[] = [];
    for (const match of readFileSync(join(root, name), 'utf8').matchAll(TOP_LEVEL_REQUIRE)) {
      const target = relative(root, resolve(root, dirname(name), match[1]))
        .split('\\')
        .join('/');
      const file = [`${target}.js`, `${target}/index.js`, target].find((candidate) => names.has(candidate));
      assert.ok(file, `${name} requires ${match[1]}, which is not in ${root}`);
      deps.push(file);
    }
    graph.set(name, deps);
  }
  return graph;
}

/** Every cycle a depth-first walk of `graph` closes, as `a → b → a`. */
function cyclesOf(graph: Map<string, string[]>): string[] {
  const open = new Set<string>();
  const done = new Set<string>();
  const path: string[] = [];
  const cycles: string[] = [];
  const visit = (name: string): void => {
    open.add(name);
    path.push(name);
    for (const dep of graph.get(name) ?? []) {
      if (open.has(dep)) cycles.push([...path.slice(path.indexOf(dep)), dep].join(' → '));
      else if (!done.has(dep)) visit(dep);
    }
    path.pop();
    open.delete(name);
    done.add(name);
  };
  for (const name of graph.keys()) if (!done.has(name)) visit(name);
  return cycles;
}

test('the modules of src/ require one another without a cycle when they load', () => {
  const graph = loadGraph(SRC);
  // The walk saw the real graph: the entry point loads the application, which loads the router.
  assert.ok(graph.get('index.js')?.length, 'index.js requires nothing?');
  assert.ok(graph.size > 100, `only ${graph.size} modules found`);
  assert.deepEqual(cyclesOf(graph), []);
});

test('the cycle check finds a cycle, and only load-time requires count', () => {
  const graph = new Map([
    ['a.js', ['b.js']],
    ['b.js', ['c.js']],
    ['c.js', ['a.js']],
    ['d.js', ['a.js']],
  ]);
  assert.deepEqual(cyclesOf(graph), ['a.js → b.js → c.js → a.js']);
  const source = 'const x = require("./top");\nfunction f() {\n  return require("./lazy");\n}\n';
  assert.deepEqual(
    [...source.matchAll(TOP_LEVEL_REQUIRE)].map((match) => match[1]),
    ['./top'],
  );
});
