// Run after `npm install`: this workplace's registry does not serve the other platforms' binary
// packages of tools such as biome (404), so npm leaves them out of package-lock.json, and `npm ci`
// then calls the lock file out of sync. This adds a lock entry for each missing optional platform
// package (os/cpu/libc taken from its name); npm ci skips them on non-matching platforms.
import { readFileSync, writeFileSync } from 'node:fs';

const PLATFORM =
  /-(android|darwin|linux|win32|freebsd|openbsd|sunos|aix)-(arm64|x64|ia32|arm|ppc64|s390x)(-(musl|gnu))?$/;
const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
const added = [];

for (const [key, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `node_modules/${name}`;
    const match = PLATFORM.exec(name);
    if (packages[target] || !match) continue;
    packages[target] = {
      version,
      cpu: [match[2]],
      dev: entry.dev === true ? true : undefined,
      libc: match[4] ? [match[4] === 'gnu' ? 'glibc' : match[4]] : undefined,
      license: entry.license,
      optional: true,
      os: [match[1]],
    };
    added.push(`${target} (optional of ${key})`);
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length
    ? `added:\n${added.join('\n')}`
    : 'package-lock.json already lists every optional platform package',
);
