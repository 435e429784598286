/**
 * The package as a stranger installs it: `npm pack` of the built package, installed from the tarball into
 * a project with `npm ci --offline`, from a lock file made of this repository's entries for the package's
 * dependencies, so only npm's cache is read. Two installs are kept in the temp directory, keyed by the
 * tarball's and the lock's hash, and shared by the test files that need them (test/types.test.ts,
 * test/docs/code-blocks.test.ts), which may install at the same time:
 * - `minimal`: only the packed package and what npm installs with it (@types/node);
 * - `full`: the packed package plus every dev dependency of this repository (third-party middleware,
 *   @types/express, …), linked.
 * Both live outside this repository: TypeScript 5 reads every parent's node_modules/@types.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { withoutCoverage } from './child-env';

const root = resolve(__dirname, '..', '..', '..');
/** An unfinished install older than this was left by a run that died: removed. */
const STALE_MS = 60 * 60 * 1000;

export interface PackedInstall {
  /** A project with only the packed package installed. */
  minimal: string;
  /** The packed package plus this repository's dev dependencies. */
  full: string;
  /** The tarball `npm pack` wrote (its file name is npm's: `<name>-<version>.tgz`). */
  tarball: string;
}

export function installPacked(): PackedInstall {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const name: string = pkg.name;
  // One cache per checkout: two clones (or worktrees) testing at once must not clear each other's install.
  const checkout = createHash('sha256').update(root).digest('hex').slice(0, 12);
  const cache = join(tmpdir(), `webapp-packed-${checkout}`);
  mkdirSync(cache, { recursive: true });
  const packDir = mkdtempSync(join(cache, 'pack-'));
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], {
      cwd: root,
      encoding: 'utf8',
      env: withoutCoverage(),
    }),
  ) as Array<{ filename: string }>;
  const tarball = readFileSync(join(packDir, packed.filename));
  const hash = createHash('sha256')
    .update(tarball)
    .update(readFileSync(join(root, 'package-lock.json')))
    .digest('hex')
    .slice(0, 16);
  const base = join(cache, hash);
  if (!existsSync(join(base, 'ready'))) {
    for (const old of readdirSync(cache)) {
      if (old === hash || old.startsWith('pack-')) continue;
      const path = join(cache, old);
      // Another file's install in progress is left alone; a finished one of another build is not needed.
      if (old.includes('.tmp-') && Date.now() - statSync(path).mtimeMs < STALE_MS) continue;
      rmSync(path, { recursive: true, force: true });
    }
    const work = mkdtempSync(`${base}.tmp-`);
    const project = join(work, 'minimal');
    mkdirSync(project, { recursive: true });
    const file = `${name}.tgz`;
    writeFileSync(join(project, file), tarball);
    writeFileSync(join(project, 'package-lock.json'), JSON.stringify(lockFor(tarball, file), null, 2));
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'fixture', private: true, dependencies: { [name]: `file:${file}` } }),
    );
    execFileSync(
      'npm',
      ['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
      {
        cwd: project,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: withoutCoverage(),
      },
    );
    // The full project: the installed package and its @types/node, plus this repository's dev dependencies.
    const modules = join(work, 'full', 'node_modules');
    mkdirSync(join(modules, '@types'), { recursive: true });
    for (const scope of ['', '@types']) {
      for (const entry of readdirSync(join(root, 'node_modules', scope))) {
        if (entry.startsWith('.') || entry.startsWith('@') || entry === name) continue;
        const installed = join(project, 'node_modules', scope, entry);
        const link = join(modules, scope, entry);
        // Relative links into the installed project, which is renamed once complete.
        const target = existsSync(installed)
          ? relative(dirname(link), join(base, 'minimal', 'node_modules', scope, entry))
          : join(root, 'node_modules', scope, entry);
        symlinkSync(target, link, 'dir');
      }
    }
    for (const entry of readdirSync(join(root, 'node_modules'))) {
      if (entry.startsWith('@') && entry !== '@types')
        symlinkSync(join(root, 'node_modules', entry), join(modules, entry), 'dir');
    }
    symlinkSync(join('..', '..', 'minimal', 'node_modules', name), join(modules, name), 'dir');
    writeFileSync(join(work, 'ready'), '');
    try {
      renameSync(work, base);
    } catch (err) {
      // Another test file finished the same install first: use its copy.
      if (!existsSync(join(base, 'ready'))) throw err;
      rmSync(work, { recursive: true, force: true });
    }
  }
  const kept = join(base, 'minimal', `${name}.tgz`);
  rmSync(packDir, { recursive: true, force: true });
  return { minimal: join(base, 'minimal'), full: join(base, 'full'), tarball: kept };
}

/** A package-lock for `<name>: file:<file>` whose dependency entries are this repository's. */
function lockFor(tarball: Buffer, file: string) {
  const repo = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages as Record<
    string,
    { dependencies?: Record<string, string>; [field: string]: unknown }
  >;
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const packages: Record<string, unknown> = {
    '': { name: 'fixture', dependencies: { [pkg.name]: `file:${file}` } },
    [`node_modules/${pkg.name}`]: {
      version: pkg.version,
      resolved: `file:${file}`,
      integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
      license: pkg.license,
      dependencies: pkg.dependencies,
      engines: pkg.engines,
    },
  };
  // Keys are paths in this repository's tree, where the package is the root ('').
  const queue: Array<[string, Record<string, string>]> = [['', pkg.dependencies]];
  while (queue.length > 0) {
    const [from, deps] = queue.pop()!;
    for (const dep of Object.keys(deps)) {
      let key: string | undefined;
      for (let at = from; ; ) {
        const candidate = at ? `${at}/node_modules/${dep}` : `node_modules/${dep}`;
        if (repo[candidate]) {
          key = candidate;
          break;
        }
        if (!at) break;
        at = at.includes('/node_modules/') ? at.slice(0, at.lastIndexOf('/node_modules/')) : '';
      }
      assert.ok(key, `package-lock.json has no entry for ${dep} (needed by ${from || pkg.name})`);
      if (key in packages) continue;
      const { dev, devOptional, peer, ...kept } = repo[key]!;
      packages[key] = kept;
      if (repo[key]!.dependencies) queue.push([key, repo[key]!.dependencies!]);
    }
  }
  return { name: 'fixture', lockfileVersion: 3, requires: true, packages };
}
