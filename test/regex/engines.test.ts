import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backtrackingProven, type SafeRegExp } from '../../src/regex';
import { PATTERN_TABLE, ROUTE_INPUTS, ROUTE_PATHS } from './pattern-table';
import { compile, counted, nativeExec, pathToRegexp } from './support';

// The shared table through every engine: the lazy DFA (where the pattern allows it), the Pike VM alone
// and RegExp must agree on every input. RegExp runs every short input; a long dense input only on a
// pattern proven linear for a backtracking engine, the only patterns the engine itself hands to it.

/** A dense input of about 600 characters from a row's inputs: long enough for the DFA to hand over. */
function denseInput(inputs: readonly string[]): string {
  const units = inputs.filter((input) => input.length > 0);
  let out = '';
  for (let k = 0; out.length < 600 && units.length > 0; k++) out += units[k % units.length];
  return out;
}

interface Engines {
  dfa: SafeRegExp;
  pike: SafeRegExp;
}

function engines(source: string, flags: string): Engines {
  return { dfa: compile(source, flags), pike: compile(source, flags, 0) };
}

function assertAgree(source: string, flags: string, { dfa, pike }: Engines, input: string): void {
  const label = `/${source}/${flags}.exec(${JSON.stringify(input.slice(0, 40))})`;
  const pikeResult = pike.exec(input);
  assert.deepEqual(dfa.exec(input), pikeResult, `${label}: DFA and Pike VM`);
  assert.deepEqual(pikeResult, nativeExec(source, flags, input), `${label}: Pike VM and RegExp`);
}

/** Execs the DFA answered and execs it handed to RegExp, over both tables. */
let dfaRuns = 0;
let nativeRuns = 0;

describe('engines: the shared pattern table on the lazy DFA, the Pike VM and RegExp', () => {
  for (const row of PATTERN_TABLE) {
    it(row.topic, () => {
      for (const source of row.sources) {
        for (const flags of row.flags) {
          const both = engines(source, flags);
          const moved = counted(() => {
            for (const input of row.inputs) assertAgree(source, flags, both, input);
            if (backtrackingProven(source, { ignoreCase: flags === 'i' })) {
              assertAgree(source, flags, both, denseInput(row.inputs));
            }
          });
          dfaRuns += moved.dfaRuns;
          nativeRuns += moved.nativeRuns;
        }
      }
    });
  }
});

describe('engines: route shapes from the Express 4 path compiler', () => {
  for (const sensitive of [false, true]) {
    for (const strict of [false, true]) {
      for (const end of [true, false]) {
        it(`agree with RegExp (sensitive=${sensitive}, strict=${strict}, end=${end})`, () => {
          for (const path of ROUTE_PATHS) {
            const { source, flags } = pathToRegexp(path, [], { sensitive, strict, end });
            const both = engines(source, flags);
            const moved = counted(() => {
              for (const input of ROUTE_INPUTS) assertAgree(source, flags, both, input);
              if (backtrackingProven(source, { ignoreCase: flags === 'i' })) {
                assertAgree(source, flags, both, `/${'ab-cd.ef-'.repeat(60)}x`);
              }
            });
            dfaRuns += moved.dfaRuns;
            nativeRuns += moved.nativeRuns;
          }
        });
      }
    }
  }

  it('agree with RegExp for an array of paths', () => {
    const { source, flags } = pathToRegexp(['/a/:id', '/b/:x-:y', '/c/*'], [], {});
    const both = engines(source, flags);
    for (const input of ['/a/1', '/b/1-2', '/c/x/y', '/b/1', '/d']) assertAgree(source, flags, both, input);
  });
});

describe('engines: what the tables exercised', () => {
  it('ran the DFA and the hand-over to RegExp, not only the Pike VM', () => {
    assert.ok(dfaRuns > 1000, `${dfaRuns} execs on the DFA`);
    assert.ok(nativeRuns > 20, `${nativeRuns} execs handed to RegExp`);
  });
});
