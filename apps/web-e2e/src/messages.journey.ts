import type { Locator, Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { answerTo, callApi } from './support/console-api';
import { ConsoleJourney } from './support/console-journey';
import { checkPhoneLayout } from './support/phone-layout';
import { registerUser } from './support/session';
import { STEP_TIMEOUT, afterMotion, onPath, orderedSteps, visible, waitForCount } from './support/steps';

const step = orderedSteps();
const READER = { username: 'reader', password: 'reader-pass-1' };
const LONG_TEXT = `**Maintenance** tonight: ${'the relay restarts at 22:00 and comes back within minutes. '.repeat(3)}`;
// Every way an HTML message could try to run script in a reader's browser.
const HOSTILE_HTML = [
  '<p id="kept">Harmless paragraph</p>',
  '<img src="x" onerror="window.__pwned = \'img\'">',
  '<script>window.__pwned = "script"</script>',
  '<a id="bad-link" href="javascript:window.__pwned = \'link\'">click me</a>',
  '<svg><animate onbegin="window.__pwned = \'svg\'" attributeName="x" dur="1s"></animate></svg>',
  '<iframe src="javascript:parent.__pwned = \'iframe\'"></iframe>',
].join('\n');

describe('messages: an administrator sends, a user reads, hostile HTML stays harmless', () => {
  let journey: ConsoleJourney;
  let admin: Page;
  let reader: Page;

  const rows = (on: Page): Locator => on.locator('tbody tr.ant-table-row');
  const drawer = (title: string): Locator => admin.getByRole('dialog').filter({ hasText: title });
  const bell = (on: Page): Locator => on.locator('header button[data-unread-count]');
  const unreadShown = async (on: Page): Promise<number> =>
    Number(await bell(on).getAttribute('data-unread-count'));
  const pwned = (on: Page): Promise<unknown> => on.evaluate(() => (window as { __pwned?: unknown }).__pwned);
  const toast = (on: Page, text: string): Promise<void> =>
    visible(on.locator('.ant-message-notice').filter({ hasText: text }).first());

  /** Fills the send drawer and submits it, addressed to the reader (picked by searching the user list). */
  async function sendToReader(title: string, content: string, format: 'Markdown' | 'HTML'): Promise<void> {
    await admin.getByRole('button', { name: '发送消息' }).first().click();
    const form = drawer('发送消息');
    await visible(form);
    await form.getByLabel('标题').fill(title);
    await form.getByText(format, { exact: true }).click();
    await form.getByLabel('内容').fill(content);
    await form.getByPlaceholder('搜索用户名、显示名称或邮箱').fill('reader');
    await form.getByPlaceholder('搜索用户名、显示名称或邮箱').press('Enter');
    const row = form.locator('tbody tr.ant-table-row').filter({ hasText: 'reader' });
    await waitForCount(form.locator('tbody tr.ant-table-row'), 1);
    await row.locator('input[type="checkbox"]').check();
    await visible(form.getByText('已选择 1 位用户'));
    await form.getByRole('button', { name: '提交' }).click();
    await toast(admin, '消息已发送给 1 位用户');
    await form.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
  }

  beforeAll(async () => {
    journey = await ConsoleJourney.start();
    await registerUser(journey.baseUrl, READER);
    admin = await journey.signedInPage();
    reader = await journey.signedInPage(READER);
  });

  afterAll(() => journey?.stop());

  step('the administrator opens message management from the menu', async () => {
    await admin.getByRole('menuitem', { name: /消息管理/ }).click();
    await onPath(admin, '/admin/messages');
    await visible(admin.getByRole('heading', { name: '消息管理' }));
    await visible(admin.locator('.ant-table-placeholder'));
  });

  step('an empty send drawer names each missing field with the spec messages', async () => {
    await admin.getByRole('button', { name: '发送消息' }).first().click();
    const form = drawer('发送消息');
    await visible(form);
    await form.getByRole('button', { name: '提交' }).click();
    for (const text of ['请输入消息标题', '请输入消息内容', '请选择至少一个收件人'])
      await visible(form.locator('.ant-form-item-explain-error').filter({ hasText: text }));
    await afterMotion(admin);
    await screenshot(admin, 'messages-01-send-drawer-errors');
    await form.getByRole('button', { name: '取消' }).click();
    await form.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
  });

  step('sends a Markdown message and a hostile HTML message to the reader', async () => {
    await sendToReader('维护通知', LONG_TEXT, 'Markdown');
    await sendToReader('安全检查', HOSTILE_HTML, 'HTML');
    await waitForCount(rows(admin), 2);
    // The drawer's preview rendered the hostile HTML in the administrator's browser too.
    expect(await pwned(admin)).toBeUndefined();
    await screenshot(admin, 'messages-02-admin-list');
  });

  step("the reader's bell counts two unread messages", async () => {
    await reader.reload();
    await visible(bell(reader));
    await reader.waitForFunction(
      () =>
        document.querySelector('header button[data-unread-count]')?.getAttribute('data-unread-count') === '2',
      undefined,
      { timeout: STEP_TIMEOUT },
    );
    expect(await unreadShown(reader)).toBe(2);
  });

  step(
    'the inbox highlights unread rows, cuts previews at 97 characters plus dots, and needs no pager',
    async () => {
      await reader.getByRole('menuitem', { name: /站内消息/ }).click();
      await onPath(reader, '/app/inbox');
      await waitForCount(rows(reader), 2);
      expect(await reader.locator('a[data-unread="true"]').count()).toBe(2);
      const preview = await rows(reader).filter({ hasText: '维护通知' }).locator('td').nth(1).innerText();
      expect(preview.endsWith('...')).toBe(true);
      expect(Array.from(preview).length).toBe(100);
      expect(preview.startsWith('Maintenance tonight: the relay restarts')).toBe(true);
      expect(await reader.locator('.ant-pagination').count()).toBe(0);
      await screenshot(reader, 'messages-03-inbox-zh');
    },
  );

  step('opening the hostile message runs none of its script and marks it read', async () => {
    await rows(reader).filter({ hasText: '安全检查' }).getByRole('link').click();
    await reader.waitForURL((url) => url.pathname.startsWith('/app/inbox/'), { timeout: STEP_TIMEOUT });
    const body = reader.locator('.message-content');
    await visible(body.locator('#kept'));
    expect(await body.locator('script, iframe, [onerror], [onbegin]').count()).toBe(0);
    const href = await body.locator('#bad-link').getAttribute('href');
    expect(href ?? '').not.toMatch(/javascript:/i);
    await body.locator('#bad-link').click();
    await reader.waitForTimeout(300);
    expect(await pwned(reader)).toBeUndefined();
    await reader.waitForFunction(
      () =>
        document.querySelector('header button[data-unread-count]')?.getAttribute('data-unread-count') === '1',
      undefined,
      { timeout: STEP_TIMEOUT },
    );
    await screenshot(reader, 'messages-04-hostile-message-read');
  });

  step('the Markdown message renders bold text and goes back to an inbox with one unread row', async () => {
    await reader.getByRole('button', { name: '返回收件箱' }).click();
    await onPath(reader, '/app/inbox');
    await rows(reader).filter({ hasText: '维护通知' }).getByRole('link').click();
    await visible(reader.locator('.message-content strong', { hasText: 'Maintenance' }));
    await reader.getByRole('button', { name: '返回收件箱' }).click();
    await onPath(reader, '/app/inbox');
    await reader.waitForFunction(
      () => document.querySelectorAll('a[data-unread="true"]').length === 0,
      undefined,
      {
        timeout: STEP_TIMEOUT,
      },
    );
  });

  step('a message that is not theirs is 消息不存在 and leads back to the inbox', async () => {
    await reader.goto(`${journey.baseUrl}/app/inbox/99999`);
    await toast(reader, '消息不存在');
    await onPath(reader, '/app/inbox');
  });

  step('the administrator sees who read what, and finds a message by keyword', async () => {
    const row = rows(admin).filter({ hasText: '安全检查' });
    await row.getByRole('button', { name: '收件人' }).click();
    const dialog = admin.getByRole('dialog').filter({ hasText: '收件人：安全检查' });
    await visible(dialog.locator('tbody tr.ant-table-row').filter({ hasText: 'reader' }));
    expect(await dialog.getByText('未读').count()).toBe(0);
    await afterMotion(admin);
    await screenshot(admin, 'messages-05-recipients');
    await dialog.locator('.ant-modal-close').click();
    await admin.getByLabel('关键字').fill('维护');
    await admin.getByRole('button', { name: '查询' }).click();
    await waitForCount(rows(admin), 1);
    await admin.getByRole('button', { name: '重置' }).click();
    await waitForCount(rows(admin), 2);
  });

  step('edits a message; the reader sees the new title', async () => {
    await rows(admin).filter({ hasText: '维护通知' }).getByRole('button', { name: '编辑' }).click();
    const form = drawer('编辑消息');
    await visible(form);
    await form.getByLabel('标题').fill('维护通知（已更新）');
    const saved = await answerTo<{ title: string }>(admin, 'PUT', '/api/admin/messages/1', () =>
      form.getByRole('button', { name: '提交' }).click(),
    );
    expect(saved.data?.title).toBe('维护通知（已更新）');
    await toast(admin, '消息已更新');
    await reader.reload();
    await visible(rows(reader).filter({ hasText: '维护通知（已更新）' }));
  });

  step('above 99 unread the bell shows 99+, and the inbox gets a pager', async () => {
    const self = await callApi<{ id: number }>(reader, 'GET', '/api/user/self');
    for (let i = 0; i < 100; i += 1)
      await callApi(admin, 'POST', '/api/admin/messages', {
        title: `批量 ${i}`,
        content: 'x',
        format: 'markdown',
        user_ids: [self.id],
      });
    await reader.reload();
    await visible(reader.locator('header .ant-badge-count', { hasText: '99+' }));
    await visible(reader.locator('.ant-pagination'));
    await screenshot(reader, 'messages-06-inbox-99-plus');
  });

  step('an ordinary user sent to /admin/messages lands on the home page', async () => {
    await reader.goto(`${journey.baseUrl}/admin/messages`);
    await onPath(reader, '/');
  });

  step('English screens and the 390 px layout', async () => {
    await reader.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await reader.goto(`${journey.baseUrl}/app/inbox`);
    await visible(reader.getByRole('heading', { name: 'Inbox' }));
    await screenshot(reader, 'messages-07-inbox-en');
    await reader.setViewportSize({ width: 390, height: 844 });
    await reader.reload();
    await visible(rows(reader).first());
    const width = await reader.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(reader, 'messages-08-inbox-phone-en');
    await reader.goto(`${journey.baseUrl}/app/inbox/2`);
    await visible(reader.locator('.message-content #kept'));
    expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(reader, 'messages-09-message-phone-en');

    await admin.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await admin.reload();
    await visible(admin.getByRole('heading', { name: 'Messages' }));
    await screenshot(admin, 'messages-10-admin-en');
    await admin.evaluate(() => localStorage.setItem('i18nextLng', 'zh'));
    await checkPhoneLayout(admin, 'messages-admin', {
      zh: { key: '标题', detail: '发送时间', action: '编辑' },
      en: { key: 'Title', detail: 'Sent', action: 'Edit' },
    });
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.getByRole('button', { name: '发送消息' }).first().click();
    const form = drawer('发送消息');
    await visible(form.locator('tbody tr.ant-table-row').first());
    await afterMotion(admin);
    const box = await form.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await screenshot(admin, 'messages-11-send-drawer-phone-zh');
    expect(journey.pageErrors).toEqual([]);
  });
});
