import {
  REDEMPTION_DEFAULTS,
  type CreateRedemptionRequest,
  type Redemption,
  type UpdateRedemptionRequest,
} from '@tollgate/contracts';
import { formatDateTime, parseDateTime } from '../../shared/datetime-text';

/** The drawer's fields; validity times are typed `yyyy-MM-dd HH:mm:ss` texts, empty for unset. */
export interface RedemptionFormValues {
  name: string;
  quota: number | null;
  count: number | null;
  is_gift: boolean;
  max_uses: number | null;
  valid_from: string;
  valid_until: string;
  key: string;
}

/** Spec 001 §9: quota 100000, count 1, max_uses -1. */
export const NEW_REDEMPTION_VALUES: RedemptionFormValues = {
  name: '',
  quota: REDEMPTION_DEFAULTS.quota,
  count: REDEMPTION_DEFAULTS.count,
  is_gift: false,
  max_uses: REDEMPTION_DEFAULTS.max_uses,
  valid_from: '',
  valid_until: '',
  key: '',
};

const timeText = (epochSeconds: number): string => (epochSeconds > 0 ? formatDateTime(epochSeconds) : '');

/** Epoch seconds of a validity text: 0 when empty, null when unreadable. */
export function parseValidity(text: string | undefined): number | null {
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? 0 : parseDateTime(trimmed);
}

export function redemptionToValues(redemption: Redemption): RedemptionFormValues {
  return {
    name: redemption.name,
    quota: redemption.quota,
    count: null,
    is_gift: redemption.is_gift,
    max_uses: redemption.max_uses,
    valid_from: timeText(redemption.valid_from),
    valid_until: timeText(redemption.valid_until),
    key: '',
  };
}

function commonFields(values: RedemptionFormValues) {
  return {
    name: values.name.trim(),
    quota: values.quota ?? 0,
    is_gift: values.is_gift,
    max_uses: values.max_uses ?? REDEMPTION_DEFAULTS.max_uses,
    valid_from: parseValidity(values.valid_from) ?? 0,
    valid_until: parseValidity(values.valid_until) ?? 0,
  };
}

export function toCreateRequest(values: RedemptionFormValues): CreateRedemptionRequest {
  const key = values.key.trim();
  const count = values.count ?? REDEMPTION_DEFAULTS.count;
  // A custom code names a single code; the field is disabled (but keeps its text) for larger batches.
  return { ...commonFields(values), count, ...(key && count === 1 ? { key } : {}) };
}

export function toUpdateRequest(id: number, values: RedemptionFormValues): UpdateRedemptionRequest {
  return { id, ...commonFields(values) };
}
