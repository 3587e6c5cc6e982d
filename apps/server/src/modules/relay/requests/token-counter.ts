import { countTokens } from 'gpt-tokenizer';

// Text goes to the tokenizer in runs of at most this many characters, each ending where the text can be cut
// without changing its count (see isCleanCut), so the runs add up to the count of the whole text.
export const RUN_LENGTH = 256;
// gpt-tokenizer merges each pre-tokenizer piece in time quadratic in its length (one 256k-character word held
// the event loop for 43 s). A stretch longer than this in UTF-8 with no clean cut, which no ordinary text has
// (a word, a CJK clause), is cut blindly at this length: linear, and a few tokens off at the cuts.
export const MAX_PIECE_BYTES = 256;
// The tokenizer runs on the event loop at up to ~20 µs a character for text new to it (rare CJK, random
// text), so one count (a prompt, an answer) is exact for this much CPU time and estimates the rest at the rate
// measured so far. Ordinary prompts take a few milliseconds and stay exact. CPU time, not the clock: a busy
// host must not change what a call is billed.
export const EXACT_COUNT_MS = 15;
// The first characters of a call are always counted exactly, whatever the time (at worst ~80 ms of CPU):
// a short prompt is billed the same on any machine.
export const ALWAYS_EXACT_CHARS = 4_096;
// Special-token text in a prompt ("<|endoftext|>") is counted as the text it is, not refused with an error.
const ORDINARY_TEXT = { disallowedSpecial: new Set<string>() };

const OTHER = 1;
const LETTER = 2;
const MARK = 3;
const NUMBER = 4;
const NEWLINE = 5;
const SPACE = 6;
const APOSTROPHE = 0x27;
// What may follow the apostrophe of a contraction ('s, 'd, 'm, 't, 'll, 've, 're).
const CONTRACTION_START = /^[sdmtlvr]$/i;

const IS_LETTER = /^\p{L}$/u;
const IS_MARK = /^\p{M}$/u;
const IS_NUMBER = /^\p{N}$/u;
const IS_SPACE = /^\s$/u;
// Classes of the Basic Multilingual Plane, looked up once each (0 = not yet).
const bmpClasses = new Uint8Array(0x10000);

function classify(codePoint: number): number {
  if (codePoint === 0x0a || codePoint === 0x0d) return NEWLINE;
  const char = String.fromCodePoint(codePoint);
  if (IS_LETTER.test(char)) return LETTER;
  if (IS_NUMBER.test(char)) return NUMBER;
  if (IS_SPACE.test(char)) return SPACE;
  return IS_MARK.test(char) ? MARK : OTHER;
}

function classOf(codePoint: number): number {
  if (codePoint > 0xffff) return classify(codePoint);
  return (bmpClasses[codePoint] ||= classify(codePoint));
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;
// UTF-8 bytes of one UTF-16 unit (a surrogate pair's two units make its four bytes).
const utf8Length = (code: number): number =>
  code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 2 : 3;

function codePointBefore(text: string, index: number): number {
  const code = text.charCodeAt(index - 1);
  return isLowSurrogate(code) && index >= 2 && isHighSurrogate(text.charCodeAt(index - 2))
    ? (text.codePointAt(index - 2) ?? code)
    : code;
}

/**
 * Whether cutting the text at `index` keeps every pre-tokenizer piece (o200k's split pattern) whole and split
 * alike on both sides, so that the counts of the two parts add up to the count of the whole. No piece goes on
 * from anything but white space into a space or tab; from a letter into a digit, a line break or punctuation
 * (but an apostrophe that may start "'s", "'ll" …); from a digit into anything but a digit; from a line break
 * into a letter or digit.
 */
export function isCleanCut(text: string, index: number): boolean {
  const after = text.codePointAt(index);
  if (after === undefined || isLowSurrogate(after)) return false;
  const next = classOf(after);
  switch (classOf(codePointBefore(text, index))) {
    case LETTER:
      if (after === APOSTROPHE) return !CONTRACTION_START.test(text.charAt(index + 1));
      return next !== LETTER && next !== MARK;
    case NUMBER:
      return next !== NUMBER && after !== APOSTROPHE;
    case NEWLINE:
      return next === LETTER || next === NUMBER;
    case SPACE:
      return false;
    default:
      return next === SPACE;
  }
}

/**
 * The end of the run that starts at `start`: the last clean cut within RUN_LENGTH characters that leaves no
 * stretch without a cut longer than MAX_PIECE_BYTES; where a stretch that long starts the run, its first
 * MAX_PIECE_BYTES.
 */
export function runEnd(text: string, start: number): number {
  const limit = Math.min(text.length, start + RUN_LENGTH);
  let lastCut = start;
  let bytes = 0;
  for (let index = start; index < limit; index += 1) {
    bytes += utf8Length(text.charCodeAt(index));
    if (bytes > MAX_PIECE_BYTES) {
      if (lastCut > start) return lastCut;
      return isLowSurrogate(text.charCodeAt(index)) ? index - 1 : index;
    }
    if (isCleanCut(text, index + 1)) {
      lastCut = index + 1;
      bytes = 0;
    }
  }
  if (limit === text.length) return limit;
  if (lastCut > start) return lastCut;
  return isHighSurrogate(text.charCodeAt(limit - 1)) ? limit - 1 : limit;
}

/**
 * Counts the texts of one call with the tokenizer (never a home-made rule), in time linear in their length
 * and bounded by a deadline: exact for ordinary text, estimated past `budgetMs` of counting.
 */
export class TokenCounter {
  // Set when this counter's texts first go past the always-exact prefix: reading the CPU clock is a system
  // call, and an ordinary prompt, exact whatever the time, never needs it.
  private deadline: number | null = null;
  private expired = false;
  private countedChars = 0;
  private countedTokens = 0;

  constructor(
    private readonly budgetMs = EXACT_COUNT_MS,
    private readonly alwaysExactChars = ALWAYS_EXACT_CHARS,
  ) {}

  /** The tokens of one text (adding to what this counter has measured). */
  count(text: string): number {
    if (this.deadline === null && this.countedChars + text.length > this.alwaysExactChars)
      this.deadline = cpuMicros() + this.budgetMs * 1000;
    let tokens = 0;
    for (let start = 0; start < text.length;) {
      if (this.expired) return tokens + this.estimate(text.length - start);
      const end = runEnd(text, start);
      tokens += this.exact(text.slice(start, end));
      start = end;
    }
    return tokens;
  }

  // The CPU clock is read after every run past the exact prefix (about a microsecond each).
  private exact(run: string): number {
    const tokens = countTokens(run, ORDINARY_TEXT);
    this.countedChars += run.length;
    this.countedTokens += tokens;
    this.expired =
      this.deadline !== null && this.countedChars > this.alwaysExactChars && cpuMicros() > this.deadline;
    return tokens;
  }

  // Only called once expired, which is noticed after a run was counted: the rate is never 0 / 0.
  private estimate(chars: number): number {
    return Math.ceil((chars * this.countedTokens) / this.countedChars);
  }
}

function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** One text on its own (an answer's text, an image prompt). */
export const countText = (text: string): number => new TokenCounter().count(text);

/** The texts of one call together, under one time bound. */
export function countTexts(texts: readonly string[]): number {
  const counter = new TokenCounter();
  return texts.reduce((sum, text) => sum + counter.count(text), 0);
}

// At load, not in the first caller's request: the tokenizer's first text with CJK, symbols and emoji compiles
// its Unicode split pattern (~20 ms).
countTokens('Warm 中文 ✓ 😀 é, 123', ORDINARY_TEXT);
