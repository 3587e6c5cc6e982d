import { ChannelType } from '@tollgate/contracts';

const lines = (text: string): string[] => [
  ...new Set(
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  ),
];

// Vertex AI keys are service-account JSON objects spanning many lines: the text is one key, or a JSON array
// of them.
function vertexKeys(text: string): string[] {
  if (!text.startsWith('[')) return text === '' ? [] : [text];
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) {
      return parsed.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
    }
  } catch {
    // Not an array after all: kept whole, so the key check reports it.
  }
  return [text];
}

/** The keys in a batch or multi-key text: one per non-empty line (repeats dropped), Vertex AI aside. */
export function splitKeyText(type: number, text: string): string[] {
  const trimmed = text.trim();
  return type === ChannelType.VertexAi ? vertexKeys(trimmed) : lines(trimmed);
}
