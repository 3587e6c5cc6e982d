const ROOT = 0;
// Up to this many words, each is looked for by the platform's own case-insensitive search, tens of times faster
// than stepping an automaton in JavaScript (10 MB in ~5 ms against ~100 ms); longer lists use the automaton.
const NATIVE_SEARCH_MAX_WORDS = 8;
// A full transition table (states × letters of the words) up to this many cells (16 MB); beyond it (thousands
// of CJK words) the automaton follows its failure links instead, a little slower per character.
const MAX_TABLE_CELLS = 1 << 22;
const GREEK_FINAL_SIGMA = 0x3c2;
const GREEK_SIGMA = 0x3c3;
const DOTTED_CAPITAL_I = 0x130;
const SMALL_I = 0x69;
const SYNTAX = /[.*+?^${}()|[\]\\]/g;

/** Where a word was first met: in which text, and where it ends there. */
interface Sighting {
  word: number;
  text: number;
  end: number;
}

// Case folding one UTF-16 unit at a time, as String#toLowerCase lowers it, so a prompt is never copied whole
// (toLowerCase() of 10 MB took 30 ms). Final sigma folds with sigma; İ, which lowers to two units, to i.
function foldUnit(unit: number): number {
  if (unit === GREEK_FINAL_SIGMA) return GREEK_SIGMA;
  if (unit === DOTTED_CAPITAL_I) return SMALL_I;
  return String.fromCharCode(unit).toLowerCase().charCodeAt(0);
}

const foldWord = (word: string): string =>
  String.fromCharCode(...Array.from({ length: word.length }, (_, i) => foldUnit(word.charCodeAt(i))));

let foldTable: Uint16Array | null = null;

// foldUnit of every unit of the Basic Multilingual Plane, from one toLowerCase() of the whole plane (a call per
// unit took 40–100 ms). Only İ changes length when lowered, and no sigma of the plane ends a word.
function foldTableOf(): Uint16Array {
  if (foldTable) return foldTable;
  const units = Uint16Array.from({ length: 0x10000 }, (_, unit) =>
    unit === DOTTED_CAPITAL_I ? SMALL_I : unit,
  );
  let plane = '';
  for (let start = 0; start < units.length; start += 0x2000)
    plane += String.fromCharCode(...units.subarray(start, start + 0x2000));
  const lower = plane.toLowerCase();
  foldTable = Uint16Array.from({ length: 0x10000 }, (_, unit) => lower.charCodeAt(unit));
  foldTable[GREEK_FINAL_SIGMA] = GREEK_SIGMA;
  return foldTable;
}

// Searched once on each kind of string: V8 interprets a pattern's first search (per one- or two-byte text)
// and compiles it for the next ones, which would make the first long prompt slow.
function compiledPattern(word: string): RegExp {
  const pattern = new RegExp(word.replace(SYNTAX, '\\$&'), 'i');
  pattern.test('');
  pattern.test('\u4e00');
  return pattern;
}

/**
 * The words of the SensitiveWords option found in prompts, case-insensitively, in time linear in the prompt
 * whatever it holds: a short list by native search, a long one by Aho–Corasick.
 */
export class SensitiveWordMatcher {
  private readonly words: string[];
  private readonly finder: (texts: readonly string[], enough: number) => number[];

  constructor(words: Iterable<string>) {
    this.words = [...new Set([...words].map((word) => foldWord(word.trim())).filter(Boolean))];
    if (this.words.length <= NATIVE_SEARCH_MAX_WORDS) {
      const patterns = this.words.map(compiledPattern);
      this.finder = (texts, enough) => firstSightings(this.words, patterns, texts, enough);
    } else {
      const automaton = new WordAutomaton(this.words);
      this.finder = (texts, enough) => automaton.find(texts, enough);
    }
  }

  /** One word per line, as the SensitiveWords option stores them. */
  static fromLines(text: string): SensitiveWordMatcher {
    return new SensitiveWordMatcher(text.split(/\r?\n/));
  }

  get size(): number {
    return this.words.length;
  }

  /** The distinct words found in the texts, in the order they were first met; at most `limit`. */
  find(texts: readonly string[], limit = Number.POSITIVE_INFINITY): string[] {
    if (this.words.length === 0) return [];
    return this.finder(texts, Math.min(limit, this.words.length)).map((index) => this.words[index]);
  }
}

// Each word's first place, ordered as a scan meets them: by text, then by where they end, the longer first
// where two end together ("ushers": she, he, hers).
function firstSightings(
  words: readonly string[],
  patterns: readonly RegExp[],
  texts: readonly string[],
  enough: number,
): number[] {
  const sightings: Sighting[] = [];
  patterns.forEach((pattern, word) => {
    for (let text = 0; text < texts.length; text += 1) {
      const at = texts[text].search(pattern);
      if (at < 0) continue;
      sightings.push({ word, text, end: at + words[word].length });
      return;
    }
  });
  sightings.sort((a, b) => a.text - b.text || a.end - b.end || words[b.word].length - words[a.word].length);
  return sightings.slice(0, enough).map((sighting) => sighting.word);
}

/**
 * Aho–Corasick over case-folded text: one pass over the prompt finds every listed word, however many words
 * there are (thousands of words cost no more per character than ten).
 */
class WordAutomaton {
  /** The letter (1…) of each UTF-16 unit, after folding; 0 for units in no word. */
  private readonly letterOf = new Int32Array(0x10000);
  private readonly width: number;
  private readonly next: Array<Map<number, number>> = [new Map<number, number>()];
  private readonly fail: number[] = [ROOT];
  /** Index of the word ending at the node, or -1. */
  private readonly word: number[] = [-1];
  /** Nearest node on the fail chain that ends a word (dictionary link), or -1. */
  private readonly outputLink: number[] = [-1];
  /** next state = table[state × width + letter]; null when too large (see MAX_TABLE_CELLS). */
  private readonly table: Int32Array | null;

  constructor(words: readonly string[]) {
    this.width = this.assignLetters(words) + 1;
    words.forEach((word, index) => this.insert(word, index));
    const order = this.link();
    this.table = this.next.length * this.width <= MAX_TABLE_CELLS ? this.tabulate(order) : null;
  }

  /** Word indexes in the order they were first met, at most `enough`. */
  find(texts: readonly string[], enough: number): number[] {
    const found = new Set<number>();
    for (let text = 0; text < texts.length && found.size < enough; text += 1)
      this.scan(texts[text], found, enough);
    return [...found];
  }

  private scan(text: string, found: Set<number>, enough: number): void {
    const { letterOf, table, width, word, outputLink } = this;
    let state = ROOT;
    for (let i = 0; i < text.length; i += 1) {
      const letter = letterOf[text.charCodeAt(i)];
      state = table ? table[state * width + letter] : letter === 0 ? ROOT : this.step(state, letter);
      for (let node = word[state] >= 0 ? state : outputLink[state]; node > ROOT; node = outputLink[node]) {
        found.add(word[node]);
        if (found.size >= enough) return;
      }
    }
  }

  // Letters are the distinct folded units of the words; every unit that folds to one maps to it.
  private assignLetters(words: readonly string[]): number {
    const letters = new Map<number, number>();
    for (const word of words)
      for (let i = 0; i < word.length; i += 1)
        if (!letters.has(word.charCodeAt(i))) letters.set(word.charCodeAt(i), letters.size + 1);
    const fold = foldTableOf();
    for (let unit = 0; unit < 0x10000; unit += 1) this.letterOf[unit] = letters.get(fold[unit]) ?? 0;
    return letters.size;
  }

  private insert(word: string, index: number): void {
    let state = ROOT;
    for (let i = 0; i < word.length; i++) {
      const letter = this.letterOf[word.charCodeAt(i)];
      let child = this.next[state].get(letter);
      if (child === undefined) {
        child = this.next.length;
        this.next.push(new Map<number, number>());
        this.fail.push(ROOT);
        this.word.push(-1);
        this.outputLink.push(-1);
        this.next[state].set(letter, child);
      }
      state = child;
    }
    this.word[state] = index;
  }

  // Breadth-first, so every shorter suffix state is linked before the longer ones that fail into it.
  private link(): number[] {
    const queue = [ROOT, ...this.next[ROOT].values()];
    for (let head = 1; head < queue.length; head++) {
      const state = queue[head];
      for (const [letter, child] of this.next[state]) {
        const fallback = this.step(this.fail[state], letter);
        this.fail[child] = fallback;
        this.outputLink[child] = this.word[fallback] >= 0 ? fallback : this.outputLink[fallback];
        queue.push(child);
      }
    }
    return queue;
  }

  // Every state's move on every letter, in breadth-first order so a state's failure row is filled first.
  private tabulate(order: readonly number[]): Int32Array {
    const table = new Int32Array(this.next.length * this.width);
    for (const state of order) {
      const row = state * this.width;
      const fallback = this.fail[state] * this.width;
      for (let letter = 1; letter < this.width; letter += 1)
        table[row + letter] =
          this.next[state].get(letter) ?? (state === ROOT ? ROOT : table[fallback + letter]);
    }
    return table;
  }

  private step(from: number, letter: number): number {
    for (let state = from; ; state = this.fail[state]) {
      const child = this.next[state].get(letter);
      if (child !== undefined) return child;
      if (state === ROOT) return ROOT;
    }
  }
}
