import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { STEP_TIMEOUT, onPath, orderedSteps, visible, dialogShown } from './support/steps';
import { checkPhoneLayout } from './support/phone-layout';
import { completeSetup, openSignedIn } from './support/session';

// Root manages one user from creation to deletion on /admin/users (zh-CN).
const BOB = { username: 'bob', password: 'Bob#2024!x' };
const userRow = (page: Page, username: string): Locator =>
  page.locator('tr.ant-table-row').filter({ has: page.getByText(username, { exact: true }) });

const step = orderedSteps();

describe('user management: create, edit, quota, promote, disable, delete', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const baseUrl = () => server.baseUrl;

  /** Confirms a row action in its dialog and waits for the server's answer. */
  async function confirmAction(action: string, title: string): Promise<void> {
    await userRow(page, BOB.username).getByRole('button', { name: action, exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: title });
    await dialogShown(dialog);
    await dialog.getByRole('button', { name: action, exact: true }).click();
    await dialog.waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
  }

  beforeAll(async () => {
    server = await startServer();
    await completeSetup(server.baseUrl);
    browser = await launchBrowser();
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  step('opens user management from the side menu; root is tagged super admin in red', async () => {
    await openSignedIn(page, baseUrl());
    await page.getByRole('menuitem', { name: /用户管理/ }).click();
    await onPath(page, '/admin/users');
    await visible(page.getByRole('heading', { name: '用户管理' }));
    const rootTag = userRow(page, 'root').getByText('超级管理员');
    await visible(rootTag);
    expect(await rootTag.getAttribute('class')).toContain('ant-tag-red');
    await screenshot(page, 'users-01-list');
  });

  step('the add drawer refuses an empty form, then creates the user', async () => {
    await page.getByRole('button', { name: '添加用户' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '添加用户' });
    await drawer.getByRole('button', { name: '提交' }).click();
    await visible(drawer.getByText('用户名不能为空'));
    await visible(drawer.getByText('请输入密码'));
    await screenshot(page, 'users-02-add-empty');

    await drawer.getByLabel('用户名').fill(BOB.username);
    await drawer.getByLabel('显示名称').fill('Bob');
    await drawer.getByLabel('密码').fill(BOB.password);
    await drawer.getByRole('button', { name: '提交' }).click();
    await visible(page.getByText('用户账户创建成功！'));
    await visible(userRow(page, BOB.username).getByText('已激活'));
    await visible(userRow(page, BOB.username).getByText('普通用户'));
    await screenshot(page, 'users-03-created');
  });

  step('edits the display name and adds quota: current + added = new, negatives allowed', async () => {
    await userRow(page, BOB.username).getByRole('button', { name: '编辑' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '编辑用户' });
    await visible(drawer.getByLabel('显示名称'));
    await drawer.getByLabel('显示名称').fill('Bobby');

    await drawer.getByRole('button', { name: '添加额度' }).click();
    const quotaDialog = page.getByRole('dialog').filter({ hasText: '新额度' });
    await quotaDialog.getByRole('spinbutton').fill('1000000');
    await visible(quotaDialog.getByText('新额度：$0.00 + $2.00 = $2.00'));
    await screenshot(page, 'users-04-quota-add');
    await quotaDialog.getByRole('button', { name: '确定' }).click();
    expect(await drawer.getByRole('spinbutton', { name: '剩余额度' }).inputValue()).toBe('1000000');

    await drawer.getByRole('button', { name: '添加额度' }).click();
    await quotaDialog.getByRole('spinbutton').fill('-250000');
    await visible(quotaDialog.getByText('新额度：$2.00 - $0.50 = $1.50'));
    await screenshot(page, 'users-05-quota-subtract');
    await quotaDialog.getByRole('button', { name: '确定' }).click();
    expect(await drawer.getByRole('spinbutton', { name: '剩余额度' }).inputValue()).toBe('750000');
    await screenshot(page, 'users-06-edit-drawer');

    await drawer.getByRole('button', { name: '提交' }).click();
    await visible(page.getByText('用户信息更新成功！'));
    const row = userRow(page, BOB.username);
    await visible(row.getByText('Bobby'));
    await visible(row.getByText('$1.50'));
  });

  step('promotes and demotes the user', async () => {
    await confirmAction('提升', '提升为管理员');
    await visible(userRow(page, BOB.username).getByText('管理员', { exact: true }));
    await confirmAction('降级', '降级为普通用户');
    await visible(userRow(page, BOB.username).getByText('普通用户'));
  });

  step('disables the user: the status tag says banned', async () => {
    await confirmAction('禁用', '禁用用户');
    await visible(page.getByText('操作成功完成！').first());
    const row = userRow(page, BOB.username);
    await visible(row.getByText('已封禁'));
    await visible(row.getByRole('button', { name: '启用' }));
    await screenshot(page, 'users-07-disabled');
  });

  step('deletes the user: the row is greyed, cancelled, without actions', async () => {
    await confirmAction('注销', '注销用户');
    const row = userRow(page, BOB.username);
    await visible(row.getByText('已注销'));
    expect(await row.getByRole('button').count()).toBe(0);
    expect(await row.evaluate((element) => getComputedStyle(element).opacity)).toBe('0.5');
    await screenshot(page, 'users-08-deleted');
  });

  step('searches by keyword and remembers the page size', async () => {
    await page.getByRole('textbox', { name: '关键字' }).fill('bob');
    await page.getByRole('button', { name: '查询' }).click();
    await page.waitForFunction(() => document.querySelectorAll('tr.ant-table-row').length === 1, undefined, {
      timeout: STEP_TIMEOUT,
      polling: 100,
    });
    await visible(userRow(page, BOB.username));

    await page.locator('.ant-pagination-options .ant-select').click();
    await page.getByRole('option', { name: '20 条/页' }).click();
    await page.reload();
    await visible(page.locator('.ant-pagination-options').getByText('20 条/页'));
    await screenshot(page, 'users-09-search-and-page-size');
  });

  step('reads in English', async () => {
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await visible(page.getByRole('heading', { name: 'Users' }));
    await visible(userRow(page, BOB.username).getByText('Cancelled'));
    await visible(userRow(page, 'root').getByText('Super admin'));
    await screenshot(page, 'users-10-english');
  });

  step('on a phone shows each user by name and status, the rest in its row details', async () => {
    await checkPhoneLayout(page, 'users-11', {
      zh: { key: '状态', detail: '统计信息', action: '编辑' },
      en: { key: 'Status', detail: 'Usage', action: 'Edit' },
    });
    expect(pageErrors).toEqual([]);
  });
});
