/**
 * The environment for a child process that runs only the built package (dist/), npm or third-party
 * code, never build/src: NODE_V8_COVERAGE emptied, so the child collects no coverage. The runner
 * (scripts/run-tests.mjs) measures build/src only; such a child's coverage would count for nothing
 * and cost CPU (instrumented code, a report written at exit and read back by the runner).
 */
export function withoutCoverage(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, NODE_V8_COVERAGE: '' };
}
