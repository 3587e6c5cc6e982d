import type { LogPage } from '@tollgate/contracts';
import type { Locator, Page, Request } from 'playwright-core';
import { screenshot } from './support/browser';
import { callApi } from './support/console-api';
import { ConsoleJourney } from './support/console-journey';
import { registerUser } from './support/session';
import { STEP_TIMEOUT, orderedSteps, visible, waitForCount, dialogShown } from './support/steps';
import { expectStored, storedOptions } from './support/stored-options';
import { Toasts } from './support/toasts';

// The root administrator edits the operation tab panel by panel: each save reaches GET /api/option/ and survives a
// reload, the spec's refusals (rebate range, invalid JSON, nothing changed) store nothing, and old logs are cleared
// by time with the count of rows that went. Chinese and English, desktop and 390 px.
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const NEW_USER_QUOTA = 1_000_000; // $2 at the default 500000 per dollar
const CHAT_LINKS = '[{"Journey Chat":"https://chat.example.com/?key={key}&url={address}"}]';
const GROUP_RATIO = '{"default":1,"vip":1.5,"svip":2}';
const POLL_MS = 300;

const step = orderedSteps();

/** `yyyy-MM-dd HH:mm:ss` in the browser's zone (the journey's browser runs on this host, like this process). */
function dateTimeText(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

describe('settings, operation tab: an administrator edits, saves and reloads the panels and clears old logs', () => {
  let journey: ConsoleJourney;
  let page: Page;

  // The panel's own card, not the page's card holding every panel.
  const panel = (title: string): Locator =>
    page.locator(`.ant-card:has(> .ant-card-head .ant-card-head-title:text-is("${title}"))`);
  const notices = (): Locator => page.locator('.ant-message-notice');
  const toast = (text: string): Promise<void> => new Toasts(page).expect(text);
  /** Clicks a panel's Save; the toast checked next is this save's own. */
  const save = (card: Locator, label = '保存'): Promise<void> =>
    new Toasts(page).click(card.getByRole('button', { name: label, exact: true }));
  const logTotal = async (): Promise<number> =>
    (await callApi<LogPage>(page, 'GET', '/api/log/?p=1&page_size=10')).total;
  const openTab = async (): Promise<void> => {
    await page.goto(`${journey.baseUrl}/admin/settings`);
    await visible(panel('通用设置'));
  };

  beforeAll(async () => {
    journey = await ConsoleJourney.start();
    page = await journey.signedInPage();
  });

  afterAll(() => journey?.stop());

  step('/admin/settings opens on the operation tab, its panels in the spec’s order', async () => {
    await openTab();
    await visible(page.getByRole('tab', { name: '运营设置', selected: true }));
    const titles = await page.locator('.ant-card-head-title').allInnerTexts();
    const order = [
      '通用设置',
      '绘图设置',
      '屏蔽词过滤设置',
      '日志设置',
      '数据看板设置',
      '监控设置',
      '签到设置',
      '额度设置',
      '返佣设置',
      '聊天设置',
      '分组设置',
    ];
    expect(titles.filter((title) => order.includes(title))).toEqual(order);
    // Stored defaults: switches as switches, JSON shown indented.
    expect(await panel('绘图设置').getByRole('switch', { name: '启用绘图功能' }).isChecked()).toBe(true);
    expect(await panel('聊天设置').getByLabel('聊天应用链接').inputValue()).toContain('\n  {');
    await screenshot(page, 'settings-operation-01-zh');
  });

  step('saving an untouched panel says nothing was changed and sends nothing', async () => {
    let writes = 0;
    const countWrites = (request: Request): void => {
      if (request.method() === 'PUT' && request.url().endsWith('/api/option/')) writes += 1;
    };
    page.on('request', countWrites);
    await save(panel('通用设置'));
    await toast('你似乎并没有修改什么');
    page.off('request', countWrites);
    expect(writes).toBe(0);
  });

  step('general: top-up link, retries and a switch are saved', async () => {
    const card = panel('通用设置');
    await card.getByLabel('充值链接').fill('https://shop.example.com/codes');
    await card.getByLabel('失败重试次数').fill('2');
    await card.getByRole('switch', { name: '额度查询接口返回令牌额度而非用户额度' }).click();
    await save(card);
    await toast('保存成功');
    await expectStored(page, {
      TopUpLink: 'https://shop.example.com/codes',
      RetryTimes: '2',
      DisplayTokenStatEnabled: 'false',
    });
  });

  step('drawing, sensitive words and logs: switches, a word list, the retention days', async () => {
    await panel('绘图设置').getByRole('switch', { name: '允许回调（会泄露服务器 IP 地址）' }).click();
    await save(panel('绘图设置'));
    await toast('保存成功');

    const words = panel('屏蔽词过滤设置').getByLabel('屏蔽词列表');
    await words.fill('test_sensitive\nforbidden-word');
    await save(panel('屏蔽词过滤设置'));
    await toast('保存成功');

    await panel('日志设置').getByLabel('日志保留天数').fill('90');
    await save(panel('日志设置'));
    await toast('保存成功');
    await expectStored(page, {
      MjNotifyEnabled: 'true',
      SensitiveWords: 'test_sensitive\nforbidden-word',
      LogRetentionDays: '90',
    });
  });

  step('data dashboard and monitoring: an interval, a granularity from the list, a threshold', async () => {
    const dashboard = panel('数据看板设置');
    await dashboard.getByLabel('数据看板更新间隔').fill('3');
    await dashboard.getByLabel('数据看板默认时间粒度').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^天$/ }).click();
    await save(dashboard);
    await toast('保存成功');

    const monitoring = panel('监控设置');
    await monitoring.getByLabel('最长响应时间').fill('12');
    await monitoring.getByRole('switch', { name: '失败时自动禁用渠道' }).click();
    await save(monitoring);
    await toast('保存成功');
    await expectStored(page, {
      DataExportInterval: '3',
      DataExportDefaultTime: 'day',
      ChannelDisableThreshold: '12',
      AutomaticDisableChannelEnabled: 'true',
    });
  });

  step('check-in and quota: amounts show their dollar worth and are saved', async () => {
    const checkIn = panel('签到设置');
    await checkIn.getByRole('switch', { name: '启用每日签到' }).click();
    await checkIn.getByLabel('签到奖励最大额度').fill('5000');
    await visible(checkIn.getByText('约 $0.01', { exact: true }));
    await save(checkIn);
    await toast('保存成功');

    const quota = panel('额度设置');
    await quota.getByLabel('新用户初始额度').fill(String(NEW_USER_QUOTA));
    await visible(quota.getByText('约 $2.00', { exact: true }));
    await save(quota);
    await toast('保存成功');
    await expectStored(page, {
      CheckInEnabled: 'true',
      CheckInMaxQuota: '5000',
      QuotaForNewUser: String(NEW_USER_QUOTA),
    });
  });

  step('rebate: a percentage over 100 is refused with the spec’s message and nothing is stored', async () => {
    const rebate = panel('返佣设置');
    await rebate.getByLabel('返佣百分比').fill('150');
    await save(rebate);
    await visible(rebate.getByText('返佣百分比必须在0到100之间', { exact: true }));
    await screenshot(page, 'settings-operation-02-rebate-refused-zh');
    expect((await storedOptions(page)).RebatePercentage).toBe('0');

    await rebate.getByLabel('返佣百分比').fill('12.5');
    await rebate.getByRole('switch', { name: '启用充值返佣' }).click();
    await save(rebate);
    await toast('保存成功');
    await expectStored(page, { RebateEnabled: 'true', RebatePercentage: '12.5' });
  });

  step('chat links and group ratios: invalid JSON is refused inline, valid JSON is saved', async () => {
    const before = await storedOptions(page);
    const chats = panel('聊天设置');
    await chats.getByLabel('聊天应用链接').fill('[{"Journey Chat": ');
    await save(chats);
    await visible(chats.getByText('不是合法的 JSON 字符串', { exact: true }));

    const groups = panel('分组设置');
    await groups.getByLabel('分组倍率').fill('{"default": 1,');
    await save(groups);
    await visible(groups.getByText('不是合法的 JSON 字符串', { exact: true }));
    await screenshot(page, 'settings-operation-03-invalid-json-zh');
    const after = await storedOptions(page);
    expect([after.Chats, after.GroupRatio]).toEqual([before.Chats, before.GroupRatio]);

    await chats.getByLabel('聊天应用链接').fill(CHAT_LINKS);
    await save(chats);
    await toast('保存成功');
    await groups.getByLabel('分组倍率').fill(GROUP_RATIO);
    await save(groups);
    await toast('保存成功');
    await expectStored(page, { Chats: CHAT_LINKS, GroupRatio: GROUP_RATIO });
  });

  step('after a reload every panel shows what was saved', async () => {
    await page.reload();
    await visible(panel('通用设置'));
    expect(await panel('通用设置').getByLabel('失败重试次数').inputValue()).toBe('2');
    expect(await panel('通用设置').getByLabel('充值链接').inputValue()).toBe(
      'https://shop.example.com/codes',
    );
    expect(
      await panel('通用设置')
        .getByRole('switch', { name: '额度查询接口返回令牌额度而非用户额度' })
        .isChecked(),
    ).toBe(false);
    expect(await panel('屏蔽词过滤设置').getByLabel('屏蔽词列表').inputValue()).toBe(
      'test_sensitive\nforbidden-word',
    );
    await visible(panel('数据看板设置').getByText('天', { exact: true }));
    expect(await panel('监控设置').getByLabel('最长响应时间').inputValue()).toBe('12');
    expect(await panel('返佣设置').getByLabel('返佣百分比').inputValue()).toBe('12.5');
    // The saved compact JSON comes back indented.
    expect(JSON.parse(await panel('聊天设置').getByLabel('聊天应用链接').inputValue())).toEqual(
      JSON.parse(CHAT_LINKS),
    );
    expect(await panel('分组设置').getByLabel('分组倍率').inputValue()).toBe(
      JSON.stringify(JSON.parse(GROUP_RATIO), null, 2),
    );
  });

  step('clearing logs needs a time: the default is a month back, an empty one is refused', async () => {
    const logs = panel('日志设置');
    const picker = logs.getByLabel('清除此时间之前的日志');
    const monthBack = new Date();
    monthBack.setMonth(monthBack.getMonth() - 1);
    expect(await picker.inputValue()).toContain(dateTimeText(monthBack).slice(0, 10));

    await picker.hover();
    await logs.locator('.ant-picker-clear').click();
    await logs.getByRole('button', { name: '清除历史日志' }).click();
    await visible(logs.getByText('请选择要清除日志的时间', { exact: true }));
  });

  step('with log rows present, clearing up to now deletes them all and says how many', async () => {
    // Two sign-ups, each logged with the new-user quota saved above.
    await registerUser(journey.baseUrl, { username: 'opsuser1', password: 'opsuser-pass-1' });
    await registerUser(journey.baseUrl, { username: 'opsuser2', password: 'opsuser-pass-1' });
    const deadline = Date.now() + STEP_TIMEOUT;
    let total = await logTotal();
    while (total < 2) {
      if (Date.now() > deadline) throw new Error(`only ${total} log rows appeared`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      total = await logTotal();
    }

    const logs = panel('日志设置');
    const picker = logs.getByLabel('清除此时间之前的日志');
    const upTo = dateTimeText(new Date(Date.now() + 60_000));
    await picker.click();
    await picker.fill(upTo);
    await picker.press('Enter');
    await waitForCount(notices(), 0);
    await logs.getByRole('button', { name: '清除历史日志' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '确认清除日志？' });
    await dialogShown(dialog);
    await visible(dialog.getByText(`${upTo} 之前的所有日志将被永久删除`));
    expect(await picker.inputValue()).toBe(upTo);
    await screenshot(page, 'settings-operation-04-clear-confirm-zh');
    await dialog.getByRole('button', { name: '清除', exact: true }).click();
    await toast(`已清除 ${total} 条日志`);
    await screenshot(page, 'settings-operation-05-cleared-zh');
    expect(await logTotal()).toBe(0);
  });

  step('in English the tab reads in English and the rebate message is the spec’s English text', async () => {
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.reload();
    await visible(page.getByRole('tab', { name: 'Operation', selected: true }));
    const rebate = panel('Rebates');
    await rebate.getByLabel('Rebate percentage').fill('101');
    await rebate.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(rebate.getByText('Rebate percentage must be between 0 and 100', { exact: true }));
    await screenshot(page, 'settings-operation-06-en');
  });

  step('at 390 px the panels stack in one column and nothing sticks out sideways', async () => {
    await page.setViewportSize(PHONE);
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'zh'));
    await openTab();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const retries = await panel('通用设置').getByLabel('失败重试次数').boundingBox();
    expect(retries && retries.x + retries.width <= PHONE.width).toBe(true);
    await screenshot(page, 'settings-operation-07-phone-zh');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.reload();
    await visible(panel('General'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'settings-operation-08-phone-en');
    await page.setViewportSize(DESKTOP);
  });

  step('no script errors on the way', () => {
    expect(journey.pageErrors).toEqual([]);
    return Promise.resolve();
  });
});
