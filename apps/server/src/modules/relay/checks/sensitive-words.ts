import { Injectable } from '@nestjs/common';
import { OptionsService } from '../../options/options.service';
import { relayError } from '../errors/relay-errors';
import { SensitiveWordMatcher } from './sensitive-word-matcher';
import { isJsonObject } from '../../../common/json';

export { SensitiveWordMatcher };

type Json = Record<string, unknown>;

// The refusal names the words found; a prompt full of them still gets a message of reasonable length.
const MAX_WORDS_LISTED = 10;

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
