import type { ChannelAddAnswer, ChannelView, Envelope } from '@tollgate/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { STEP_TIMEOUT, afterMotion, orderedSteps, visible, dialogShown } from './support/steps';
import { type RunningServer, startServer } from './support/server';
import { checkPhoneLayout } from './support/phone-layout';
import { completeSetup, openSignedIn } from './support/session';

// An administrator adds two channels at once (batch mode, one key per line), tags them, and manages them;
// in Chinese so the spec's messages are checked verbatim.
const CHANNEL_NAME = 'journey-openai';
const TAG = 'journey-tag';

const step = orderedSteps();

describe('channels: batch add, batch tag, tag mode, validation, disable', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  let server: RunningServer;

  const drawer = (): Locator => page.locator('.ant-drawer-section');
  const channelRows = (): Locator =>
    page.locator('.ant-table-tbody tr.ant-table-row', { hasText: CHANNEL_NAME });
  const drawerScreenshot = async (name: string): Promise<void> => {
    await drawer().locator('.ant-drawer-title').click();
    await drawer()
      .locator('.ant-drawer-body')
      .evaluate((body) => body.scrollTo(0, 0));
    await afterMotion(page);
    await screenshot(page, name);
  };
  const openAddDrawer = async (): Promise<void> => {
    await page.getByRole('button', { name: '添加渠道' }).click();
    await visible(drawer().locator('.ant-drawer-title', { hasText: '添加渠道' }));
  };

  beforeAll(async () => {
    server = await startServer();
    await completeSetup(server.baseUrl);
    browser = await launchBrowser();
    context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await openSignedIn(page, server.baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  step('opens the channel screen from the side menu with an empty table', async () => {
    await page.getByRole('menuitem', { name: /渠道管理/ }).click();
    await page.waitForURL((url) => url.pathname === '/admin/channels', { timeout: STEP_TIMEOUT });
    await visible(page.getByRole('heading', { name: '渠道管理' }));
    await visible(page.locator('.ant-table-tbody .ant-empty-description', { hasText: '暂无数据' }));
    await screenshot(page, 'channels-01-empty');
  });

  step('adds two channels in batch mode, one per key line', async () => {
    await openAddDrawer();
    const form = drawer();
    await form.getByLabel('名称', { exact: true }).fill(CHANNEL_NAME);
    await form.getByText('批量添加').click();
    // Batch mode swaps the key input for a text area: filling before the swap would lose the keys.
    await visible(form.locator('textarea#key'));
    await form.getByLabel('密钥', { exact: true }).fill('sk-journey-first\nsk-journey-second');
    const models = form.getByRole('combobox', { name: '模型', exact: true });
    await models.fill('gpt-4o-mini');
    await models.press('Enter');
    await visible(form.locator('.ant-select-selection-item', { hasText: 'gpt-4o-mini' }));
    await visible(form.locator('.ant-select-selection-item', { hasText: 'default' }));
    await drawerScreenshot('channels-02-batch-form');

    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/api/channel/') && response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: '提交' }).click();
    const body = (await (await answer).json()) as Envelope<ChannelAddAnswer>;
    expect(body.success).toBe(true);
    expect(body.data?.ids).toHaveLength(2);
    await visible(page.getByText('渠道创建成功！共创建 2 个渠道'));
    await drawer().waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
    await expect(channelRows().count()).resolves.toBe(2);
    await screenshot(page, 'channels-03-two-channels');
  });

  step('sets a tag on both channels at once', async () => {
    await channelRows().nth(0).getByRole('checkbox').check();
    await channelRows().nth(1).getByRole('checkbox').check();
    await visible(page.getByText('已选择 2 个渠道'));
    await page.getByRole('button', { name: '批量设置标签' }).click();
    const dialog = page.getByRole('dialog', { name: '批量设置标签' });
    await dialogShown(dialog);
    await visible(dialog.getByText('将为 2 个渠道设置标签'));
    await dialog.getByRole('button', { name: '确定' }).click();
    await visible(dialog.getByText('标签不能为空！'));
    await dialog.getByPlaceholder('请输入要设置的标签名称').fill(TAG);
    await afterMotion(page);
    await screenshot(page, 'channels-04-batch-tag-dialog');
    await dialog.getByRole('button', { name: '确定' }).click();
    await visible(page.getByText('已为 2 个渠道设置标签'));
    await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
    await visible(channelRows().first().getByText(TAG));
  });

  step('shows both channels under their tag in tag mode, remembered after a reload', async () => {
    await page.getByRole('switch', { name: '标签聚合模式' }).click();
    const tagRow = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '2 个渠道' });
    await visible(tagRow.getByText(TAG));
    await expect(channelRows().count()).resolves.toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('channels-tag-mode'))).toBe('true');

    await page.reload();
    await visible(tagRow.getByText(TAG));
    await tagRow.getByRole('button', { name: /展开/ }).click();
    await expect(channelRows().count()).resolves.toBe(2);
    await visible(tagRow.getByText('2/2 已启用'));
    await screenshot(page, 'channels-05-tag-mode');
  });

  step('edits the tag: an unchanged save is refused, a tag-wide priority applies to both', async () => {
    const tagRow = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '2 个渠道' });
    await tagRow.getByRole('button', { name: '编辑标签' }).click();
    const dialog = page.getByRole('dialog', { name: `编辑标签「${TAG}」` });
    await dialogShown(dialog);
    await visible(dialog.getByLabel('标签名称'));
    await dialog.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('没有任何修改！'));
    await afterMotion(page);
    await screenshot(page, 'channels-06-tag-edit-unchanged');
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });

    const tagPriority = tagRow.getByRole('spinbutton', { name: `优先级 ${TAG}` });
    await tagPriority.fill('5');
    await tagPriority.press('Enter');
    await visible(page.getByText(`标签「${TAG}」下所有渠道的优先级已更新`));
    // Both channels of the tag now hold the new priority.
    const updated = page.locator(`input[aria-label="优先级 ${CHANNEL_NAME}"][aria-valuenow="5"]`);
    await visible(updated.nth(1));
  });

  step('refuses a channel without a key and warns about a base URL ending in /v1', async () => {
    await openAddDrawer();
    const form = drawer();
    await form.getByLabel('名称', { exact: true }).fill('journey-missing-key');
    await form.getByRole('button', { name: '提交' }).click();
    await visible(page.getByText('请填写渠道名称和渠道密钥！'));
    await drawerScreenshot('channels-07-missing-key');

    await form.getByLabel('密钥', { exact: true }).fill('sk-journey-third');
    await form.getByLabel('API 地址（Base URL）').fill('https://api.example.com/v1/');
    await visible(form.getByText('通常不需要以 /v1 结尾'));
    const models = form.getByRole('combobox', { name: '模型', exact: true });
    await models.fill('gpt-4o-mini');
    await models.press('Enter');
    await form.getByRole('button', { name: '提交' }).click();
    const warning = page.getByRole('dialog', { name: '警告' });
    await visible(warning.getByText(/API 地址以 \/v1 结尾/));
    await afterMotion(page);
    await screenshot(page, 'channels-08-v1-warning');
    await warning.getByRole('button', { name: '取消' }).click();
    await form.getByRole('button', { name: '取消' }).click();
    await drawer().waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
  });

  step('disables one channel: its row is greyed and the tag shows 1/2 enabled', async () => {
    const first = channelRows().first();
    const firstName = await first.locator('td').nth(2).innerText();
    await first.getByRole('button', { name: '禁用', exact: true }).click();
    await visible(page.getByText('渠道已禁用'));
    const disabledRow = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '已禁用' });
    await visible(disabledRow);
    expect(await disabledRow.locator('td').nth(2).innerText()).toBe(firstName);
    await visible(page.getByText('1/2 已启用'));

    const background = (row: Locator) =>
      row
        .locator('td')
        .first()
        .evaluate((cell) => getComputedStyle(cell).backgroundColor);
    const enabledRow = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '已启用' }).last();
    expect(await background(disabledRow)).not.toBe(await background(enabledRow));
    await screenshot(page, 'channels-09-disabled-greyed');
  });

  step('refuses a priority that is not an integer and a negative weight on the field itself', async () => {
    const row = channelRows().first();
    const priority = row.getByRole('spinbutton', { name: /优先级/ });
    await priority.fill('1.5');
    await priority.press('Enter');
    await visible(page.getByRole('tooltip', { name: '优先级必须是整数！' }));
    await expect(priority.getAttribute('aria-invalid')).resolves.toBe('true');
    await screenshot(page, 'channels-10-priority-not-integer');
    // Corrected back to the stored priority (set tag-wide above): the error goes, nothing is sent.
    await priority.fill('5');
    await priority.press('Enter');
    await page
      .getByRole('tooltip', { name: '优先级必须是整数！' })
      .waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });

    const weight = row.getByRole('spinbutton', { name: /权重/ });
    await weight.fill('-1');
    await weight.press('Enter');
    // Not turned into 0 silently: the typed value stays, with the spec's words.
    await visible(page.getByRole('tooltip', { name: '权重必须是非负整数！' }));
    expect(await weight.inputValue()).toBe('-1');
    await screenshot(page, 'channels-11-weight-negative');
    await weight.fill('0');
    await weight.press('Enter');
    await page
      .getByRole('tooltip', { name: '权重必须是非负整数！' })
      .waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
  });

  step('copies a channel on the server: a working copy, with the key it never showed', async () => {
    await page.getByRole('switch', { name: '标签聚合模式' }).click();
    await visible(channelRows().first());
    const source = channelRows().last();
    const sourceId = Number(await source.locator('td').nth(1).innerText());
    await source.getByRole('button', { name: '复制' }).click();
    const confirm = page.getByRole('tooltip').filter({ hasText: '确定是否要复制此渠道？' });
    await dialogShown(confirm);
    await screenshot(page, 'channels-12-copy-confirm');
    const answer = page.waitForResponse((response) =>
      response.url().includes(`/api/channel/copy/${sourceId}`),
    );
    await confirm.getByRole('button', { name: '确定' }).click();
    const body = (await (await answer).json()) as Envelope<ChannelView>;
    expect(body.success).toBe(true);
    expect(JSON.stringify(body)).not.toContain('sk-journey');
    expect(body.data).toMatchObject({ name: `${CHANNEL_NAME}_复制`, has_key: true, models: 'gpt-4o-mini' });
    await visible(page.locator('.ant-message', { hasText: `渠道复制成功：${CHANNEL_NAME}_复制` }));
    await visible(page.locator('.ant-table-tbody tr.ant-table-row', { hasText: `${CHANNEL_NAME}_复制` }));
    await screenshot(page, 'channels-13-copied');
  });

  step('hides a column in the column settings and remembers it', async () => {
    await page.getByRole('button', { name: '列设置' }).click();
    const dialog = page.getByRole('dialog', { name: '列设置' });
    await dialog.getByRole('checkbox', { name: '响应时间' }).uncheck();
    await afterMotion(page);
    await screenshot(page, 'channels-14-column-settings');
    await dialog.getByRole('button', { name: '确定' }).click();
    await page
      .locator('.ant-table-thead th', { hasText: '响应时间' })
      .waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
    const stored = await page.evaluate(() => localStorage.getItem('channels-table-columns'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ responseTime: false, status: true });
    await page.reload();
    await visible(page.locator('.ant-table-thead th', { hasText: '状态' }));
    await expect(page.locator('.ant-table-thead th', { hasText: '响应时间' }).count()).resolves.toBe(0);
    await screenshot(page, 'channels-15-column-hidden');
  });

  step('on a phone shows each channel by name and status, the rest in its row details', async () => {
    await checkPhoneLayout(page, 'channels-16', {
      zh: { key: '状态', detail: '优先级', action: '编辑' },
      en: { key: 'Status', detail: 'Priority', action: 'Edit' },
    });
    expect(pageErrors).toEqual([]);
  });
});
