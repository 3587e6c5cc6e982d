/** Tag colours of the task log screens (antd presets); a value not listed gets the plain grey tag. */

// Drawing and async task states (spec 001 §4) share their names and colours.
export const STATUS_COLOURS: Partial<Record<string, string>> = {
  SUCCESS: 'green',
  NOT_START: 'default',
  SUBMITTED: 'gold',
  QUEUED: 'orange',
  IN_PROGRESS: 'blue',
  FAILURE: 'red',
  MODAL: 'gold',
};

// Submission codes (spec 001 §4): 1 submitted, 21 waiting, 22 duplicate, 0 not submitted.
export const CODE_COLOURS: Partial<Record<number, string>> = {
  1: 'green',
  21: 'lime',
  22: 'orange',
  0: 'gold',
};

export const ACTION_COLOURS: Partial<Record<string, string>> = {
  IMAGINE: 'blue',
  UPSCALE: 'orange',
  VARIATION: 'purple',
  HIGH_VARIATION: 'purple',
  LOW_VARIATION: 'purple',
  PAN: 'cyan',
  DESCRIBE: 'gold',
  BLEND: 'lime',
  UPLOAD: 'blue',
  SHORTEN: 'magenta',
  REROLL: 'geekblue',
  INPAINT: 'volcano',
  ZOOM: 'cyan',
  CUSTOM_ZOOM: 'cyan',
  MODAL: 'green',
  SWAP_FACE: 'lime',
  MUSIC: 'purple',
  LYRICS: 'magenta',
};

export const PLATFORM_COLOURS: Partial<Record<string, string>> = { suno: 'green', mj: 'blue' };

/** Spec 001 §9: a task that took over 60 s shows its duration in red. */
export const SLOW_TASK_SECONDS = 60;
export const durationColour = (seconds: number): string => (seconds > SLOW_TASK_SECONDS ? 'red' : 'green');

/** The number in a progress text such as "50%" (0 when there is none). */
export function progressPercent(progress: string): number {
  const value = Number.parseFloat(progress);
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
}
