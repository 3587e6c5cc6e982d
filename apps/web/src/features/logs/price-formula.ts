import type { LogItem, LogOther } from '@tollgate/contracts';
import type { TFunction } from 'i18next';

const num = (value: number): string => String(Number(value.toFixed(6)));

/** The group ratio the call was charged at: a user-group ratio replaces the plain one when set. */
export const chargedGroupRatio = (other: LogOther): number =>
  other.user_group_ratio ?? other.group_ratio ?? 1;

/** The terms inside the brackets of a per-token charge, per usage style (reference §3.2). */
function tokenTerms(row: LogItem, t: TFunction): string[] {
  const other = row.other;
  const completion = t('logs.formula.completion', {
    tokens: num(row.completion_tokens),
    ratio: num(other.completion_ratio ?? 1),
  });
  const cacheRead = other.cache_tokens
    ? t('logs.formula.cacheRead', { tokens: num(other.cache_tokens), ratio: num(other.cache_ratio ?? 1) })
    : null;
  const cacheWrite = other.cache_creation_tokens
    ? t('logs.formula.cacheWrite', {
        tokens: num(other.cache_creation_tokens),
        ratio: num(other.cache_creation_ratio ?? 1),
      })
    : null;

  if (other.audio || other.ws) {
    const audioRatio = num(other.audio_ratio ?? 1);
    return [
      t('logs.formula.textInput', { tokens: num(other.text_input ?? 0) }),
      t('logs.formula.textOutput', {
        tokens: num(other.text_output ?? 0),
        ratio: num(other.completion_ratio ?? 1),
      }),
      t('logs.formula.audioInput', { tokens: num(other.audio_input ?? 0), ratio: audioRatio }),
      t('logs.formula.audioOutput', {
        tokens: num(other.audio_output ?? 0),
        ratio: audioRatio,
        completionRatio: num(other.audio_completion_ratio ?? 1),
      }),
    ];
  }
  // Anthropic-style usage reports input without the cached tokens; OpenAI-style includes them.
  const cached = other.claude ? 0 : (other.cache_tokens ?? 0);
  const input = cached
    ? t('logs.formula.inputLessCache', { tokens: num(row.prompt_tokens), cached: num(cached) })
    : t('logs.formula.input', { tokens: num(row.prompt_tokens) });
  return [input, cacheRead, cacheWrite, completion].filter((term): term is string => term !== null);
}

/**
 * How the row's quota was reached, in words (reference §3.2): a per-call price times the quota per dollar and the
 * group ratio, or the weighted tokens times the model and group ratios. Null for rows that carry no pricing.
 */
export function priceFormula(row: LogItem, quotaPerUnit: number, t: TFunction): string | null {
  const other = row.other;
  const groupRatio = num(chargedGroupRatio(other));
  const result = num(row.quota);
  if (other.model_price !== undefined && other.model_price >= 0) {
    return t('logs.formula.perCall', {
      price: num(other.model_price),
      perUnit: num(quotaPerUnit),
      groupRatio,
      result,
    });
  }
  if (other.model_ratio === undefined) return null;
  return t('logs.formula.perToken', {
    terms: tokenTerms(row, t).join(' + '),
    modelRatio: num(other.model_ratio),
    groupRatio,
    result,
  });
}
