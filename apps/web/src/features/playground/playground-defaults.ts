/** Spec 001 §9: the playground's starting settings. */
export const PLAYGROUND_DEFAULTS = {
  model: 'gpt-4o-mini',
  temperature: 0,
  maxTokens: 0,
} as const;

/** Spec 001 §5: the temperature slider's range. */
export const TEMPERATURE_RANGE = { min: 0.1, max: 1, step: 0.1 } as const;

export interface PlaygroundSettings {
  group: string;
  model: string;
  temperature: number;
  maxTokens: number;
  systemPrompt: string;
}
