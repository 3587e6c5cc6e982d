// Gemini's reasons for withholding output (safety family, recitation, blocked terms) read as OpenAI's
// content_filter; any other stop (OTHER, MALFORMED_FUNCTION_CALL, …) reads as a plain stop.
const FILTERED = new Set([
  'SAFETY',
  'RECITATION',
  'LANGUAGE',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
]);

/** A Gemini finishReason → OpenAI's finish_reason; null while the candidate is still going. */
export function finishToPivot(reason: unknown, calledTools: boolean): string | null {
  if (typeof reason !== 'string' || reason === '' || reason === 'FINISH_REASON_UNSPECIFIED') return null;
  if (reason === 'MAX_TOKENS') return 'length';
  if (FILTERED.has(reason)) return 'content_filter';
  return calledTools ? 'tool_calls' : 'stop';
}

/** OpenAI's finish_reason → a Gemini finishReason; undefined while the choice is still going. */
export function finishFromPivot(reason: unknown): string | undefined {
  switch (reason) {
    case 'length':
      return 'MAX_TOKENS';
    case 'content_filter':
      return 'SAFETY';
    case 'stop':
    case 'tool_calls':
    case 'function_call':
      return 'STOP';
    default:
      return typeof reason === 'string' && reason !== '' ? 'OTHER' : undefined;
  }
}
