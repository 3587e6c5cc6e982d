import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_MODEL_RATIO, type OptionListEntry } from '@tollgate/contracts';
import type { Locator, Page } from 'playwright-core';
import { callApi } from './support/console-api';
import { ConsoleJourney } from './support/console-journey';
import { STEP_TIMEOUT, afterMotion, orderedSteps, visible, waitForCount } from './support/steps';
import { Toasts } from './support/toasts';

// The root administrator prices models on the operation tab's ratio settings: the JSON options (an invalid one
// refused, a reset after a confirmation), the visual editor (per-token prices turned into ratios, each of its
// messages), the models a channel serves without a price (batch fill and its messages) and fallback pricing
// (its two modes and the spec's conflict message). Chinese and English, desktop and 390 px.
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const UNPRICED = ['journey-unpriced-a', 'journey-unpriced-b'];
const TOKEN_PRICED = 'journey-token-priced';
const POLL_MS = 300;
// The ratio card comes last on the long operation tab: pictures show it (or the window), not the whole page.
const SCREENSHOT_DIR = path.resolve(__dirname, '../../../test-output/screenshots');

const step = orderedSteps();

describe('settings, ratio settings: an administrator prices models four ways', () => {
  let journey: ConsoleJourney;
  let page: Page;

  const ratios = (): Locator =>
    page.locator('.ant-card:has(> .ant-card-head .ant-card-head-title:text-is("倍率设置"))');
  const pane = (): Locator => ratios().getByRole('tabpanel');
  const rows = (): Locator => pane().locator('tbody tr.ant-table-row');
  const row = (name: string): Locator => rows().filter({ has: page.getByText(name, { exact: true }) });
  const dialog = (): Locator => page.getByRole('dialog');
  const notices = (): Locator => page.locator('.ant-message-notice');
  const toast = (text: string): Promise<void> => new Toasts(page).expect(text);
  const fieldError = (scope: Locator, text: string): Promise<void> =>
    visible(scope.locator('.ant-form-item-explain-error').filter({ hasText: text }));
  /** Clicks; the toast checked next is this click's own. */
  const click = (button: Locator): Promise<void> => new Toasts(page).click(button);
  /** The field becomes disabled (the form re-renders after the value that disables it). */
  const disabled = (field: Locator): Promise<void> =>
    field.and(page.locator(':disabled')).waitFor({ state: 'attached', timeout: STEP_TIMEOUT });
  const subTab = async (name: string): Promise<void> => {
    await ratios().getByRole('tab', { name }).click();
    await visible(ratios().getByRole('tab', { name, selected: true }));
  };
  const storedOptions = async (): Promise<Record<string, string>> => {
    const entries = await callApi<OptionListEntry[]>(page, 'GET', '/api/option/');
    return Object.fromEntries(entries.map((entry) => [entry.key, entry.value]));
  };
  const storedMap = async (key: string): Promise<Record<string, number>> =>
    JSON.parse((await storedOptions())[key]) as Record<string, number>;
  /** Waits until `check` holds for what the server stores (a save's calls run in parallel). */
  const eventually = async (check: (stored: Record<string, string>) => void): Promise<void> => {
    const deadline = Date.now() + STEP_TIMEOUT;
    for (;;) {
      const stored = await storedOptions();
      try {
        check(stored);
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
  const parsed = (stored: Record<string, string>, key: string): Record<string, number> =>
    JSON.parse(stored[key]) as Record<string, number>;
  const openRatios = async (): Promise<void> => {
    await page.goto(`${journey.baseUrl}/admin/settings?tab=operation`);
    await visible(ratios());
    await ratios().scrollIntoViewIfNeeded();
  };
  /** A picture of `target` (the ratio card), or of the window when a dialog or a confirmation is open. */
  const screenshot = async (name: string, target?: Locator): Promise<void> => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const file = path.join(SCREENSHOT_DIR, `${name}.png`);
    if (target) await target.screenshot({ path: file, animations: 'disabled' });
    else await page.screenshot({ path: file, animations: 'disabled' });
  };
  const setLanguage = async (language: 'zh' | 'en'): Promise<void> => {
    await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
  };

  beforeAll(async () => {
    journey = await ConsoleJourney.start();
    page = await journey.signedInPage();
    // A channel serving one priced model and two nobody has priced yet.
    await callApi(page, 'POST', '/api/channel/', {
      name: 'journey-unpriced',
      type: 1,
      key: 'sk-upstream',
      base_url: 'http://127.0.0.1:9',
      models: ['gpt-4o-mini', ...UNPRICED].join(','),
      group: 'default',
    });
  });

  afterAll(() => journey?.stop());

  step('the ratio settings open on the model ratio editors, stored JSON shown indented', async () => {
    await openRatios();
    await visible(ratios().getByRole('tab', { name: '模型倍率设置', selected: true }));
    for (const label of ['模型固定价格', '模型倍率', '补全倍率', '缓存倍率'])
      await visible(pane().getByLabel(label));
    expect(await pane().getByLabel('模型倍率').inputValue()).toContain('\n  "gpt-4o-mini": 0.075');
    await screenshot('settings-ratios-01-model-zh', ratios());
  });

  step('invalid JSON is refused with the spec’s message and nothing is stored', async () => {
    const before = (await storedOptions()).ModelRatio;
    await pane().getByLabel('模型倍率').fill('{"gpt-4o-mini": 0.075,');
    await pane().getByRole('button', { name: '保存', exact: true }).click();
    await fieldError(pane(), '不是合法的 JSON 字符串');
    await screenshot('settings-ratios-02-invalid-json-zh', ratios());
    expect((await storedOptions()).ModelRatio).toBe(before);
  });

  step('a model ratio typed as JSON is saved', async () => {
    await pane().getByLabel('模型倍率').fill('{"gpt-4o-mini": 0.1, "journey-json-model": 3}');
    await click(pane().getByRole('button', { name: '保存', exact: true }));
    await toast('保存成功');
    await eventually((stored) =>
      expect(parsed(stored, 'ModelRatio')).toEqual({ 'gpt-4o-mini': 0.1, 'journey-json-model': 3 }),
    );
  });

  step(
    'resetting the model ratios asks first; cancelling keeps them, confirming restores the defaults',
    async () => {
      await pane().getByRole('button', { name: '重置模型倍率' }).click();
      const confirm = page.locator('.ant-popover').filter({ hasText: '确定重置模型倍率吗？' });
      await visible(confirm);
      await afterMotion(page);
      await screenshot('settings-ratios-03-reset-confirm-zh');
      await confirm.getByRole('button', { name: '取消' }).click();
      expect(await storedMap('ModelRatio')).toEqual({ 'gpt-4o-mini': 0.1, 'journey-json-model': 3 });

      await pane().getByRole('button', { name: '重置模型倍率' }).click();
      await click(confirm.getByRole('button', { name: '确定' }));
      await toast('重置成功');
      await eventually((stored) => expect(parsed(stored, 'ModelRatio')).toEqual(DEFAULT_MODEL_RATIO));
      await visible(pane().getByLabel('模型倍率'));
      await page.waitForFunction(
        () =>
          !document.querySelector<HTMLTextAreaElement>('#ModelRatio')?.value.includes('journey-json-model'),
        undefined,
        { timeout: STEP_TIMEOUT, polling: POLL_MS },
      );
    },
  );

  step('the visual editor lists each model with its price and ratios; a search finds one', async () => {
    await subTab('可视化倍率设置');
    await pane().getByLabel('搜索模型名称').fill('gpt-4o-mini');
    await waitForCount(rows(), 2); // gpt-4o-mini and gpt-4o-mini-2024-07-18
    const mini = row('gpt-4o-mini');
    expect(await mini.getByLabel('模型倍率 gpt-4o-mini').inputValue()).toBe('0.075');
    expect(await mini.getByLabel('补全倍率 gpt-4o-mini').inputValue()).toBe('4');
    await screenshot('settings-ratios-04-visual-zh', ratios());
  });

  step('a value typed into the table must be a number (请输入数字)', async () => {
    const price = row('gpt-4o-mini').getByLabel('固定价格（美元/次） gpt-4o-mini');
    await price.pressSequentially('x');
    await toast('请输入数字');
    expect(await price.inputValue()).toBe('');
  });

  step(
    'a model added by per-token prices gets the converted ratios, with each message on the way',
    async () => {
      await pane().getByRole('button', { name: '添加模型' }).click();
      await visible(dialog());
      await dialog().getByLabel('模型名称', { exact: true }).fill(TOKEN_PRICED);
      await dialog().getByText('按输入/输出价格').click();
      await dialog().getByLabel('输入价格', { exact: true }).fill('abc');
      await fieldError(dialog(), '请输入数字');
      await dialog().getByLabel('输入价格', { exact: true }).fill('0');
      await fieldError(dialog(), '模型价格不能为0');
      await dialog().getByLabel('输入价格', { exact: true }).fill('0.3');
      await dialog().getByLabel('输出价格', { exact: true }).fill('1.2');
      await visible(dialog().getByText('换算结果：模型倍率 0.15，补全倍率 4'));
      await afterMotion(page);
      await screenshot('settings-ratios-05-add-token-prices-zh');
      await dialog().getByRole('button', { name: '确定' }).click();
      await dialog().waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
      // A new model is listed first until saved.
      const added = rows().first();
      await visible(added.getByText(TOKEN_PRICED, { exact: true }));
      expect(await added.getByLabel(`模型倍率 ${TOKEN_PRICED}`).inputValue()).toBe('0.15');
      expect(await added.getByLabel(`补全倍率 ${TOKEN_PRICED}`).inputValue()).toBe('4');
    },
  );

  step('a name already listed is refused (模型名称已存在)', async () => {
    await pane().getByRole('button', { name: '添加模型' }).click();
    await dialog().getByLabel('模型名称', { exact: true }).fill('dall-e-3');
    await dialog().getByLabel('模型倍率', { exact: true }).fill('1');
    await dialog().getByRole('button', { name: '确定' }).click();
    await fieldError(dialog(), '模型名称已存在');
    await dialog().getByRole('button', { name: '取消' }).click();
    await dialog().waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
  });

  step(
    'editing a model to a per-call price clears its ratios; a deleted model goes; Save writes it',
    async () => {
      await pane().getByLabel('搜索模型名称').fill('gpt-4o-mini');
      await row('gpt-4o-mini').getByRole('button', { name: '编辑' }).click();
      await visible(dialog().getByText('编辑模型：gpt-4o-mini'));
      await dialog().getByText('按次计费').click();
      await dialog().getByLabel('固定价格', { exact: true }).fill('0.02');
      await dialog().getByRole('button', { name: '确定' }).click();
      await dialog().waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
      const mini = row('gpt-4o-mini');
      expect(await mini.getByLabel('固定价格（美元/次） gpt-4o-mini').inputValue()).toBe('0.02');
      await disabled(mini.getByLabel('模型倍率 gpt-4o-mini'));

      await pane().getByLabel('搜索模型名称').fill('dall-e-3');
      await row('dall-e-3').getByRole('button', { name: '删除' }).click();
      await waitForCount(rows(), 0);

      await click(pane().getByRole('button', { name: '保存', exact: true }));
      await toast('保存成功');
      await eventually((stored) => {
        const price = parsed(stored, 'ModelPrice');
        const ratio = parsed(stored, 'ModelRatio');
        const completion = parsed(stored, 'CompletionRatio');
        expect(price['gpt-4o-mini']).toBe(0.02);
        expect(price['dall-e-3']).toBeUndefined();
        expect(ratio['gpt-4o-mini']).toBeUndefined();
        expect(completion['gpt-4o-mini']).toBeUndefined();
        expect(ratio[TOKEN_PRICED]).toBe(0.15);
        expect(completion[TOKEN_PRICED]).toBe(4);
        // Untouched models keep their values.
        expect(ratio['gpt-4o']).toBe(1.25);
      });
    },
  );

  step(
    'after a reload the model is kept, its dialog shows the prices back (× 2), and an unchanged save says so',
    async () => {
      await openRatios();
      await subTab('可视化倍率设置');
      await pane().getByLabel('搜索模型名称').fill(TOKEN_PRICED);
      await waitForCount(rows(), 1);
      await row(TOKEN_PRICED).getByRole('button', { name: '编辑' }).click();
      await visible(dialog().getByText(`编辑模型：${TOKEN_PRICED}`));
      // Twice in full runs the mode switch clicked mid-zoom did not take: pick it once the dialog stands still.
      await afterMotion(page);
      await dialog().getByRole('radio', { name: '按输入/输出价格' }).check();
      expect(await dialog().getByLabel('输入价格', { exact: true }).inputValue()).toBe('0.3');
      expect(await dialog().getByLabel('输出价格', { exact: true }).inputValue()).toBe('1.2');
      await dialog().getByRole('button', { name: '取消' }).click();
      await dialog().waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
      await click(pane().getByRole('button', { name: '保存', exact: true }));
      await toast('你似乎并没有修改什么');
    },
  );

  step('models a channel serves without a price are listed; batch fill says what is missing', async () => {
    await subTab('未设置倍率模型');
    await waitForCount(rows(), UNPRICED.length);
    for (const name of UNPRICED) await visible(row(name));
    const fill = pane().getByRole('button', { name: '填充选中模型' });
    await click(fill);
    await toast('请先选择需要批量设置的模型');

    await row(UNPRICED[0]).getByRole('checkbox').check();
    await click(fill);
    await toast('请输入填充值');
    await pane().getByLabel('固定价格（美元/次）', { exact: true }).fill('abc');
    await click(fill);
    await toast('请输入有效的数字');
    await pane().getByLabel('固定价格（美元/次）', { exact: true }).fill('0.05');
    await click(fill);
    expect(await row(UNPRICED[0]).getByLabel(`固定价格（美元/次） ${UNPRICED[0]}`).inputValue()).toBe('0.05');

    await row(UNPRICED[0]).getByRole('checkbox').uncheck();
    await row(UNPRICED[1]).getByRole('checkbox').check();
    await pane().getByLabel('批量填充').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '模型倍率和补全倍率' })
      .click();
    await pane().getByLabel('模型倍率', { exact: true }).fill('2');
    await click(fill);
    await toast('请输入模型倍率和补全倍率');
    await pane().getByLabel('补全倍率', { exact: true }).fill('3');
    await click(fill);
    expect(await row(UNPRICED[1]).getByLabel(`模型倍率 ${UNPRICED[1]}`).inputValue()).toBe('2');
    expect(await row(UNPRICED[1]).getByLabel(`补全倍率 ${UNPRICED[1]}`).inputValue()).toBe('3');
    await waitForCount(notices(), 0);
    await screenshot('settings-ratios-06-unset-filled-zh', ratios());
  });

  step('saving prices the models: they leave the list and the options hold them', async () => {
    await click(pane().getByRole('button', { name: '保存', exact: true }));
    await toast('保存成功');
    await visible(pane().getByText('所有已启用的模型都已设置价格或倍率'));
    await eventually((stored) => {
      expect(parsed(stored, 'ModelPrice')[UNPRICED[0]]).toBe(0.05);
      expect(parsed(stored, 'ModelRatio')[UNPRICED[1]]).toBe(2);
      expect(parsed(stored, 'CompletionRatio')[UNPRICED[1]]).toBe(3);
      expect(parsed(stored, 'ModelPrice')['gpt-4o-mini']).toBe(0.02);
    });
  });

  step(
    'fallback pricing: switched on with nothing, or one ratio alone, is refused with the spec’s message',
    async () => {
      await subTab('兜底定价');
      const conflict = '请检查兜底倍率配置：使用单次价格时不能设置倍率，使用倍率时需要同时设置输入和补全倍率';
      expect(await pane().getByLabel('输入倍率').getAttribute('placeholder')).toBe('1.0');
      expect(await pane().getByLabel('补全倍率').getAttribute('placeholder')).toBe('2.0');
      await pane().getByRole('switch', { name: '启用兜底定价' }).click();
      await pane().getByRole('button', { name: '保存', exact: true }).click();
      await fieldError(pane(), conflict);
      await pane().getByLabel('输入倍率').fill('1');
      await pane().getByRole('button', { name: '保存', exact: true }).click();
      await fieldError(pane(), conflict);
      await screenshot('settings-ratios-07-fallback-conflict-zh', ratios());
      expect((await storedOptions()).fallback_pricing_enabled).toBe('false');
    },
  );

  step('fallback pricing: entering ratios disables the single price, and both ratios are saved', async () => {
    await disabled(pane().getByLabel('单次价格'));
    await pane().getByLabel('补全倍率').fill('2');
    // The form re-checks the refused fields once both ratios are there; saving before that check ends
    // (a busy host) can meet the old verdict and save nothing.
    await waitForCount(pane().locator('.ant-form-item-explain-error'), 0);
    await click(pane().getByRole('button', { name: '保存', exact: true }));
    await toast('保存成功');
    await eventually((stored) =>
      expect([
        stored.fallback_pricing_enabled,
        stored.fallback_input_ratio,
        stored.fallback_completion_ratio,
      ]).toEqual(['true', '1', '2']),
    );
  });

  step('fallback pricing: switching to a single price clears the ratios on the server too', async () => {
    await pane().getByLabel('输入倍率').fill('');
    await pane().getByLabel('补全倍率').fill('');
    await pane().getByLabel('单次价格').fill('0.01');
    await disabled(pane().getByLabel('输入倍率'));
    await disabled(pane().getByLabel('补全倍率'));
    await click(pane().getByRole('button', { name: '保存', exact: true }));
    await toast('保存成功');
    await eventually((stored) =>
      expect([
        stored.fallback_single_price,
        stored.fallback_input_ratio,
        stored.fallback_completion_ratio,
      ]).toEqual(['0.01', '', '']),
    );
    await openRatios();
    await subTab('兜底定价');
    // Shown to the step's three decimals.
    expect(await pane().getByLabel('单次价格').inputValue()).toBe('0.010');
    await disabled(pane().getByLabel('输入倍率'));
    await screenshot('settings-ratios-08-fallback-single-zh', ratios());
  });

  step('in English: each sub-tab with its messages in English', async () => {
    await setLanguage('en');
    await page.goto(`${journey.baseUrl}/admin/settings?tab=operation`);
    const card = page.locator('.ant-card:has(> .ant-card-head .ant-card-head-title:text-is("Ratios"))');
    await visible(card);
    await card.scrollIntoViewIfNeeded();
    await screenshot('settings-ratios-09-model-en', card);
    await card.getByRole('tab', { name: 'Visual editor' }).click();
    await card.getByRole('button', { name: 'Add model' }).click();
    await dialog().getByText('By input/output price').click();
    await dialog().getByLabel('Input price', { exact: true }).fill('0.15');
    await dialog().getByLabel('Output price', { exact: true }).fill('0.6');
    await visible(dialog().getByText('Converted: model ratio 0.075, completion ratio 4'));
    await afterMotion(page);
    await screenshot('settings-ratios-10-visual-dialog-en');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
    await card.getByRole('tab', { name: 'Models without a ratio' }).click();
    await card.getByRole('tabpanel').getByRole('button', { name: 'Fill selected models' }).click();
    await toast('Select the models to set first');
    await card.getByRole('tab', { name: 'Fallback pricing' }).click();
    await screenshot('settings-ratios-11-fallback-en', card);
  });

  step('at 390 px the visual editor fits the phone, each row opening to its ratios and actions', async () => {
    await setLanguage('zh');
    await page.setViewportSize(PHONE);
    await openRatios();
    await subTab('可视化倍率设置');
    await pane().getByLabel('搜索模型名称').fill('gpt-4o');
    await visible(rows().first());
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await rows().first().locator('.ant-table-row-expand-icon').click();
    const details = pane().locator('.ant-table-expanded-row .ant-descriptions').first();
    await visible(details.getByRole('button', { name: '编辑' }));
    await screenshot('settings-ratios-12-visual-phone-zh', ratios());
    await subTab('兜底定价');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot('settings-ratios-13-fallback-phone-zh', ratios());
    await page.setViewportSize(DESKTOP);
  });

  step('no script errors on the way', () => {
    expect(journey.pageErrors).toEqual([]);
    return Promise.resolve();
  });
});
