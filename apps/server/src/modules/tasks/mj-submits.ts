import { taskError } from './tasks.errors';

/** What one submission asks for: the action recorded, the task it follows up (if any) and its prompt. */
export interface MjPlan {
  action: string;
  /** The original task's id for follow-ups (they go to its channel and need it to be the caller's). */
  originalId: string | null;
  /** The original must have succeeded (MODAL answers a task still waiting in its window). */
  needsSuccess: boolean;
  prompt: string;
}

/** The submit kinds served: `POST /mj/submit/{kind}`, and face swap at `POST /mj/insight-face/swap`. */
export const MJ_SUBMIT_KINDS = [
  'imagine',
  'change',
  'simple-change',
  'action',
  'modal',
  'describe',
  'blend',
  'shorten',
] as const;
export const SWAP_FACE = 'swap-face';
export type MjSubmitKind = (typeof MJ_SUBMIT_KINDS)[number] | typeof SWAP_FACE;

/** Where the proxy takes the kind. */
export const mjSubmitPath = (kind: MjSubmitKind): string =>
  kind === SWAP_FACE ? '/mj/insight-face/swap' : `/mj/submit/${kind}`;

// Follow-up actions free of charge (reference §7: their MODAL is what is charged).
const FREE_ACTIONS = new Set(['INPAINT', 'CUSTOM_ZOOM']);
const CHANGE_ACTIONS = new Set(['UPSCALE', 'VARIATION', 'REROLL']);
const SIMPLE_CHANGE = /^\s*(\S+)\s+([UV])([1-4])\s*$|^\s*(\S+)\s+(R)\s*$/i;
const SIMPLE_LETTERS: Record<string, string> = { U: 'UPSCALE', V: 'VARIATION', R: 'REROLL' };
// A button's customId names its action: MJ::JOB::upsample::1::<hash>, MJ::JOB::variation::2::…, …
const CUSTOM_ID_ACTIONS: ReadonlyArray<[RegExp, string]> = [
  [/::upsample::/, 'UPSCALE'],
  [/::low_variation::/, 'LOW_VARIATION'],
  [/::high_variation::/, 'HIGH_VARIATION'],
  [/::variation::/, 'VARIATION'],
  [/::reroll::/, 'REROLL'],
  [/::pan_/, 'PAN'],
  [/::Outpaint::/, 'ZOOM'],
  [/CustomZoom/, 'CUSTOM_ZOOM'],
  [/Inpaint/, 'INPAINT'],
];

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The model a submission is priced by (reference §7: `mj_` + the action in lower case; `swap_face`). */
export const mjModelOf = (action: string): string =>
  action === 'SWAP_FACE' ? 'swap_face' : `mj_${action.toLowerCase()}`;

export const isFreeAction = (action: string): boolean => FREE_ACTIONS.has(action);

/** Reads a submission's body; refuses what the proxy could not act on. */
export function planOf(kind: MjSubmitKind, body: Record<string, unknown>): MjPlan {
  switch (kind) {
    case 'imagine': {
      const prompt = text(body.prompt);
      if (prompt === '') throw taskError('prompt_empty');
      return { action: 'IMAGINE', originalId: null, needsSuccess: false, prompt };
    }
    case 'change': {
      const action = text(body.action).toUpperCase();
      if (!CHANGE_ACTIONS.has(action))
        throw taskError('invalid_action', {
          action: text(body.action),
          expected: [...CHANGE_ACTIONS].join(', '),
        });
      return { action, originalId: required(body.taskId), needsSuccess: true, prompt: '' };
    }
    case 'simple-change': {
      const match = SIMPLE_CHANGE.exec(text(body.content));
      if (!match)
        throw taskError('invalid_action', {
          action: text(body.content),
          expected: '<taskId> U1-4 | V1-4 | R',
        });
      const [id, letter] = match[1] ? [match[1], match[2]] : [match[4], match[5]];
      return { action: SIMPLE_LETTERS[letter.toUpperCase()], originalId: id, needsSuccess: true, prompt: '' };
    }
    case 'action': {
      const customId = text(body.customId);
      const action = CUSTOM_ID_ACTIONS.find(([pattern]) => pattern.test(customId))?.[1];
      if (!action) throw taskError('invalid_action', { action: customId, expected: 'a button customId' });
      return { action, originalId: required(body.taskId), needsSuccess: true, prompt: '' };
    }
    case 'modal':
      return {
        action: 'MODAL',
        originalId: required(body.taskId),
        needsSuccess: false,
        prompt: text(body.prompt),
      };
    case 'describe':
      requireImage(body.base64);
      return { action: 'DESCRIBE', originalId: null, needsSuccess: false, prompt: '' };
    case 'blend':
      requireImages(body.base64Array, 2);
      return { action: 'BLEND', originalId: null, needsSuccess: false, prompt: '' };
    case 'shorten': {
      const prompt = text(body.prompt);
      if (prompt === '') throw taskError('prompt_empty');
      return { action: 'SHORTEN', originalId: null, needsSuccess: false, prompt };
    }
    case SWAP_FACE:
      requireImage(body.sourceBase64);
      requireImage(body.targetBase64);
      return { action: 'SWAP_FACE', originalId: null, needsSuccess: false, prompt: '' };
  }
}

/** A list of at least `count` images (base64), as blend and upload-discord-images take them. */
export function requireImages(value: unknown, count: number): void {
  const images = Array.isArray(value) ? (value as unknown[]) : [];
  if (images.length < count) throw taskError('images_required', { count });
  images.forEach(requireImage);
}

function requireImage(value: unknown): void {
  if (text(value) === '') throw taskError('images_required', { count: 1 });
}

function required(taskId: unknown): string {
  const id = text(taskId);
  if (id === '') throw taskError('task_id_required');
  return id;
}
