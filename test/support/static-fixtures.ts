/**
 * Shared pieces of the static-file tests: the fixture directory, temporary directories, and apps
 * that make express@4 and webapp comparable on error paths.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveStatic } from '../../src/static/serve-static';

/** test/fixtures/static in the source tree (tests run from build/test/...). */
export const FIXTURES = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'static');

/** The static middleware of `lib`: express.static, or webapp's (its own until webapp.static is wired). */
export function staticOf(lib: any): (root: string, options?: any) => any {
  return typeof lib.static === 'function' ? lib.static : serveStatic;
}

/**
 * An error handler that answers with the error's observable fields as JSON, so tests compare what
 * reached next(err) without depending on stack traces.
 */
export function echoError(err: any, _req: any, res: any, _next: any): void {
  res.status(299).json({
    name: err?.name,
    message: err?.message,
    status: err?.status,
    statusCode: err?.statusCode,
    expose: err?.expose,
    code: err?.code,
    syscall: err?.syscall,
    headers: err?.headers,
  });
}

/** A 404 handler distinguishable from the framework's own, to see that next() was called. */
export function markNext(_req: any, res: any): void {
  res.status(299).send('next() called');
}

/**
 * An app builder for assertSameAsExpress: `lib`'s static middleware at `root`, then markNext and
 * echoError, so a fall-through and an error are told apart from the framework's own answers.
 */
export function staticApp(root: string, options?: any): (lib: any) => any {
  return (lib: any) => {
    const application = lib();
    application.use(staticOf(lib)(root, options));
    application.use(markNext);
    application.use(echoError);
    return application;
  };
}

/** Creates a temporary directory; the returned function deletes it. */
export function tempDir(prefix = 'webapp-static-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
