/**
 * CPU time, for the tests that bound how long a parse may take on hostile input: unlike wall time it
 * does not grow when other processes share the machine, so a bound holds on a loaded CI runner too.
 */

/**
 * Starts a CPU clock of this process (user and system time, all threads); calling the result gives the
 * milliseconds used since.
 * @example
 * const elapsed = cpuClock(); parse(input); assert.ok(elapsed() < 500);
 */
export function cpuClock(): () => number {
  const start = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
}
