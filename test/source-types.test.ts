/**
 * The internals are typed: in the directories listed here, an explicit `any` is allowed only where
 * biome's noExplicitAny is suppressed with a reason (biome.json turns the rule on for them), and every
 * double cast (`as unknown as`) says why it is sound in a comment just above it.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';

const root = resolve(__dirname, '..', '..');

/** The typed tree: all of src/. */
const TYPED = ['src'];

function sourceFiles(path: string): string[] {
  const full = join(root, path);
  if (path.endsWith('.ts')) return [path];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1));
}

const files = TYPED.flatMap(sourceFiles);

test('the typed directories hold source files', () => {
  assert.ok(files.length > 50, `only ${files.length} files`);
});

test('every double cast in the typed directories is explained by a comment just above it', () => {
  const unexplained: string[] = [];
  for (const file of files) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (!line.includes('as unknown as')) return;
      const above = lines.slice(Math.max(0, i - 3), i);
      if (!above.some((l) => l.trim().startsWith('//') || l.trim().startsWith('*'))) {
        unexplained.push(`${file}:${i + 1}`);
      }
    });
  }
  assert.deepEqual(unexplained, []);
});

test('every noExplicitAny suppression in the typed directories gives its reason', () => {
  const bare: string[] = [];
  let count = 0;
  for (const file of files) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      const m = /biome-ignore(?:-all|-start|-end)? lint\/suspicious\/noExplicitAny(.*)$/.exec(line);
      if (!m) return;
      count++;
      if (!/^:\s*\S.{10,}/.test(m[1])) bare.push(`${file}:${i + 1}`);
    });
  }
  assert.ok(count > 0, 'no suppression found: is the pattern still right?');
  assert.deepEqual(bare, []);
});

test('biome.json turns noExplicitAny on for every typed directory', () => {
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8')) as {
    overrides?: Array<{
      includes?: string[];
      linter?: { rules?: { suspicious?: { noExplicitAny?: string } } };
    }>;
  };
  const covered = (config.overrides ?? [])
    .filter((o) => o.linter?.rules?.suspicious?.noExplicitAny === 'error')
    .flatMap((o) => o.includes ?? []);
  for (const path of TYPED) {
    const glob = path.endsWith('.ts') ? path : `${path}/**`;
    assert.ok(covered.includes(glob), `${path} is not covered (${glob})`);
  }
});
