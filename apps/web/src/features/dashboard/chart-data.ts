import {
  DASHBOARD_BUCKET_SECONDS,
  type DashboardGranularity,
  type QuotaDataEntry,
} from '@tollgate/contracts';

const DAY = 86_400;

/** Start (epoch seconds, local time) of the hour, day or week (from Monday) holding `epochSeconds`. */
export function slotStart(epochSeconds: number, granularity: DashboardGranularity): number {
  if (granularity === 'hour') return epochSeconds - (epochSeconds % DASHBOARD_BUCKET_SECONDS);
  const date = new Date(epochSeconds * 1000);
  date.setHours(0, 0, 0, 0);
  if (granularity === 'week') date.setDate(date.getDate() - ((date.getDay() + 6) % 7));
  return Math.floor(date.getTime() / 1000);
}

function nextSlot(start: number, granularity: DashboardGranularity): number {
  if (granularity === 'hour') return start + DASHBOARD_BUCKET_SECONDS;
  const date = new Date(start * 1000);
  date.setDate(date.getDate() + (granularity === 'week' ? 7 : 1));
  return Math.floor(date.getTime() / 1000);
}

/**
 * The slot a row belongs to. Hourly rows are placed by their hour. Day and week rows come summed by the server,
 * starting at midnight of the browser's current UTC offset; across a daylight-saving change that midnight is an hour
 * off the local one, so a row is placed by the middle of its first day, which lies in the right local day or week.
 */
function rowSlot(createdAt: number, granularity: DashboardGranularity): number {
  return granularity === 'hour' ? slotStart(createdAt, 'hour') : slotStart(createdAt + DAY / 2, granularity);
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** A slot's label on the time axis: `MM-dd HH:00` for hours, `MM-dd` for days and weeks. */
export function slotLabel(start: number, granularity: DashboardGranularity): string {
  const date = new Date(start * 1000);
  const day = `${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return granularity === 'hour' ? `${day} ${pad(date.getHours())}:00` : day;
}

export interface DashboardTotals {
  quota: number;
  count: number;
  tokens: number;
}

export interface ChartData {
  /** Quota per slot and model (stacked columns). */
  quotaByModel: Array<{ time: string; model: string; quota: number }>;
  /** Every slot of the range, zero where nothing was called, so gaps read as quiet time. */
  calls: Array<{ time: string; count: number }>;
  tokens: Array<{ time: string; tokens: number }>;
  /** Quota per model over the whole range, largest first. */
  share: Array<{ model: string; quota: number }>;
  totals: DashboardTotals;
}

// A range of hours over many days would draw thousands of empty slots: beyond this only slots with data are kept.
const MAX_FILLED_SLOTS = 800;

/**
 * The charts' series from the rows of one granularity (hourly buckets, or the server's sums per day or week), per
 * slot and model. `toValue` turns quota into what the site displays (dollars or the raw count).
 */
export function chartData(
  entries: QuotaDataEntry[],
  range: { start: number; end: number },
  granularity: DashboardGranularity,
  toValue: (quota: number) => number,
): ChartData {
  const perSlot = new Map<number, { count: number; tokens: number; quota: Map<string, number> }>();
  const perModel = new Map<string, number>();
  const totals: DashboardTotals = { quota: 0, count: 0, tokens: 0 };
  for (const entry of entries) {
    const slot = rowSlot(entry.created_at, granularity);
    const sums = perSlot.get(slot) ?? { count: 0, tokens: 0, quota: new Map<string, number>() };
    sums.count += entry.count;
    sums.tokens += entry.token_used;
    sums.quota.set(entry.model_name, (sums.quota.get(entry.model_name) ?? 0) + entry.quota);
    perSlot.set(slot, sums);
    perModel.set(entry.model_name, (perModel.get(entry.model_name) ?? 0) + entry.quota);
    totals.quota += entry.quota;
    totals.count += entry.count;
    totals.tokens += entry.token_used;
  }

  const slots: number[] = [];
  for (
    let slot = slotStart(range.start, granularity);
    slot <= range.end;
    slot = nextSlot(slot, granularity)
  ) {
    slots.push(slot);
    if (slots.length > MAX_FILLED_SLOTS) break;
  }
  const shown = slots.length > MAX_FILLED_SLOTS ? [...perSlot.keys()].sort((a, b) => a - b) : slots;

  const share = [...perModel.entries()]
    .map(([model, quota]) => ({ model, quota: toValue(quota) }))
    .sort((a, b) => b.quota - a.quota);
  // A quiet slot stands on the axis as a zero of the largest model, so all charts share one time axis.
  const quotaByModel = shown.flatMap((slot) => {
    const time = slotLabel(slot, granularity);
    const quotas = [...(perSlot.get(slot)?.quota.entries() ?? [])];
    if (quotas.length === 0) return share.length > 0 ? [{ time, model: share[0].model, quota: 0 }] : [];
    return quotas.map(([model, quota]) => ({ time, model, quota: toValue(quota) }));
  });
  return {
    quotaByModel,
    calls: shown.map((slot) => ({
      time: slotLabel(slot, granularity),
      count: perSlot.get(slot)?.count ?? 0,
    })),
    tokens: shown.map((slot) => ({
      time: slotLabel(slot, granularity),
      tokens: perSlot.get(slot)?.tokens ?? 0,
    })),
    share,
    totals,
  };
}

/** The range a granularity starts with: a day of hours, a week of days, 30 days of weeks (ending now). */
export function defaultRange(
  granularity: DashboardGranularity,
  now = Date.now(),
): { start: number; end: number } {
  const end = Math.floor(now / 1000);
  const days = granularity === 'hour' ? 1 : granularity === 'day' ? 7 : 30;
  return { start: end - days * DAY, end };
}
