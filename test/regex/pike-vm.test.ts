import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compile, counted, nativeExec } from './support';

// The Pike VM: every thread in lock-step, in priority order; what the DFA cannot run, and lookaheads.

describe('pike VM', () => {
  it('gives a match that starts further right a lower rank than every earlier start', () => {
    const safe = compile('b+|ab');
    assert.deepEqual(safe.exec('xabb'), nativeExec('b+|ab', '', 'xabb'));
    assert.deepEqual(safe.exec('xabb'), ['ab']);
  });

  it('scans an unbounded lookahead once per exec, whichever positions ask', () => {
    const safe = compile('^(?:(?=[^-]*-).)+$');
    const short = counted(() => safe.exec(`${'a'.repeat(1000)}-`));
    const long = counted(() => safe.exec(`${'a'.repeat(4000)}-`));
    assert.deepEqual([short.nfaRuns, long.nfaRuns], [1, 1]);
    assert.ok(long.threads <= 5 * short.threads, `${short.threads} → ${long.threads}`);
  });

  it('caches a bounded lookahead per position and answers a new exec afresh', () => {
    const safe = compile('(?=ab)a.', 'i');
    for (const input of ['xab', 'xaab', 'AB', 'ba', 'xab']) {
      assert.deepEqual(safe.exec(input), nativeExec('(?=ab)a.', 'i', input), input);
    }
  });
});
