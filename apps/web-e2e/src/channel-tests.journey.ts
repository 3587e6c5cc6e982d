import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { STEP_TIMEOUT, afterMotion, orderedSteps, visible, dialogShown } from './support/steps';
import { type MockProcess, startMock } from './support/mock-upstream';
import { type RunningServer, startServer } from './support/server';
import { completeSetup, openSignedIn } from './support/session';

// An administrator points two channels at the mock upstream (one answers after 1.5 s), fetches a model list,
// tests every channel and watches the progress, tests one channel with the model dialog and reads a balance;
// in Chinese. The mock's balance answers are the amount written in the key (sk-balance-12.5 → 12.5).
const FAST = 'journey-fast';
const SLOW = 'journey-slow';
const SLOW_BEHAVIOUR = JSON.stringify({ 'x-mock-behaviour': 'slow-first-byte,delayMs=1500' });
const BROKEN = 'journey-broken';
const BROKEN_BEHAVIOUR = JSON.stringify({ 'x-mock-behaviour': '500' });
// Spec §9: up to 1 s green, 3 s lime, 5 s yellow, then red (as the tag's class names it).
const colourOf = (seconds: number): RegExp =>
  new RegExp(`\\b${seconds <= 1 ? 'green' : seconds <= 3 ? 'lime' : seconds <= 5 ? 'yellow' : 'red'}\\b`);

const step = orderedSteps();

describe('channel tests: fetch models, test all with progress, test one, update a balance', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let server: RunningServer;
  let mock: MockProcess;
  const pageErrors: string[] = [];

  const drawer = (): Locator => page.locator('.ant-drawer-section');
  const row = (name: string): Locator => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });
  const responseTag = (name: string): Locator => row(name).locator('.ant-tag', { hasText: /^\d+\.\d\d 秒$/ });

  async function addChannel(
    name: string,
    key: string,
    fill: (form: Locator) => Promise<void>,
  ): Promise<void> {
    await page.getByRole('button', { name: '添加渠道' }).click();
    const form = drawer();
    await visible(form.locator('.ant-drawer-title', { hasText: '添加渠道' }));
    await form.getByLabel('名称', { exact: true }).fill(name);
    await form.getByLabel('密钥', { exact: true }).fill(key);
    await form.getByLabel('API 地址（Base URL）').fill(mock.url);
    await fill(form);
    await form.getByRole('button', { name: '提交' }).click();
    await visible(page.getByText('渠道创建成功！').last());
    await form.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
    await visible(row(name));
  }

  beforeAll(async () => {
    mock = await startMock();
    server = await startServer();
    await completeSetup(server.baseUrl);
    browser = await launchBrowser();
    context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await openSignedIn(page, server.baseUrl);
    await page.getByRole('menuitem', { name: /渠道管理/ }).click();
    await page.waitForURL((url) => url.pathname === '/admin/channels', { timeout: STEP_TIMEOUT });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mock?.stop();
  });

  step('asks for the key before fetching models, then fills the models from the provider', async () => {
    await addChannel(FAST, 'sk-balance-12.5', async (form) => {
      await form.getByLabel('密钥', { exact: true }).fill('');
      await form.getByRole('button', { name: '获取模型列表' }).click();
      await visible(page.locator('.ant-message', { hasText: '请填写密钥' }));
      await form.getByLabel('密钥', { exact: true }).fill('sk-balance-12.5');
      await form.getByRole('button', { name: '获取模型列表' }).click();
      await visible(page.locator('.ant-message', { hasText: /已获取 \d+ 个模型/ }));
      await visible(form.locator('.ant-select-selection-item', { hasText: 'gpt-4o-mini' }));
      await visible(form.locator('.ant-select-selection-item', { hasText: 'text-embedding-3-small' }));
      await form.locator('.ant-drawer-title').click();
      await afterMotion(page);
      await screenshot(page, 'channel-tests-01-fetched-models');
    });
  });

  step('adds a second channel that answers after 1.5 s', async () => {
    await addChannel(SLOW, 'sk-journey-slow', async (form) => {
      const models = form.getByRole('combobox', { name: '模型', exact: true });
      await models.fill('gpt-4o-mini');
      await models.press('Enter');
      await form.getByText('高级设置').click();
      await form.getByLabel('请求头覆盖').fill(SLOW_BEHAVIOUR);
    });
    await expect(responseTag(FAST).count()).resolves.toBe(0);
    await visible(row(SLOW).getByText('未测试'));
  });

  step(
    'tests all channels: the button waits, the progress reaches 100% and the times are coloured',
    async () => {
      const testAll = page.getByRole('button', { name: '测试所有渠道' });
      await testAll.click();
      const progress = page.getByRole('status', { name: '渠道测试' });
      await visible(progress);
      await expect(testAll.isDisabled()).resolves.toBe(true);
      await screenshot(page, 'channel-tests-02-running');
      await visible(progress.getByText('已完成'));
      await visible(progress.getByText('2/2：成功 2，失败 0，跳过 0'));
      await visible(
        progress
          .locator('.ant-progress-text', { hasText: '100%' })
          .or(progress.locator('.anticon-check-circle')),
      );
      await expect(testAll.isEnabled()).resolves.toBe(true);

      await visible(responseTag(FAST));
      await visible(responseTag(SLOW));
      const fastSeconds = Number.parseFloat(await responseTag(FAST).innerText());
      const slowSeconds = Number.parseFloat(await responseTag(SLOW).innerText());
      // The slow channel waits 1.5 s before its first byte, however idle the machine; how long the fast one
      // takes depends on how busy it is, so each time is checked against its own colour, not a clock.
      expect(slowSeconds).toBeGreaterThanOrEqual(1.5);
      expect(fastSeconds).toBeLessThan(slowSeconds);
      await expect(responseTag(FAST).getAttribute('class')).resolves.toMatch(colourOf(fastSeconds));
      await expect(responseTag(SLOW).getAttribute('class')).resolves.toMatch(colourOf(slowSeconds));
      await screenshot(page, 'channel-tests-03-tested-all');
    },
  );

  step('tests one channel with a model picked in the dialog', async () => {
    await row(FAST).getByRole('button', { name: '测试', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `测试渠道 ${FAST}` });
    await dialogShown(dialog);
    await dialog.getByRole('combobox', { name: '测试模型' }).click();
    await page.locator('.ant-select-item-option', { hasText: 'gpt-4o-mini' }).first().click();
    await visible(dialog.locator('.ant-select-content[title="gpt-4o-mini"]'));
    await page.locator('.ant-select-dropdown').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
    await afterMotion(page);
    await screenshot(page, 'channel-tests-04-test-dialog');
    await dialog.getByRole('button', { name: '测试', exact: true }).click();
    await visible(
      page.locator('.ant-message', { hasText: new RegExp(`渠道 ${FAST} 测试成功，耗时 \\d+\\.\\d\\d 秒`) }),
    );
    // A passed test closes the dialog.
    await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
  });

  step('updates the balance of a channel', async () => {
    await row(FAST).getByRole('button', { name: '更新余额' }).click();
    await visible(page.locator('.ant-message', { hasText: `渠道 ${FAST} 余额更新成功：12.50` }));
    await visible(row(FAST).getByText('$12.50'));
    await screenshot(page, 'channel-tests-05-balance');
  });

  step('a failed test shows as failed: a red reason in the dialog, the toast, and the row', async () => {
    await addChannel(BROKEN, 'sk-journey-broken', async (form) => {
      const models = form.getByRole('combobox', { name: '模型', exact: true });
      await models.fill('gpt-4o-mini');
      await models.press('Enter');
      await form.getByText('高级设置').click();
      await form.getByLabel('请求头覆盖').fill(BROKEN_BEHAVIOUR);
    });
    await row(BROKEN).getByRole('button', { name: '测试', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `测试渠道 ${BROKEN}` });
    await dialogShown(dialog);
    await dialog.getByRole('button', { name: '测试', exact: true }).click();
    await visible(dialog.locator('.ant-alert-error', { hasText: '测试失败' }));
    await visible(page.locator('.ant-message-error'));
    const failed = row(BROKEN).locator('.ant-tag', { hasText: '测试失败' });
    await visible(failed);
    await expect(failed.getAttribute('class')).resolves.toMatch(/\bred\b/);
    await afterMotion(page);
    await screenshot(page, 'channel-tests-06-failed-test');
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
  });

  step('a copied channel works without its key typed again: its test passes', async () => {
    await row(FAST).first().getByRole('button', { name: '复制' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '确定' }).click();
    const copy = row(`${FAST}_复制`);
    await visible(copy);
    await visible(copy.getByText('未测试'));
    await copy.getByRole('button', { name: '测试', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `测试渠道 ${FAST}_复制` });
    await dialog.getByRole('button', { name: '测试', exact: true }).click();
    // A passed test closes the dialog and colours the copy's time.
    await visible(
      page.locator('.ant-message', {
        hasText: new RegExp(`渠道 ${FAST}_复制 测试成功，耗时 \\d+\\.\\d\\d 秒`),
      }),
    );
    await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
    await visible(copy.locator('.ant-tag', { hasText: /^\d+\.\d\d 秒$/ }));
    await screenshot(page, 'channel-tests-07-copy-tested');
    expect(pageErrors).toEqual([]);
  });
});
