import {
  DASHBOARD_BUCKET_SECONDS,
  DASHBOARD_HOURLY_MAX_RANGE_SECONDS,
  type DashboardGranularity,
  type QuotaDataSeries,
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
  /** Quota per slot and model (stacked columns): the largest models, the rest as one. */
  quotaByModel: Array<{ time: string; model: string; quota: number }>;
  /** Every slot of the range, zero where nothing was called, so gaps read as quiet time. */
  calls: Array<{ time: string; count: number }>;
  tokens: Array<{ time: string; tokens: number }>;
  /** Quota per model over the whole range, largest first: the largest models, the rest as one. */
  share: Array<{ model: string; quota: number }>;
  totals: DashboardTotals;
}

// A range of hours over many days would draw thousands of empty slots: beyond this only slots with data are kept.
const MAX_FILLED_SLOTS = 800;
// Models drawn by name; the others are summed into one. Every user's week of hours over 150 models was 25,000
// columns: seconds to draw, and hovering them stalled the page for seconds more; nor can 150 colours be told apart.
const MAX_CHARTED_MODELS = 10;

/**
 * The charts' series from the buckets of one granularity (hours, or the server's sums per day or week), per slot
 * and model. `toValue` turns quota into what the site displays (dollars or the raw count); `otherModels` names the
 * sum of the models beyond the largest ones.
 */
export function chartData(
  series: QuotaDataSeries,
  range: { start: number; end: number },
  toValue: (quota: number) => number,
  otherModels: (count: number) => string,
): ChartData {
  const { granularity } = series;
  const perModel = series.models
    .map((model) => ({ model: model.model_name, quota: model.quota.reduce((sum, quota) => sum + quota, 0) }))
    .sort((a, b) => b.quota - a.quota);
  const charted = new Set(perModel.slice(0, MAX_CHARTED_MODELS).map(({ model }) => model));
  const others = perModel.length - charted.size;
  const othersName = otherModels(others);

  const perSlot = new Map<number, { count: number; tokens: number; quota: Map<string, number> }>();
  const totals: DashboardTotals = { quota: 0, count: 0, tokens: 0 };
  for (const model of series.models) {
    const name = charted.has(model.model_name) ? model.model_name : othersName;
    model.created_at.forEach((createdAt, index) => {
      const slot = rowSlot(createdAt, granularity);
      const sums = perSlot.get(slot) ?? { count: 0, tokens: 0, quota: new Map<string, number>() };
      sums.count += model.count[index];
      sums.tokens += model.token_used[index];
      sums.quota.set(name, (sums.quota.get(name) ?? 0) + model.quota[index]);
      perSlot.set(slot, sums);
      totals.quota += model.quota[index];
      totals.count += model.count[index];
      totals.tokens += model.token_used[index];
    });
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

  const share = perModel
    .filter(({ model }) => charted.has(model))
    .map(({ model, quota }) => ({ model, quota: toValue(quota) }));
  if (others > 0) {
    const rest = perModel.slice(MAX_CHARTED_MODELS).reduce((sum, { quota }) => sum + quota, 0);
    share.push({ model: othersName, quota: toValue(rest) });
  }
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

/**
 * The granularity asked for a range: hours only over ranges up to a week (longer ones would be thousands of columns
 * per model to fetch and draw), days beyond.
 */
export function granularityFor(
  chosen: DashboardGranularity,
  range: { start: number; end: number },
): DashboardGranularity {
  return chosen === 'hour' && range.end - range.start > DASHBOARD_HOURLY_MAX_RANGE_SECONDS ? 'day' : chosen;
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
