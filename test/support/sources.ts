/**
 * The TypeScript sources under a directory, for tests that check a rule across src/ (the error
 * catalogue, where Buffer comes from).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every `.ts` file under `dir` (declaration files left out), depth first. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}
