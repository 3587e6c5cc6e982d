import { Injectable } from '@nestjs/common';
import { OptionsService } from '../options/options.service';
import { relayError } from './relay-errors';
import { isJsonObject } from '../../common/json';

type Json = Record<string, unknown>;

const ROOT = 0;
// The refusal names the words found; a prompt full of them still gets a message of reasonable length.
const MAX_WORDS_LISTED = 10;

/**
 * Aho–Corasick over lower-cased text: one pass over the prompt finds every listed word, however many words
 * there are (thousands of words cost no more per character than ten).
 */
export class SensitiveWordMatcher {
  private readonly next: Array<Map<number, number>> = [new Map<number, number>()];
  private readonly fail: number[] = [ROOT];
  /** Index of the word ending at the node, or -1. */
  private readonly word: number[] = [-1];
  /** Nearest node on the fail chain that ends a word (dictionary link), or -1. */
  private readonly outputLink: number[] = [-1];
  private readonly words: string[];

  constructor(words: Iterable<string>) {
    this.words = [...new Set([...words].map((word) => word.trim().toLowerCase()).filter(Boolean))];
    this.words.forEach((word, index) => this.insert(word, index));
    this.link();
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
    const found = new Set<number>();
    if (this.words.length === 0) return [];
    for (const text of texts) {
      const lower = text.toLowerCase();
      let state = ROOT;
      for (let i = 0; i < lower.length && found.size < limit; i++) {
        state = this.step(state, lower.charCodeAt(i));
        for (let node = this.word[state] >= 0 ? state : this.outputLink[state]; node > ROOT;) {
          found.add(this.word[node]);
          node = this.outputLink[node];
        }
      }
    }
    return [...found].slice(0, limit).map((index) => this.words[index]);
  }

  private insert(word: string, index: number): void {
    let state = ROOT;
    for (let i = 0; i < word.length; i++) {
      const code = word.charCodeAt(i);
      let child = this.next[state].get(code);
      if (child === undefined) {
        child = this.next.length;
        this.next.push(new Map<number, number>());
        this.fail.push(ROOT);
        this.word.push(-1);
        this.outputLink.push(-1);
        this.next[state].set(code, child);
      }
      state = child;
    }
    this.word[state] = index;
  }

  // Breadth-first, so every shorter suffix state is linked before the longer ones that fail into it.
  private link(): void {
    const queue = [...this.next[ROOT].values()];
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head];
      for (const [code, child] of this.next[state]) {
        const fallback = this.step(this.fail[state], code);
        this.fail[child] = fallback;
        this.outputLink[child] = this.word[fallback] >= 0 ? fallback : this.outputLink[fallback];
        queue.push(child);
      }
    }
  }

  private step(from: number, code: number): number {
    for (let state = from; ; state = this.fail[state]) {
      const child = this.next[state].get(code);
      if (child !== undefined) return child;
      if (state === ROOT) return ROOT;
    }
  }
}

// Where prompts live across the protocols the relay speaks: OpenAI chat/completions/embeddings/responses,
// Anthropic messages (system), Gemini (contents, systemInstruction).
const PROMPT_FIELDS = [
  'messages',
  'prompt',
  'input',
  'instructions',
  'system',
  'contents',
  'systemInstruction',
];
// Inside those, text sits in plain strings or under these keys (message content, content parts, Gemini parts).
const TEXT_KEYS = ['content', 'text', 'parts'];

function collectText(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) collectText(item, into);
  else if (isJsonObject(value)) for (const key of TEXT_KEYS) collectText(value[key], into);
}

/** Every text the caller sends as prompt (message texts, prompt, input …); images and tool schemas aside. */
export function promptTexts(body: Readonly<Json>): string[] {
  const texts: string[] = [];
  for (const field of PROMPT_FIELDS) collectText(body[field], texts);
  return texts;
}

/**
 * CheckSensitiveEnabled + CheckSensitiveOnPromptEnabled: a prompt holding a SensitiveWords entry is refused
 * before any quota is reserved. The group named by global.safe_check_exempt_group is exempt when
 * global.safe_check_exempt_enabled is on (reference §4).
 */
@Injectable()
export class SensitiveWordCheck {
  private built: { text: string; matcher: SensitiveWordMatcher } | null = null;

  constructor(private readonly options: OptionsService) {}

  /** Throws sensitive_words_detected naming the words found. */
  check(group: string, body: Readonly<Json>): void {
    if (!this.options.getBoolean('CheckSensitiveEnabled')) return;
    if (!this.options.getBoolean('CheckSensitiveOnPromptEnabled')) return;
    if (this.isExempt(group)) return;
    const found = this.matcher().find(promptTexts(body), MAX_WORDS_LISTED);
    if (found.length > 0) throw relayError('sensitive_words_detected', { words: found.join(', ') });
  }

  private isExempt(group: string): boolean {
    return (
      this.options.getBoolean('global.safe_check_exempt_enabled') &&
      this.options.get('global.safe_check_exempt_group') === group
    );
  }

  // Built once per option value; the options cache hands back the same string until it changes.
  private matcher(): SensitiveWordMatcher {
    const text = this.options.get('SensitiveWords');
    if (this.built?.text !== text) this.built = { text, matcher: SensitiveWordMatcher.fromLines(text) };
    return this.built.matcher;
  }
}
