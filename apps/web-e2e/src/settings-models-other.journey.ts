import { type MessageLanguage, optionIssueMessage, validateOption } from '@tollgate/contracts';
import type { Locator, Page, Request } from 'playwright-core';
import { screenshot } from './support/browser';
import { callApi } from './support/console-api';
import { ConsoleJourney } from './support/console-journey';
import { afterMotion, orderedSteps, visible, waitForCount } from './support/steps';
import { expectStored, storedOptions } from './support/stored-options';
import { Toasts } from './support/toasts';

// The root administrator edits the models, other and rate limit tabs: saves reach GET /api/option/ and survive a
// reload, the catalogue's range messages (thinking budget 0.1–1, ping interval ≥ 1 s) and invalid JSON store
// nothing, the saved system name and footer show on the page, and the version check says why it cannot compare.
// Chinese and English, desktop and 390 px.
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const GEMINI_BUDGET = 'gemini.thinking_adapter_budget_tokens_percentage';
const CLAUDE_BUDGET = 'claude.thinking_adapter_budget_tokens_percentage';
const PING_SECONDS = 'general_setting.ping_interval_seconds';
const VERSION_SETTINGS = '{"default":"v1beta","gemini-1.5-pro":"v1"}';
const MAX_TOKENS = '{"default":4096,"claude-3-haiku-20240307":2048}';
const SYSTEM_NAME = 'Journey Gateway';
const NOTICE = '## 维护通知\n\n今晚 **23:00** 升级。';
const FOOTER = '<p>© Journey Gateway — <a href="https://example.com/terms">条款</a></p>';

const step = orderedSteps();

/** The contracts' own refusal of `value` for `key`, as the console shows it. */
function catalogueMessage(key: string, value: string, language: MessageLanguage = 'zh'): string {
  const issue = validateOption(key, value, {});
  if (!issue) throw new Error(`${key}=${value} is not refused by the catalogue`);
  return optionIssueMessage(issue, language);
}

describe('settings, models, other and rate limit tabs: edited, saved, refused and kept over a reload', () => {
  let journey: ConsoleJourney;
  let page: Page;

  const panel = (title: string): Locator =>
    page.locator(`.ant-card:has(> .ant-card-head .ant-card-head-title:text-is("${title}"))`);
  const toast = (text: string): Promise<void> => new Toasts(page).expect(text);
  const save = (card: Locator, label = '保存'): Promise<void> =>
    new Toasts(page).click(card.getByRole('button', { name: label, exact: true }));
  /** Counts option writes while `action` runs. */
  const writesDuring = async (action: () => Promise<void>): Promise<number> => {
    let writes = 0;
    const countWrites = (request: Request): void => {
      if (request.method() === 'PUT' && request.url().endsWith('/api/option/')) writes += 1;
    };
    page.on('request', countWrites);
    await action();
    page.off('request', countWrites);
    return writes;
  };
  const openTab = async (tab: string, firstPanel: string): Promise<void> => {
    await page.goto(`${journey.baseUrl}/admin/settings?tab=${tab}`);
    await visible(panel(firstPanel));
  };
  const noSideways = async (): Promise<void> =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  beforeAll(async () => {
    journey = await ConsoleJourney.start();
    page = await journey.signedInPage();
  });

  afterAll(() => journey?.stop());

  step('the models tab shows global, Gemini and Claude with their stored defaults', async () => {
    await openTab('models', '全局设置');
    await visible(page.getByRole('tab', { name: '模型设置', selected: true }));
    // Third of the five tabs, in the spec's order.
    expect(await page.getByRole('tab').allInnerTexts()).toEqual([
      '运营设置',
      '速率限制',
      '模型设置',
      '系统设置',
      '其他设置',
    ]);
    const titles = await page.locator('.ant-card-head-title').allInnerTexts();
    expect(titles.filter((title) => title !== '系统设置')).toEqual([
      '全局设置',
      'Gemini 设置',
      'Claude 设置',
    ]);
    expect(await panel('全局设置').getByLabel('保活间隔').inputValue()).toBe('60');
    expect(await panel('Gemini 设置').getByLabel('思考预算占比').inputValue()).toBe('0.6');
    expect(await panel('Claude 设置').getByLabel('思考预算占比').inputValue()).toBe('0.8');
    expect(
      await panel('Claude 设置').getByRole('switch', { name: '启用思考适配（-thinking 后缀）' }).isChecked(),
    ).toBe(true);
    expect(await panel('Gemini 设置').getByRole('switch', { name: '启用思考后缀适配' }).isChecked()).toBe(
      false,
    );
    // The stored JSON is shown indented.
    expect(await panel('Gemini 设置').getByLabel('安全设置').inputValue()).toContain('\n  "default": "OFF"');
    await screenshot(page, 'settings-models-01-zh');
  });

  step('saving an untouched models panel says nothing was changed and writes nothing', async () => {
    const writes = await writesDuring(async () => {
      await save(panel('全局设置'));
      await toast('你似乎并没有修改什么');
    });
    expect(writes).toBe(0);
  });

  step('global: a ping interval under 1 second is refused; switches and 15 s are saved', async () => {
    const card = panel('全局设置');
    await card.getByRole('switch', { name: '隐藏上游错误信息' }).click();
    await card.getByRole('switch', { name: '流式保活' }).click();
    await card.getByLabel('保活间隔').fill('0');
    const writes = await writesDuring(async () => {
      await save(card);
      await visible(card.getByText(catalogueMessage(PING_SECONDS, '0'), { exact: true }));
    });
    expect(writes).toBe(0);
    await screenshot(page, 'settings-models-02-ping-refused-zh');

    await card.getByLabel('保活间隔').fill('15');
    await save(card);
    await toast('保存成功');
    await expectStored(page, {
      'global.hide_upstream_error_enabled': 'true',
      'general_setting.ping_interval_enabled': 'true',
      [PING_SECONDS]: '15',
    });
  });

  step('Gemini: a budget over 1 and invalid JSON are refused and store nothing', async () => {
    const before = await storedOptions(page);
    const card = panel('Gemini 设置');
    await card.getByLabel('思考预算占比').fill('1.5');
    await card.getByLabel('版本设置').fill('{"default": "v1beta",');
    await save(card);
    await visible(card.getByText(catalogueMessage(GEMINI_BUDGET, '1.5'), { exact: true }));
    await visible(card.getByText('不是合法的 JSON 字符串', { exact: true }));
    await screenshot(page, 'settings-models-03-gemini-refused-zh');
    const after = await storedOptions(page);
    expect([after[GEMINI_BUDGET], after['gemini.version_settings']]).toEqual([
      before[GEMINI_BUDGET],
      before['gemini.version_settings'],
    ]);

    await card.getByLabel('思考预算占比').fill('0.5');
    await card.getByLabel('版本设置').fill(VERSION_SETTINGS);
    await card.getByRole('switch', { name: '启用思考后缀适配' }).click();
    await save(card);
    await toast('保存成功');
    await expectStored(page, {
      'gemini.thinking_adapter_enabled': 'true',
      [GEMINI_BUDGET]: '0.5',
      'gemini.version_settings': VERSION_SETTINGS,
    });
  });

  step('Claude: a budget under 0.1 is refused; the adapter off and max tokens are saved', async () => {
    const card = panel('Claude 设置');
    await card.getByLabel('思考预算占比').fill('0.05');
    await save(card);
    await visible(card.getByText(catalogueMessage(CLAUDE_BUDGET, '0.05'), { exact: true }));
    expect((await storedOptions(page))[CLAUDE_BUDGET]).toBe('0.8');

    await card.getByLabel('思考预算占比').fill('0.7');
    await card.getByLabel('默认最大 tokens').fill(MAX_TOKENS);
    await card.getByRole('switch', { name: '启用思考适配（-thinking 后缀）' }).click();
    await save(card);
    await toast('保存成功');
    await expectStored(page, {
      'claude.thinking_adapter_enabled': 'false',
      [CLAUDE_BUDGET]: '0.7',
      'claude.default_max_tokens': MAX_TOKENS,
    });
  });

  step('after a reload the models tab shows what was saved', async () => {
    await page.reload();
    await visible(panel('全局设置'));
    expect(await panel('全局设置').getByLabel('保活间隔').inputValue()).toBe('15');
    expect(await panel('全局设置').getByRole('switch', { name: '流式保活' }).isChecked()).toBe(true);
    expect(await panel('Gemini 设置').getByLabel('思考预算占比').inputValue()).toBe('0.5');
    expect(await panel('Gemini 设置').getByLabel('版本设置').inputValue()).toBe(
      JSON.stringify(JSON.parse(VERSION_SETTINGS), null, 2),
    );
    expect(await panel('Claude 设置').getByLabel('思考预算占比').inputValue()).toBe('0.7');
    expect(
      await panel('Claude 设置').getByRole('switch', { name: '启用思考适配（-thinking 后缀）' }).isChecked(),
    ).toBe(false);
  });

  step('the other tab saves the notice, system name and footer; the header shows the name', async () => {
    await openTab('other', '公告');
    await visible(page.getByRole('tab', { name: '其他设置', selected: true }));
    const writes = await writesDuring(async () => {
      await save(panel('个性化设置'));
      await toast('你似乎并没有修改什么');
    });
    expect(writes).toBe(0);

    await panel('公告').getByLabel('公告').fill(NOTICE);
    await save(panel('公告'));
    await toast('保存成功');
    const brand = panel('个性化设置');
    // The console's own icon, by an http address as the catalogue requires.
    const logo = `${journey.baseUrl}/logo.svg`;
    await brand.getByLabel('系统名称').fill(SYSTEM_NAME);
    await brand.getByLabel('Logo 图片地址').fill(logo);
    await visible(brand.getByText('Logo 预览', { exact: true }));
    await brand.getByLabel('页脚').fill(FOOTER);
    await save(brand);
    await toast('保存成功');
    await expectStored(page, { Notice: NOTICE, SystemName: SYSTEM_NAME, Logo: logo, Footer: FOOTER });

    await page.reload();
    await visible(panel('公告'));
    await visible(page.locator('.ant-layout-header').getByText(SYSTEM_NAME, { exact: true }));
    await visible(page.locator('.site-footer').getByText('条款', { exact: true }));
    expect(await panel('公告').getByLabel('公告').inputValue()).toBe(NOTICE);
    expect(await panel('个性化设置').getByLabel('页脚').inputValue()).toBe(FOOTER);
    await screenshot(page, 'settings-other-01-zh');
  });

  step('the notice preview renders the Markdown as visitors will see it', async () => {
    await panel('公告').getByRole('button', { name: '预览', exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '预览：公告' });
    await visible(dialog.getByRole('heading', { name: '维护通知' }));
    await visible(dialog.locator('strong', { hasText: '23:00' }));
    await afterMotion(page);
    await screenshot(page, 'settings-other-02-preview-zh');
    await dialog.locator('.ant-modal-close').click();
    await waitForCount(page.locator('.ant-modal-wrap:visible'), 0);
  });

  step('custom code carries the root-content warning; the version check says it cannot compare', async () => {
    await visible(panel('自定义代码').getByText(/会原样插入到每一个页面/));
    const version = panel('版本检查');
    const status = await callApi<{ version: string }>(page, 'GET', '/api/status');
    await visible(version.getByText(status.version, { exact: true }));
    // The root package.json names no repository: the card says so instead of failing a fetch.
    await visible(version.getByText('未配置发布来源', { exact: true }));
    await visible(version.getByText(/"repository" 字段没有填写 GitHub 仓库/));
    await screenshot(page, 'settings-other-03-version-zh');
  });

  step('rate limit: an untouched save changes nothing; a period and count are saved and kept', async () => {
    await openTab('ratelimit', '模型请求速率限制');
    const card = panel('模型请求速率限制');
    const writes = await writesDuring(async () => {
      await save(card);
      await toast('你似乎并没有修改什么');
    });
    expect(writes).toBe(0);

    await card.getByRole('switch', { name: /启用用户模型请求速率限制/ }).click();
    await card.getByLabel('限制周期').fill('5');
    await card.getByLabel('用户每周期最多请求次数').fill('300');
    await save(card);
    await toast('保存成功');
    await panel('豁免设置').getByLabel('豁免分组').first().fill('batch');
    await save(panel('豁免设置'));
    await toast('保存成功');
    await expectStored(page, {
      ModelRequestRateLimitEnabled: 'true',
      ModelRequestRateLimitDurationMinutes: '5',
      ModelRequestRateLimitCount: '300',
      'global.rate_limit_exempt_group': 'batch',
    });

    await page.reload();
    await visible(panel('模型请求速率限制'));
    expect(await panel('模型请求速率限制').getByLabel('限制周期').inputValue()).toBe('5');
    expect(await panel('模型请求速率限制').getByLabel('用户每周期最多请求次数').inputValue()).toBe('300');
    expect(await panel('豁免设置').getByLabel('豁免分组').first().inputValue()).toBe('batch');
    await screenshot(page, 'settings-ratelimit-01-zh');
  });

  step('in English the models tab reads in English with the catalogue’s English message', async () => {
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await openTab('models', 'Global');
    const card = panel('Gemini');
    await card.getByLabel('Thinking budget share').fill('2');
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(card.getByText(catalogueMessage(GEMINI_BUDGET, '2', 'en'), { exact: true }));
    await screenshot(page, 'settings-models-04-en');

    await openTab('other', 'Notice');
    await visible(panel('Version check').getByText('No release source configured', { exact: true }));
    await screenshot(page, 'settings-other-04-en');
  });

  step('at 390 px both tabs stack in one column with nothing sticking out sideways', async () => {
    await page.setViewportSize(PHONE);
    for (const language of ['zh', 'en'] as const) {
      await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
      await openTab('models', language === 'zh' ? '全局设置' : 'Global');
      await noSideways();
      await screenshot(page, `settings-models-05-phone-${language}`);
      await openTab('other', language === 'zh' ? '公告' : 'Notice');
      await noSideways();
      await screenshot(page, `settings-other-05-phone-${language}`);
    }
    await panel('Version check').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-other-06-phone-en-version');
    await page.setViewportSize(DESKTOP);
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'zh'));
  });

  step('no script errors on the way', () => {
    expect(journey.pageErrors).toEqual([]);
    return Promise.resolve();
  });
});
