/**
 * The ECMAScript pattern grammar without the `u` flag, Annex B extensions included (`]`, `{`, `}` as
 * literals, `\c` without a control letter, legacy octal escapes, identity escapes, class ranges touching
 * `\d`-like escapes, quantified lookaheads), read into an AST. It throws Unsupported for what the engine
 * does not run; the native parser, consulted first, is the authority on what is a syntax error.
 * @module
 */
import { EMPTY, Kind, type Node } from './ast';
import { complement, DIGITS, LINE_TERMINATORS, type Ranges, SPACES, WORD_CHARS } from './charset';
import { Op } from './instructions';
import { Unsupported } from './limits';

/** `\f`, `\n`, `\r`, `\t`, `\v` and their code units. */
const CONTROL_ESCAPES = new Map([
  ['f', 12],
  ['n', 10],
  ['r', 13],
  ['t', 9],
  ['v', 11],
]);

const QUANTIFIER = /\{(\d+)(?:(,)(\d*))?\}/y;

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

function isOctal(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '7';
}

function isHex(c: string | undefined): boolean {
  return c !== undefined && /^[0-9a-fA-F]$/.test(c);
}

function isAsciiLetter(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

/** Counts capturing groups (and notes named ones) the way the grammar does, before parsing. */
function scanGroups(src: string): { count: number; named: boolean } {
  let count = 0;
  let named = false;
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') {
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
    } else if (c === '(') {
      if (src[i + 1] !== '?') {
        count++;
      } else if (src[i + 2] === '<' && src[i + 3] !== '=' && src[i + 3] !== '!') {
        count++;
        named = true;
      }
    }
  }
  return { count, named };
}

interface ClassAtom {
  code: number;
  /** Set for class escapes such as \d; `code` is then meaningless. */
  set?: Ranges;
}

export class Parser {
  private i = 0;
  groups = 0;
  private readonly totalGroups: number;
  private readonly hasNamed: boolean;

  constructor(private readonly src: string) {
    const scan = scanGroups(src);
    this.totalGroups = scan.count;
    this.hasNamed = scan.named;
  }

  parse(): Node {
    const node = this.disjunction();
    if (this.i !== this.src.length) throw new Unsupported('unbalanced');
    return node;
  }

  private disjunction(): Node {
    const first = this.alternative();
    if (this.src[this.i] !== '|') return first;
    const alts = [first];
    while (this.src[this.i] === '|') {
      this.i++;
      alts.push(this.alternative());
    }
    return { kind: Kind.ALT, alts };
  }

  private alternative(): Node {
    const items: Node[] = [];
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      items.push(this.term());
    }
    if (items.length === 0) return EMPTY;
    return items.length === 1 ? items[0] : { kind: Kind.SEQ, items };
  }

  private term(): Node {
    const src = this.src;
    const c = src[this.i];
    if (c === '^' || c === '$') {
      this.i++;
      return { kind: Kind.ASSERT, op: c === '^' ? Op.BOL : Op.EOL };
    }
    if (c === '\\' && (src[this.i + 1] === 'b' || src[this.i + 1] === 'B')) {
      this.i += 2;
      return { kind: Kind.ASSERT, op: src[this.i - 1] === 'b' ? Op.WORD_BOUNDARY : Op.NOT_WORD_BOUNDARY };
    }
    const groupsBefore = this.groups;
    const atom = this.atom();
    return this.quantified(atom, groupsBefore + 1, this.groups + 1);
  }

  private atom(): Node {
    const src = this.src;
    const c = src[this.i];
    switch (c) {
      case '(':
        return this.group();
      case '.':
        this.i++;
        return { kind: Kind.CLASS, members: LINE_TERMINATORS, negate: true };
      case '[':
        return this.characterClass();
      case '\\':
        return this.atomEscape();
      case '*':
      case '+':
      case '?':
      case ')':
        throw new Unsupported('syntax');
      case '{':
        QUANTIFIER.lastIndex = this.i;
        if (QUANTIFIER.test(src)) throw new Unsupported('syntax');
        break;
    }
    this.i++;
    return { kind: Kind.CHAR, code: c.charCodeAt(0) };
  }

  private group(): Node {
    const src = this.src;
    this.i++; // (
    let node: Node;
    if (src[this.i] === '?') {
      const kind = src[this.i + 1];
      if (kind === ':') {
        this.i += 2;
        node = this.disjunction();
      } else if (kind === '=' || kind === '!') {
        this.i += 2;
        const firstGroup = this.groups + 1;
        const body = this.disjunction();
        node = { kind: Kind.LOOK, negative: kind === '!', body, firstGroup, endGroup: this.groups + 1 };
      } else if (kind === '<' && src[this.i + 2] !== '=' && src[this.i + 2] !== '!') {
        const close = src.indexOf('>', this.i);
        if (close === -1) throw new Unsupported('syntax');
        this.i = close + 1;
        const index = ++this.groups;
        node = { kind: Kind.GROUP, index, body: this.disjunction() };
      } else {
        throw new Unsupported('group kind');
      }
    } else {
      const index = ++this.groups;
      node = { kind: Kind.GROUP, index, body: this.disjunction() };
    }
    if (src[this.i] !== ')') throw new Unsupported('syntax');
    this.i++;
    return node;
  }

  private quantified(atom: Node, firstGroup: number, endGroup: number): Node {
    const src = this.src;
    let min: number;
    let max: number;
    const c = src[this.i];
    if (c === '*') {
      min = 0;
      max = Number.POSITIVE_INFINITY;
      this.i++;
    } else if (c === '+') {
      min = 1;
      max = Number.POSITIVE_INFINITY;
      this.i++;
    } else if (c === '?') {
      min = 0;
      max = 1;
      this.i++;
    } else if (c === '{') {
      QUANTIFIER.lastIndex = this.i;
      const m = QUANTIFIER.exec(src);
      if (m === null) return atom; // Annex B: a `{` that is no quantifier is a literal
      this.i = QUANTIFIER.lastIndex;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Number.POSITIVE_INFINITY : Number(m[3]);
      if (min > max) throw new Unsupported('syntax');
    } else {
      return atom;
    }
    let greedy = true;
    if (src[this.i] === '?') {
      greedy = false;
      this.i++;
    }
    return { kind: Kind.REPEAT, body: atom, min, max, greedy, firstGroup, endGroup };
  }

  private atomEscape(): Node {
    const src = this.src;
    const c = src[this.i + 1];
    if (c === undefined) throw new Unsupported('syntax');
    const set = classEscape(c);
    if (set) {
      this.i += 2;
      return { kind: Kind.CLASS, members: set, negate: false };
    }
    if (c >= '1' && c <= '9') {
      let j = this.i + 1;
      let value = 0;
      while (isDigit(src[j])) value = value * 10 + (src.charCodeAt(j++) - 48);
      if (value <= this.totalGroups) throw new Unsupported('backreference');
    }
    if (c === 'k' && this.hasNamed) throw new Unsupported('backreference');
    this.i++;
    return { kind: Kind.CHAR, code: this.characterEscape(false) };
  }

  /** The code unit of the escape after the backslash at i (`\c` without a control letter is the backslash). */
  private characterEscape(inClass: boolean): number {
    const src = this.src;
    const c = src[this.i];
    const control = CONTROL_ESCAPES.get(c);
    if (control !== undefined) {
      this.i++;
      return control;
    }
    switch (c) {
      case 'c': {
        const letter = src[this.i + 1];
        if (isAsciiLetter(letter) || (inClass && (isDigit(letter) || letter === '_'))) {
          this.i += 2;
          return letter.charCodeAt(0) % 32;
        }
        return 92; // the backslash; `c` is read as the next character
      }
      case 'x':
        if (isHex(src[this.i + 1]) && isHex(src[this.i + 2])) {
          this.i += 3;
          return Number.parseInt(src.slice(this.i - 2, this.i), 16);
        }
        this.i++;
        return 120;
      case 'u':
        if (
          isHex(src[this.i + 1]) &&
          isHex(src[this.i + 2]) &&
          isHex(src[this.i + 3]) &&
          isHex(src[this.i + 4])
        ) {
          this.i += 5;
          return Number.parseInt(src.slice(this.i - 4, this.i), 16);
        }
        this.i++;
        return 117;
    }
    if (isOctal(c)) {
      // Legacy octal: up to three digits, value at most 0o377 (`\0` alone is NUL).
      let value = c.charCodeAt(0) - 48;
      this.i++;
      if (isOctal(src[this.i])) {
        value = value * 8 + (src.charCodeAt(this.i++) - 48);
        if (c <= '3' && isOctal(src[this.i])) value = value * 8 + (src.charCodeAt(this.i++) - 48);
      }
      return value;
    }
    // Identity escape (includes \8, \9, \/, \-, \k without named groups).
    this.i++;
    return c.charCodeAt(0);
  }

  private characterClass(): Node {
    const src = this.src;
    this.i++; // [
    let negate = false;
    if (src[this.i] === '^') {
      negate = true;
      this.i++;
    }
    const members: Ranges = [];
    while (src[this.i] !== ']') {
      if (this.i >= src.length) throw new Unsupported('syntax');
      const from = this.classAtom();
      if (src[this.i] === '-' && src[this.i + 1] !== ']' && this.i + 1 < src.length) {
        this.i++;
        const to = this.classAtom();
        if (from.set || to.set) {
          // Annex B: a range touching a class escape is the union of both sides and '-'.
          addAtom(members, from);
          members.push(45, 45);
          addAtom(members, to);
        } else {
          if (from.code > to.code) throw new Unsupported('syntax');
          members.push(from.code, to.code);
        }
      } else {
        addAtom(members, from);
      }
    }
    this.i++; // ]
    return { kind: Kind.CLASS, members, negate };
  }

  private classAtom(): ClassAtom {
    const src = this.src;
    const c = src[this.i];
    if (c !== '\\') {
      this.i++;
      return { code: c.charCodeAt(0) };
    }
    const e = src[this.i + 1];
    if (e === undefined) throw new Unsupported('syntax');
    const set = classEscape(e);
    if (set) {
      this.i += 2;
      return { code: 0, set };
    }
    if (e === 'b') {
      this.i += 2;
      return { code: 8 };
    }
    if (e === 'k' && this.hasNamed) throw new Unsupported('syntax');
    this.i++;
    return { code: this.characterEscape(true) };
  }
}

function addAtom(members: Ranges, atom: ClassAtom): void {
  if (atom.set) members.push(...atom.set);
  else members.push(atom.code, atom.code);
}

function classEscape(c: string): Ranges | undefined {
  switch (c) {
    case 'd':
      return DIGITS;
    case 'D':
      return complement(DIGITS);
    case 'w':
      return WORD_CHARS;
    case 'W':
      return complement(WORD_CHARS);
    case 's':
      return SPACES;
    case 'S':
      return complement(SPACES);
    default:
      return undefined;
  }
}
