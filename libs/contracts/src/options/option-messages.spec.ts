import { OPTION_ISSUE_CODES } from './option-issues';
import { OPTION_ISSUE_MESSAGES, formatMessage, optionIssueMessage } from './option-messages';

const placeholders = (template: string): string[] =>
  [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('option issue messages', () => {
  it('has an English and a Chinese text for every code, with the same placeholders', () => {
    expect(Object.keys(OPTION_ISSUE_MESSAGES).sort()).toEqual([...OPTION_ISSUE_CODES].sort());
    for (const code of OPTION_ISSUE_CODES) {
      const { en, zh } = OPTION_ISSUE_MESSAGES[code];
      expect(en.trim()).not.toBe('');
      expect(zh.trim()).not.toBe('');
      expect({ code, zh: placeholders(zh) }).toEqual({ code, zh: placeholders(en) });
    }
  });

  it.each([
    ['invalid_json', '不是合法的 JSON 字符串'],
    ['rebate_percentage_out_of_range', '返佣百分比必须在0到100之间'],
    [
      'fallback_pricing_conflict',
      '请检查兜底倍率配置：使用单次价格时不能设置倍率，使用倍率时需要同时设置输入和补全倍率',
    ],
    ['nothing_changed', '你似乎并没有修改什么'],
  ] as const)('uses the spec text for %s', (code, text) => {
    expect(OPTION_ISSUE_MESSAGES[code].zh).toBe(text);
  });

  it('fills placeholders and leaves unknown ones alone', () => {
    expect(formatMessage('{key} must be at least {min}', { key: 'RetryTimes', min: 0 })).toBe(
      'RetryTimes must be at least 0',
    );
    expect(formatMessage('{a} and {b}', { a: 'x' })).toBe('x and {b}');
    expect(formatMessage('{toString}')).toBe('{toString}');
    expect(formatMessage('{a}', { a: '{b}', b: 'no' })).toBe('{b}');
  });

  it('localises an issue', () => {
    const issue = { code: 'invalid_domain', params: { domain: 'bad_domain' } } as const;
    expect(optionIssueMessage(issue, 'en')).toBe('Invalid domain format: bad_domain (e.g. example.com)');
    expect(optionIssueMessage(issue, 'zh')).toBe('域名格式不正确：bad_domain（例如 example.com）');
    expect(optionIssueMessage({ code: 'nothing_changed' }, 'zh')).toBe('你似乎并没有修改什么');
  });
});
