import {
  type ModelPriceRow,
  type PriceMaps,
  addPriceRow,
  changedPriceOptions,
  emptyPriceRow,
  fillPriceRows,
  hasPrice,
  mergeRowsIntoMaps,
  modelsWithoutPrice,
  parsePriceMaps,
  priceMapsFromRows,
  priceRowsFromMaps,
} from './model-price-rows';
import { defaultOptionValues } from './option-catalogue';

const stored = {
  ModelPrice: JSON.stringify({ 'dall-e-3': 0.04, 'gpt-4-gizmo-*': 0.1 }),
  ModelRatio: JSON.stringify({ 'gpt-4o-mini': 0.075, 'claude-*': 1.5 }),
  CompletionRatio: JSON.stringify({ 'gpt-4o-mini': 4, 'gpt-4-gizmo-*': 2 }),
  CacheRatio: JSON.stringify({ 'gpt-4o-mini': 0.5, 'cache-only': 0.1 }),
};

const row = (name: string, values: Partial<ModelPriceRow>): ModelPriceRow => ({
  ...emptyPriceRow(name),
  ...values,
});

describe('visual rows from the pricing options', () => {
  it('gives one row per model named in any of the four options, by name', () => {
    expect(priceRowsFromMaps(parsePriceMaps(stored))).toEqual([
      row('cache-only', { cacheRatio: '0.1' }),
      row('claude-*', { ratio: '1.5' }),
      row('dall-e-3', { price: '0.04' }),
      row('gpt-4-gizmo-*', { price: '0.1', completionRatio: '2' }),
      row('gpt-4o-mini', { ratio: '0.075', completionRatio: '4', cacheRatio: '0.5' }),
    ]);
  });

  it('reads unreadable or non-object values as empty maps', () => {
    expect(
      parsePriceMaps({ ModelPrice: 'not json', ModelRatio: '[1]', CompletionRatio: '{"a":"x"}' }),
    ).toEqual({
      ModelPrice: {},
      ModelRatio: {},
      CompletionRatio: {},
      CacheRatio: {},
    });
  });

  it('turns the rows back into the same options, so an untouched editor changes nothing', () => {
    const maps = parsePriceMaps(stored);
    expect(priceMapsFromRows(priceRowsFromMaps(maps))).toEqual(maps);
    expect(changedPriceOptions(priceMapsFromRows(priceRowsFromMaps(maps)), stored)).toEqual({});
    // The shipped defaults survive the round trip too.
    const defaults = parsePriceMaps(defaultOptionValues());
    expect(
      changedPriceOptions(priceMapsFromRows(priceRowsFromMaps(defaults)), defaultOptionValues()),
    ).toEqual({});
  });

  it('writes only the options an edit changed, a deleted model leaving all four', () => {
    const rows = priceRowsFromMaps(parsePriceMaps(stored))
      .filter((r) => r.name !== 'gpt-4o-mini')
      .map((r) => (r.name === 'dall-e-3' ? { ...r, price: '0.08' } : r));
    const changes = changedPriceOptions(priceMapsFromRows(rows), stored);
    expect(Object.keys(changes).sort()).toEqual([
      'CacheRatio',
      'CompletionRatio',
      'ModelPrice',
      'ModelRatio',
    ]);
    expect(JSON.parse(changes.ModelPrice ?? '')).toEqual({ 'dall-e-3': 0.08, 'gpt-4-gizmo-*': 0.1 });
    expect(JSON.parse(changes.ModelRatio ?? '')).toEqual({ 'claude-*': 1.5 });
    expect(JSON.parse(changes.CompletionRatio ?? '')).toEqual({ 'gpt-4-gizmo-*': 2 });
    expect(JSON.parse(changes.CacheRatio ?? '')).toEqual({ 'cache-only': 0.1 });

    // Written by model name, whatever the order of the rows.
    expect(Object.keys(JSON.parse(changes.ModelPrice ?? '') as object)).toEqual([
      'dall-e-3',
      'gpt-4-gizmo-*',
    ]);
    const reordered = changedPriceOptions(priceMapsFromRows([...rows].reverse()), stored);
    expect(reordered.ModelPrice).toBe(changes.ModelPrice);

    const priceOnly = priceRowsFromMaps(parsePriceMaps(stored)).map((r) =>
      r.name === 'dall-e-3' ? { ...r, price: '0.05' } : r,
    );
    expect(Object.keys(changedPriceOptions(priceMapsFromRows(priceOnly), stored))).toEqual(['ModelPrice']);
  });

  it('leaves blank values out', () => {
    expect(priceMapsFromRows([row('m', { ratio: '2', completionRatio: '' })])).toEqual({
      ModelPrice: {},
      ModelRatio: { m: 2 },
      CompletionRatio: {},
      CacheRatio: {},
    });
  });
});

describe('models without a price', () => {
  const maps: PriceMaps = parsePriceMaps(stored);

  it('finds a price or a model ratio as billing does: exact names, then the longest prefix*', () => {
    expect(hasPrice(maps, 'gpt-4o-mini')).toBe(true);
    expect(hasPrice(maps, 'dall-e-3')).toBe(true);
    expect(hasPrice(maps, 'gpt-4-gizmo-g-abc')).toBe(true);
    expect(hasPrice(maps, 'claude-3-opus')).toBe(true);
    // A completion or cache ratio alone is no price.
    expect(hasPrice(maps, 'cache-only')).toBe(false);
    expect(hasPrice(maps, 'gpt-4o')).toBe(false);
  });

  it('lists each enabled model billing could not price, once', () => {
    expect(
      modelsWithoutPrice(
        ['gpt-4o-mini', 'new-model', 'cache-only', 'new-model', 'claude-x', 'dall-e-2'],
        maps,
      ),
    ).toEqual(['new-model', 'cache-only', 'dall-e-2']);
  });

  it('adds the filled rows to the stored options and keeps the rest', () => {
    const merged = mergeRowsIntoMaps(maps, [
      row('new-model', { price: '0.02' }),
      row('dall-e-2', { ratio: '1', completionRatio: '3' }),
      row('untouched', {}),
    ]);
    expect(merged.ModelPrice).toEqual({ 'dall-e-3': 0.04, 'gpt-4-gizmo-*': 0.1, 'new-model': 0.02 });
    expect(merged.ModelRatio).toEqual({ 'gpt-4o-mini': 0.075, 'claude-*': 1.5, 'dall-e-2': 1 });
    expect(merged.CompletionRatio).toEqual({ 'gpt-4o-mini': 4, 'gpt-4-gizmo-*': 2, 'dall-e-2': 3 });
    expect(Object.keys(changedPriceOptions(merged, stored)).sort()).toEqual([
      'CompletionRatio',
      'ModelPrice',
      'ModelRatio',
    ]);
  });
});

describe('adding a model', () => {
  it('puts the new row first', () => {
    const rows = [row('a', { ratio: '1' })];
    expect(addPriceRow(rows, row('b', { price: '1' }))).toEqual({
      ok: true,
      value: [row('b', { price: '1' }), rows[0]],
    });
  });

  it('refuses a name already listed with 模型名称已存在', () => {
    expect(addPriceRow([row('a', { ratio: '1' })], row('a', { price: '1' }))).toEqual({
      ok: false,
      issue: 'duplicate_model',
    });
  });
});

describe('batch fill', () => {
  const rows = [row('a', { ratio: '1', completionRatio: '2' }), row('b', { price: '0.5' }), row('c', {})];

  it('needs a selection first', () => {
    expect(fillPriceRows(rows, [], { mode: 'price', price: '1' })).toEqual({
      ok: false,
      issue: 'no_models_selected',
    });
  });

  it('needs a value, a number, and both ratios', () => {
    expect(fillPriceRows(rows, ['a'], { mode: 'price', price: ' ' })).toEqual({
      ok: false,
      issue: 'no_fill_value',
    });
    expect(fillPriceRows(rows, ['a'], { mode: 'price', price: 'abc' })).toEqual({
      ok: false,
      issue: 'invalid_fill_value',
    });
    expect(fillPriceRows(rows, ['a'], { mode: 'ratios', ratio: '1', completionRatio: '' })).toEqual({
      ok: false,
      issue: 'both_ratios_required',
    });
    expect(fillPriceRows(rows, ['a'], { mode: 'ratios', ratio: '', completionRatio: '' })).toEqual({
      ok: false,
      issue: 'both_ratios_required',
    });
    expect(fillPriceRows(rows, ['a'], { mode: 'ratios', ratio: '1', completionRatio: '-2' })).toEqual({
      ok: false,
      issue: 'invalid_fill_value',
    });
  });

  it('writes a price over the selected rows and clears their ratios', () => {
    expect(fillPriceRows(rows, ['a', 'c'], { mode: 'price', price: ' 0.010 ' })).toEqual({
      ok: true,
      value: [row('a', { price: '0.01' }), rows[1], row('c', { price: '0.01' })],
    });
  });

  it('writes both ratios over the selected rows and clears their price', () => {
    expect(fillPriceRows(rows, ['b'], { mode: 'ratios', ratio: '0.5', completionRatio: '4' })).toEqual({
      ok: true,
      value: [rows[0], row('b', { ratio: '0.5', completionRatio: '4' }), rows[2]],
    });
  });
});
