import { type Checked, accepted, parseAmount, refused } from './price-conversions';

/** The JSON options that price models, each `{ model: number }`. */
export const PRICE_MAP_KEYS = ['ModelPrice', 'ModelRatio', 'CompletionRatio', 'CacheRatio'] as const;

export type PriceMapKey = (typeof PRICE_MAP_KEYS)[number];
export type PriceMaps = Record<PriceMapKey, Record<string, number>>;

/** One model in the price editors: each value as the admin reads and types it, '' when not set. */
export interface ModelPriceRow {
  name: string;
  /** USD per call (ModelPrice); billing prefers it over the ratios. */
  price: string;
  ratio: string;
  completionRatio: string;
  cacheRatio: string;
}

export type PriceField = Exclude<keyof ModelPriceRow, 'name'>;

const FIELD_OF: Readonly<Record<PriceMapKey, PriceField>> = {
  ModelPrice: 'price',
  ModelRatio: 'ratio',
  CompletionRatio: 'completionRatio',
  CacheRatio: 'cacheRatio',
};

export const emptyPriceRow = (name: string): ModelPriceRow => ({
  name,
  price: '',
  ratio: '',
  completionRatio: '',
  cacheRatio: '',
});

// Stored values are validated when written; anything unreadable counts as an empty map, as billing reads it.
function parseMap(raw: string | undefined): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(raw ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
  } catch {
    return {};
  }
}

/** The four pricing options as maps, from the stored option values. */
export function parsePriceMaps(values: Readonly<Record<string, string>>): PriceMaps {
  const maps = {} as PriceMaps;
  for (const key of PRICE_MAP_KEYS) maps[key] = parseMap(values[key]);
  return maps;
}

/** One row per model named in any of the four maps, by name. */
export function priceRowsFromMaps(maps: PriceMaps): ModelPriceRow[] {
  const names = new Set(PRICE_MAP_KEYS.flatMap((key) => Object.keys(maps[key])));
  return [...names].sort().map((name) => {
    const row = emptyPriceRow(name);
    for (const key of PRICE_MAP_KEYS) {
      const value = maps[key][name];
      if (value !== undefined) row[FIELD_OF[key]] = String(value);
    }
    return row;
  });
}

/**
 * The four maps holding exactly the rows' values (a blank value is no entry). Rows only ever hold what
 * `parseAmount` accepted; a value it would refuse is left out rather than stored.
 */
export function priceMapsFromRows(rows: readonly ModelPriceRow[]): PriceMaps {
  const maps: PriceMaps = { ModelPrice: {}, ModelRatio: {}, CompletionRatio: {}, CacheRatio: {} };
  for (const row of rows) {
    for (const key of PRICE_MAP_KEYS) {
      const parsed = parseAmount(row[FIELD_OF[key]]);
      if (parsed.ok && parsed.value !== null) maps[key][row.name] = parsed.value;
    }
  }
  return maps;
}

/** `maps` with the rows' values written over it: the models-without-a-ratio view adds to what is stored. */
export function mergeRowsIntoMaps(maps: PriceMaps, rows: readonly ModelPriceRow[]): PriceMaps {
  const added = priceMapsFromRows(rows);
  const merged = {} as PriceMaps;
  for (const key of PRICE_MAP_KEYS) merged[key] = { ...maps[key], ...added[key] };
  return merged;
}

const sameMap = (a: Record<string, number>, b: Record<string, number>): boolean => {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key])
  );
};

// Written by model name, so a saved option reads the same whatever order the rows were edited in.
const sortedJson = (map: Record<string, number>): string =>
  JSON.stringify(
    Object.fromEntries(Object.entries(map).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    null,
    2,
  );

/** The options whose content differs from what is stored, as JSON text to save (by name, indented for the editors). */
export function changedPriceOptions(
  maps: PriceMaps,
  stored: Readonly<Record<string, string>>,
): Record<string, string> {
  const before = parsePriceMaps(stored);
  const changes: Record<string, string> = {};
  for (const key of PRICE_MAP_KEYS) {
    if (!sameMap(maps[key], before[key])) changes[key] = sortedJson(maps[key]);
  }
  return changes;
}

/** A map's value for a model as billing finds it: the exact name, else the longest matching `prefix*`. */
export function lookupPrice(map: Readonly<Record<string, number>>, model: string): number | undefined {
  if (Object.hasOwn(map, model)) return map[model];
  const prefixes = Object.keys(map)
    .filter((name) => name.endsWith('*') && model.startsWith(name.slice(0, -1)))
    .sort((a, b) => b.length - a.length);
  return prefixes.length > 0 ? map[prefixes[0]] : undefined;
}

/** Billing needs a per-call price or a model ratio; a completion or cache ratio alone prices nothing. */
export const hasPrice = (maps: PriceMaps, model: string): boolean =>
  lookupPrice(maps.ModelPrice, model) !== undefined || lookupPrice(maps.ModelRatio, model) !== undefined;

/** The models channels serve that billing has no price for, each once, in the order given. */
export const modelsWithoutPrice = (enabled: readonly string[], maps: PriceMaps): string[] =>
  [...new Set(enabled)].filter((model) => !hasPrice(maps, model));

/** A new model for the visual editor, refused when a row of that name exists (模型名称已存在). */
export function addPriceRow(rows: readonly ModelPriceRow[], row: ModelPriceRow): Checked<ModelPriceRow[]> {
  if (rows.some((existing) => existing.name === row.name)) return refused('duplicate_model');
  return accepted([row, ...rows]);
}

/** What the batch fill writes: a per-call price, or the model and completion ratios. */
export type PriceFill =
  { mode: 'price'; price: string } | { mode: 'ratios'; ratio: string; completionRatio: string };

const fillValues = (fill: PriceFill): Checked<Pick<ModelPriceRow, 'price' | 'ratio' | 'completionRatio'>> => {
  const typed = fill.mode === 'price' ? [fill.price] : [fill.ratio, fill.completionRatio];
  if (typed.some((text) => text.trim() === '')) {
    return refused(fill.mode === 'price' ? 'no_fill_value' : 'both_ratios_required');
  }
  const parsed = typed.map(parseAmount);
  if (parsed.some((value) => !value.ok)) return refused('invalid_fill_value');
  const [first, second] = typed.map((text) => String(Number(text.trim())));
  return fill.mode === 'price'
    ? accepted({ price: first, ratio: '', completionRatio: '' })
    : accepted({ price: '', ratio: first, completionRatio: second });
};

/**
 * Spec 000 §5 batch set: the selected rows get the fill (a price clears their ratios and ratios clear the
 * price); the others are kept as they are.
 */
export function fillPriceRows(
  rows: readonly ModelPriceRow[],
  selected: readonly string[],
  fill: PriceFill,
): Checked<ModelPriceRow[]> {
  if (selected.length === 0) return refused('no_models_selected');
  const values = fillValues(fill);
  if (!values.ok) return values;
  const chosen = new Set(selected);
  return accepted(rows.map((row) => (chosen.has(row.name) ? { ...row, ...values.value } : row)));
}
