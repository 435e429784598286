/**
 * A seeded pseudo-random generator (mulberry32) for the randomized tests: the same seed gives the same
 * tables, patterns and paths on every run, so a failure names a seed that reproduces it.
 * @example
 * const rand = prng(42);
 * rand(); // a number in [0, 1)
 */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
