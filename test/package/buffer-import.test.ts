/**
 * src/ reads `Buffer` from `node:buffer`, never from the global: on node 20 to 26 `globalThis.Buffer` is an
 * accessor, and V8's optimized code reaches it through a LoadGlobalIC call and the getter each time
 * (~190 instructions a use; three in `res.send` were ~560 of a hello request, Node 24). This scans the
 * sources for a file that uses `Buffer` as a value without importing it.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { sourceFiles } from '../support/sources';

const ROOT = join(__dirname, '..', '..', '..');
const SRC = join(ROOT, 'src');

const IMPORT = /^import \{ Buffer \} from 'node:buffer';$/m;
/** `Buffer` used as a value: a static member, a constructor call, an instanceof check. */
const VALUE_USE = /\bBuffer\.[a-zA-Z]|\bnew\s+Buffer\b|\binstanceof\s+Buffer\b/;

/** The lines of `text` that use the global Buffer as a value (none when the module imports it). */
function globalUses(text: string): string[] {
  if (IMPORT.test(text)) return [];
  return text.split('\n').filter((line) => {
    const code = line.trim();
    return !code.startsWith('*') && !code.startsWith('//') && !code.startsWith('/*') && VALUE_USE.test(code);
  });
}

describe('Buffer comes from node:buffer', () => {
  test('no module in src/ reads the global Buffer', () => {
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      for (const line of globalUses(readFileSync(file, 'utf8'))) {
        found.push(`${relative(ROOT, file)}: ${line.trim()}`);
      }
    }
    assert.deepEqual(found, [], "add `import { Buffer } from 'node:buffer';` to these modules");
  });

  test('the scan catches what it is meant to catch, and leaves types and comments alone', () => {
    assert.deepEqual(globalUses('const n = Buffer.byteLength(s);'), ['const n = Buffer.byteLength(s);']);
    assert.equal(globalUses('if (x instanceof Buffer) {}').length, 1);
    assert.equal(
      globalUses("import { Buffer } from 'node:buffer';\nconst n = Buffer.byteLength(s);").length,
      0,
    );
    assert.equal(globalUses('function f(b: Buffer): Buffer[] { return [b]; }').length, 0);
    assert.equal(globalUses(' * Buffer.from(x) in a doc comment').length, 0);
  });
});
