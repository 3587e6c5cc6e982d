// Failure modes chosen by model name (`mock-<name>`) or by the `x-mock-behaviour` header, so tests can
// force any model through the gateway into a given upstream failure.
export interface Behaviour {
  status: number | null; // answer this HTTP error instead of a result
  firstByteDelayMs: number; // wait before sending headers
  dripMs: number; // wait between stream frames (non-stream: between headers and body)
  cutAfter: number | null; // destroy the socket after this many stream frames
  noUsage: boolean; // leave the usage block out (and ignore include_usage)
}

export const NORMAL: Behaviour = Object.freeze({
  status: null,
  firstByteDelayMs: 0,
  dripMs: 0,
  cutAfter: null,
  noUsage: false,
});

export const DEFAULT_FIRST_BYTE_DELAY_MS = 300;
export const DEFAULT_DRIP_MS = 50;
export const DEFAULT_CUT_AFTER = 2;
export const BEHAVIOUR_NAMES = ['slow-first-byte', 'slow-drip', 'cut-stream', 'no-usage'] as const;
const MODEL_PREFIX = 'mock-';
const STATUS = /^[45]\d\d$/;

export class BehaviourError extends Error {}

// Returns NORMAL without allocating on the common path (plain model, no header).
export function behaviourFor(model: string | undefined, header: string | undefined): Behaviour {
  const fromModel = model !== undefined && model.startsWith(MODEL_PREFIX);
  if (!fromModel && header === undefined) return NORMAL;
  const b: Behaviour = { ...NORMAL };
  const options = new Map<string, number>();
  if (fromModel) applyName(b, model.slice(MODEL_PREFIX.length), false);
  if (header !== undefined) {
    for (const raw of header.split(',')) {
      const token = raw.trim();
      if (token === '') continue;
      const eq = token.indexOf('=');
      if (eq === -1)
        applyName(b, token.startsWith(MODEL_PREFIX) ? token.slice(MODEL_PREFIX.length) : token, true);
      else options.set(token.slice(0, eq).trim(), parseOption(token));
    }
  }
  applyOptions(b, options);
  return b;
}

// Model names like `mock-gpt` are ordinary models; only header typos are errors.
function applyName(b: Behaviour, name: string, strict: boolean): void {
  if (STATUS.test(name)) b.status = Number(name);
  else if (name === 'slow-first-byte') b.firstByteDelayMs = DEFAULT_FIRST_BYTE_DELAY_MS;
  else if (name === 'slow-drip') b.dripMs = DEFAULT_DRIP_MS;
  else if (name === 'cut-stream') b.cutAfter = DEFAULT_CUT_AFTER;
  else if (name === 'no-usage') b.noUsage = true;
  else if (strict) throw new BehaviourError(`unknown mock behaviour "${name}"`);
}

function parseOption(token: string): number {
  const value = Number(token.slice(token.indexOf('=') + 1).trim());
  if (!Number.isInteger(value) || value < 0) throw new BehaviourError(`bad mock behaviour option "${token}"`);
  return value;
}

function applyOptions(b: Behaviour, options: Map<string, number>): void {
  for (const [key, value] of options) {
    if (key === 'delayMs') {
      if (b.firstByteDelayMs > 0) b.firstByteDelayMs = value;
      if (b.dripMs > 0) b.dripMs = value;
    } else if (key === 'chunks') {
      if (b.cutAfter !== null) b.cutAfter = value;
    } else {
      throw new BehaviourError(`unknown mock behaviour option "${key}"`);
    }
  }
}
