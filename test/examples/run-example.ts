/**
 * Starts an example app as its own process (as `node examples/<name>` would) on an OS-assigned port
 * and returns its base URL and a stop function.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { withoutCoverage } from '../support/child-env';

export interface RunningExample {
  port: number;
  child: ChildProcess;
  /** What the example has printed so far (at least up to the line with its URL). */
  readonly output: string;
  stop(): Promise<void>;
}

const ROOT = resolve(__dirname, '..', '..', '..');

export function startExample(name: string, env: Record<string, string> = {}): Promise<RunningExample> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [resolve(ROOT, 'examples', name)], {
      cwd: ROOT,
      env: withoutCoverage({ ...process.env, PORT: '0', ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`example ${name} did not print its URL in time:\n${out}\n${err}`));
    }, 15_000);
    child.stderr!.on('data', (chunk) => (err += chunk));
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /http:\/\/[^\s:]+:(\d+)/.exec(out);
      if (!match) return;
      clearTimeout(timer);
      resolvePromise({
        port: Number(match[1]),
        child,
        get output() {
          return out;
        },
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill();
          }),
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!/http:\/\//.test(out)) reject(new Error(`example ${name} exited with ${code}:\n${out}\n${err}`));
    });
  });
}
