/**
 * Skipping through a lazy-DFA state that loops on itself on most characters, moving no capture: a run
 * goes straight to the next character that leaves the state, with indexOf for each leaving character
 * when there are a few (each search remembered for the run, so a character the input lacks is looked
 * for once), or a sticky `[^…]*` RegExp (one class loop and nothing after it: it cannot backtrack).
 * @module
 */
import { MAX_CODE } from './charset';
import { slashKnownFrom } from './prefilter';

/** A state's skipping: not decided yet, or none. Positive kinds say how. */
export const SKIP_UNDECIDED = 0;
export const SKIP_NONE = -1;
const SKIP_CHARS = 1;
const SKIP_CLASS = 2;
/** Most characters leaving a state that skipping looks for with indexOf (more: a sticky class RegExp). */
const SKIP_MAX_CHARS = 6;

function hex4(code: number): string {
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

/** How runs skip through each state of one DFA. */
export class StateSkips {
  /** Per state: SKIP_UNDECIDED, SKIP_NONE, SKIP_CHARS or SKIP_CLASS. */
  kind: number[] = [];
  private chars: (string[] | undefined)[] = [];
  /** Where each of chars was last found (or the input's length), valid within run foundRun. */
  private found: (Int32Array | undefined)[] = [];
  private foundRun: (Int32Array | undefined)[] = [];
  private regExps: (RegExp | undefined)[] = [];

  /** `starts`: the first code unit of each interval of the alphabet; `intervalClass`: its symbol. */
  constructor(
    private readonly starts: Int32Array,
    private readonly intervalClass: Uint16Array,
  ) {}

  reset(): void {
    this.kind = [];
    this.chars = [];
    this.found = [];
    this.foundRun = [];
    this.regExps = [];
  }

  addState(): void {
    this.kind.push(SKIP_UNDECIDED);
    this.chars.push(undefined);
    this.found.push(undefined);
    this.foundRun.push(undefined);
    this.regExps.push(undefined);
  }

  /** Decides how runs skip through `state`, given the symbols on which it loops moving no capture. */
  decide(state: number, loops: Uint8Array): number {
    // The characters that leave the state, as ranges.
    const exits: number[] = [];
    const starts = this.starts;
    for (let k = 0; k < starts.length; k++) {
      if (loops[this.intervalClass[k]] === 1) continue;
      const to = k + 1 < starts.length ? starts[k + 1] - 1 : MAX_CODE;
      const lastIndex = exits.length - 1;
      if (lastIndex > 0 && exits[lastIndex] + 1 === starts[k]) exits[lastIndex] = to;
      else exits.push(starts[k], to);
    }
    // Few code units (a loop on `.` leaves on four line terminators and a separator): indexOf for each.
    let units = 0;
    for (let k = 0; units <= SKIP_MAX_CHARS && k < exits.length; k += 2) units += exits[k + 1] - exits[k] + 1;
    let kind: number;
    if (units <= SKIP_MAX_CHARS) {
      kind = SKIP_CHARS;
      const chars: string[] = [];
      for (let k = 0; k < exits.length; k += 2) {
        for (let c = exits[k]; c <= exits[k + 1]; c++) chars.push(String.fromCharCode(c));
      }
      this.chars[state] = chars;
      this.found[state] = new Int32Array(chars.length);
      this.foundRun[state] = new Int32Array(chars.length);
    } else {
      kind = SKIP_CLASS;
      let members = '';
      for (let k = 0; k < exits.length; k += 2) members += `${hex4(exits[k])}-${hex4(exits[k + 1])}`;
      this.regExps[state] = new RegExp(`[^${members}]*`, 'y');
    }
    this.kind[state] = kind;
    return kind;
  }

  /** The first position at or after `from` whose character leaves `state` (or `length`). */
  skip(state: number, kind: number, input: string, from: number, length: number, runId: number): number {
    if (kind === SKIP_CLASS) {
      const pattern = this.regExps[state]!;
      pattern.lastIndex = from;
      pattern.test(input);
      return pattern.lastIndex;
    }
    const chars = this.chars[state]!;
    const foundAt = this.found[state]!;
    const foundRun = this.foundRun[state]!;
    let first = length;
    for (let k = 0; k < chars.length; k++) {
      let found = foundAt[k];
      if (foundRun[k] !== runId || found < from) {
        // Searches start past the previous result (O(length) per run); the '/' count may already know.
        found = chars[k] === '/' ? slashKnownFrom(input, from) : -2;
        if (found === -2) found = input.indexOf(chars[k], from);
        if (found < 0) found = length;
        foundAt[k] = found;
        foundRun[k] = runId;
      }
      if (found < first) first = found;
    }
    return first;
  }
}
