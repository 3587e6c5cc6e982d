import {
  PRICE_EDITOR_ISSUE_CODES,
  PRICE_EDITOR_MESSAGES,
  parseAmount,
  ratiosToTokenPrices,
  tokenPricesToRatios,
} from './price-conversions';

describe('price editor amounts', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['0', 0],
    ['12', 12],
    ['0.075', 0.075],
    ['0.', 0],
    ['.5', 0.5],
    ['1e-7', 1e-7],
    [' 3 ', 3],
  ])('reads %j as %p', (text, value) => {
    expect(parseAmount(text)).toEqual({ ok: true, value });
  });

  it.each(['abc', '-1', '1,5', '.', '1e', '0x10', 'Infinity', '1e999', '1 2'])(
    'refuses %j with 请输入数字',
    (text) => {
      expect(parseAmount(text)).toEqual({ ok: false, issue: 'not_a_number' });
    },
  );
});

describe('per-token prices and ratios (spec 000 §5)', () => {
  it('takes ratio = input price / 2 and completion ratio = output / input', () => {
    // gpt-4o-mini: US$0.15 in, US$0.60 out per 1M tokens.
    expect(tokenPricesToRatios(0.15, 0.6)).toEqual({ ok: true, value: { ratio: 0.075, completionRatio: 4 } });
    expect(tokenPricesToRatios(3, 15)).toEqual({ ok: true, value: { ratio: 1.5, completionRatio: 5 } });
    // No float noise: 2.5 / 0.3 is 8.333333333333334 in binary.
    expect(tokenPricesToRatios(0.3, 2.5)).toEqual({
      ok: true,
      value: { ratio: 0.15, completionRatio: 8.33333333333 },
    });
  });

  it('leaves the completion ratio unset without an output price', () => {
    expect(tokenPricesToRatios(2)).toEqual({ ok: true, value: { ratio: 1 } });
  });

  it('refuses an input price of 0 with 模型价格不能为0', () => {
    expect(tokenPricesToRatios(0, 1)).toEqual({ ok: false, issue: 'zero_input_price' });
    expect(tokenPricesToRatios(0)).toEqual({ ok: false, issue: 'zero_input_price' });
  });

  it('converts back by × 2, the output also × the completion ratio', () => {
    expect(ratiosToTokenPrices(0.075, 4)).toEqual({ input: 0.15, output: 0.6 });
    expect(ratiosToTokenPrices(1.5, 5)).toEqual({ input: 3, output: 15 });
    expect(ratiosToTokenPrices(1)).toEqual({ input: 2, output: 2 });
  });

  it('round-trips prices through ratios', () => {
    for (const [input, output] of [
      [0.15, 0.6],
      [1.25, 10],
      [0.27, 1.1],
      [15, 60],
    ]) {
      const converted = tokenPricesToRatios(input, output);
      if (!converted.ok) throw new Error(converted.issue);
      expect(ratiosToTokenPrices(converted.value.ratio, converted.value.completionRatio)).toEqual({
        input,
        output,
      });
    }
  });
});

describe('price editor messages', () => {
  it('has both languages for every code', () => {
    expect(Object.keys(PRICE_EDITOR_MESSAGES).sort()).toEqual([...PRICE_EDITOR_ISSUE_CODES].sort());
    for (const code of PRICE_EDITOR_ISSUE_CODES) {
      expect(PRICE_EDITOR_MESSAGES[code].en.trim()).not.toBe('');
      expect(PRICE_EDITOR_MESSAGES[code].zh.trim()).not.toBe('');
    }
  });

  it.each([
    ['not_a_number', '请输入数字'],
    ['zero_input_price', '模型价格不能为0'],
    ['duplicate_model', '模型名称已存在'],
    ['no_models_selected', '请先选择需要批量设置的模型'],
    ['no_fill_value', '请输入填充值'],
    ['invalid_fill_value', '请输入有效的数字'],
    ['both_ratios_required', '请输入模型倍率和补全倍率'],
  ] as const)('uses the spec text for %s', (code, text) => {
    expect(PRICE_EDITOR_MESSAGES[code].zh).toBe(text);
  });
});
