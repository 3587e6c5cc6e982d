import type {
  LogItem,
  LogPage,
  Page as ListPage,
  QuotaDataEntry,
  QuotaDataSeries,
  SelfUser,
  Token,
} from '@tollgate/contracts';
import OpenAI from 'openai';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { callApi, putOptions } from './support/console-api';
import { type MockProcess, startMock } from './support/mock-upstream';
import { type RunningServer, startServer } from './support/server';
import { ROOT, completeSetup, registerUser, openSignedIn } from './support/session';
import {
  STEP_TIMEOUT,
  afterMotion,
  onPath,
  orderedSteps,
  visible,
  waitForCount,
  dialogShown,
} from './support/steps';

// A user makes real relay calls with the official openai client (two plain, one streamed, one to a model no channel
// serves), then reads them on the usage log screen and the dashboard; the administrator reads them too. Desktop and
// phone width, Chinese and English. Every charge checks out: the quota of each row is what its price formula gives,
// and the rows add up to the balance the user lost.
const USER = { username: 'logreader', password: 'logreader-pass-1' };
const MODEL = 'gpt-4o-mini';
const START_QUOTA = 5_000_000;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const POLL_MS = 500;

const step = orderedSteps();

/** Waits until `read` answers something `done` accepts (rows written in batches, buckets flushed each minute). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`still not there after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Reference §3.2, OpenAI-style usage without cache: round((prompt + completion × cr) × mr × gr), at least 1. */
function expectedQuota(row: LogItem): number {
  const { model_ratio = 0, completion_ratio = 1, group_ratio = 1 } = row.other;
  const quota = Math.round(
    (row.prompt_tokens + row.completion_tokens * completion_ratio) * model_ratio * group_ratio,
  );
  return model_ratio * group_ratio !== 0 && quota <= 0 ? 1 : quota;
}

describe('usage logs and dashboard: real relay calls read back by their user and by the administrator', () => {
  let browser: Browser;
  let server: RunningServer;
  let mock: MockProcess;
  let admin: Page;
  let user: Page;
  let phone: Page;
  let key = '';
  let balanceBefore = 0;
  let consumption: LogItem[] = [];
  const pageErrors: string[] = [];

  async function newPage(
    who: { username: string; password: string },
    options: { locale: 'zh-CN' | 'en-US'; viewport: { width: number; height: number } },
  ): Promise<Page> {
    // Sign-in goes through the Chinese form; English pages then switch by the stored language.
    const context = await browser.newContext({ locale: 'zh-CN', viewport: options.viewport });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await openSignedIn(page, server.baseUrl, who);
    if (options.locale === 'en-US') {
      // English pages are also dark, so the charts' dark theme is seen too.
      await page.evaluate(() => {
        localStorage.setItem('i18nextLng', 'en');
        localStorage.setItem('theme-mode', 'dark');
      });
      await page.reload();
    }
    return page;
  }

  const rows = (page: Page): Locator => page.locator('tbody tr.ant-table-row');
  const openMenu = async (page: Page, name: RegExp, pathname: string): Promise<void> => {
    // A phone keeps the menu in the header's drawer.
    if ((page.viewportSize()?.width ?? DESKTOP.width) <= PHONE.width)
      await page.getByRole('button', { name: /打开菜单|Open menu/ }).click();
    await page.getByRole('menuitem', { name }).click();
    await onPath(page, pathname);
  };
  /** Nothing sticks out sideways: the page is no wider than the phone. */
  const fitsThePhone = async (page: Page): Promise<void> => {
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(PHONE.width);
  };
  const ownLogs = (page: Page): Promise<LogPage> =>
    callApi<LogPage>(page, 'GET', '/api/log/self/?p=1&page_size=100');

  beforeAll(async () => {
    mock = await startMock();
    server = await startServer();
    await completeSetup(server.baseUrl);
    browser = await launchBrowser();
    admin = await newPage(ROOT, { locale: 'zh-CN', viewport: DESKTOP });
    // Buckets reach the dashboard at the shortest interval the option allows; chat content and errors are logged.
    await putOptions(admin, [
      ['QuotaForNewUser', String(START_QUOTA)],
      ['DataExportInterval', '1'],
      ['LogChatContentEnabled', 'true'],
      ['LogErrorEnabled', 'true'],
    ]);
    await callApi(admin, 'POST', '/api/channel/', {
      name: 'journey-mock',
      type: 1,
      key: 'sk-upstream',
      base_url: mock.url,
      models: MODEL,
      group: 'default',
    });
    await registerUser(server.baseUrl, USER);
    user = await newPage(USER, { locale: 'zh-CN', viewport: DESKTOP });
    const tokens = await callApi<Token[]>(user, 'POST', '/api/token/', {
      name: 'journey-sdk',
      unlimited_quota: true,
    });
    key = tokens[0].key;
    balanceBefore = (await callApi<SelfUser>(user, 'GET', '/api/user/self')).quota;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mock?.stop();
  });

  step(
    'the openai client calls the gateway: two plain answers, a stream, a model nobody serves',
    async () => {
      const client = new OpenAI({ apiKey: key, baseURL: `${server.baseUrl}/v1`, maxRetries: 0 });
      const messages = [{ role: 'user' as const, content: 'Say hello to the usage log in five words.' }];
      await client.chat.completions.create({ model: MODEL, messages });
      await client.chat.completions.create({ model: MODEL, messages, max_tokens: 12 });
      const stream = await client.chat.completions.create({
        model: MODEL,
        messages,
        stream: true,
        stream_options: { include_usage: true },
      });
      for await (const chunk of stream) expect(chunk.object).toBe('chat.completion.chunk');
      await expect(client.chat.completions.create({ model: 'no-such-model', messages })).rejects.toThrow();

      const page = await until(
        () => ownLogs(user),
        (answer) => answer.items.filter((row) => row.type === 2).length === 3,
        15_000,
      );
      consumption = page.items.filter((row) => row.type === 2);
      // The user's own view never names a channel.
      for (const row of page.items) {
        expect(row.channel).toBeUndefined();
        expect(row.other.admin_info).toBeUndefined();
      }
      // Every charge checks out: the formula gives each row's quota, and the rows add up to what the balance lost.
      for (const row of consumption) expect(row.quota).toBe(expectedQuota(row));
      const spent = consumption.reduce((sum, row) => sum + row.quota, 0);
      const balanceAfter = (await callApi<SelfUser>(user, 'GET', '/api/user/self')).quota;
      expect(balanceBefore - balanceAfter).toBe(spent);
    },
  );

  step('the user reads the calls on the usage log screen, with the stat chips (zh, desktop)', async () => {
    await openMenu(user, /使用日志/, '/app/logs/api-usage');
    await visible(user.getByRole('heading', { name: '使用日志' }));
    await waitForCount(rows(user).filter({ hasText: MODEL }), 3);
    const spent = consumption.reduce((sum, row) => sum + row.quota, 0);
    const chips = user.getByTestId('log-stat');
    await visible(chips.getByText(/消耗额度/));
    const chipText = await chips.textContent();
    expect(chipText).toContain('RPM: 3');
    // Spec 001 §2: total, input and output tokens, each the sum over the calls (small enough to print whole).
    const input = consumption.reduce((sum, row) => sum + row.prompt_tokens, 0);
    const output = consumption.reduce((sum, row) => sum + row.completion_tokens, 0);
    expect(input).toBeGreaterThan(0);
    expect(output).toBeGreaterThan(0);
    expect(chipText).toContain(`Tokens: ${input + output}`);
    expect(chipText).toContain(`输入 Tokens: ${input}`);
    expect(chipText).toContain(`输出 Tokens: ${output}`);
    // Only administrators see which channel served a call and who made it.
    const headers = await user.locator('thead th').allTextContents();
    expect(headers).not.toContain('渠道');
    expect(headers).not.toContain('用户');
    expect(headers).not.toContain('重试');
    expect(spent).toBeGreaterThan(0);
    // Spec 001 §9: a call under 101 s, and a first token under 3 s, are green.
    const streamedRow = rows(user).filter({ hasText: '流' }).filter({ hasNotText: '非流' }).first();
    await visible(streamedRow.locator('.ant-tag-green', { hasText: /^0 秒$/ }));
    await visible(streamedRow.locator('.ant-tag-green', { hasText: /^0\.\d\d 秒$/ }));
    await screenshot(user, 'logs-01-user-zh');
  });

  step('a row expands to its price formula, first-token time and logged content', async () => {
    const streamed = consumption.find((row) => row.is_stream);
    expect(streamed).toBeDefined();
    const row = rows(user).filter({ hasText: '流' }).filter({ hasNotText: '非流' }).first();
    await row.locator('.ant-table-row-expand-icon').click();
    const formula = user.getByTestId('price-formula').first();
    await visible(formula);
    const text = (await formula.textContent()) ?? '';
    expect(text).toContain(`输入 ${streamed?.prompt_tokens ?? ''}`);
    expect(text).toContain(`= ${streamed?.quota ?? ''} 额度`);
    await visible(user.getByText('首字时间').first());
    await visible(user.getByText('输入内容').first());
    await screenshot(user, 'logs-02-user-detail-zh');
  });

  step('the type tabs filter: errors show the refused call, top-ups none', async () => {
    await user.getByRole('tab', { name: '错误' }).click();
    await waitForCount(rows(user), 1);
    await visible(rows(user).first().getByText('错误'));
    await user.getByRole('tab', { name: '充值' }).click();
    await visible(user.locator('.ant-empty').getByText('所选时间范围内没有日志'));
    await screenshot(user, 'logs-03-user-empty-type-zh');
    await user.getByRole('tab', { name: '全部' }).click();
    await waitForCount(rows(user).filter({ hasText: MODEL }), 3);
  });

  step('the column settings hide a column, remembered under logs-table-columns across a reload', async () => {
    await user.getByRole('button', { name: '列设置' }).click();
    const dialog = user.getByRole('dialog').filter({ hasText: '列设置' });
    await dialogShown(dialog);
    await screenshot(user, 'logs-04-column-settings-zh');
    await dialog.getByLabel('令牌').uncheck();
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
    expect(await user.locator('thead th').allTextContents()).not.toContain('令牌');
    const stored = await user.evaluate(() => localStorage.getItem('logs-table-columns'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ token: false, time: true });
    await user.reload();
    await waitForCount(rows(user).filter({ hasText: MODEL }), 3);
    expect(await user.locator('thead th').allTextContents()).not.toContain('令牌');
  });

  step('the page size choice is remembered', async () => {
    await user.locator('.ant-pagination-options .ant-select').click();
    await user.getByTitle('20 条/页').click();
    await user.reload();
    await waitForCount(rows(user).filter({ hasText: MODEL }), 3);
    await visible(user.locator('.ant-pagination-options').getByText('20 条/页'));
  });

  step('in English at phone width the user reads the rows and their details within 390 px', async () => {
    phone = await newPage(USER, { locale: 'en-US', viewport: PHONE });
    await openMenu(phone, /Usage logs/, '/app/logs/api-usage');
    await visible(phone.getByRole('heading', { name: 'Usage logs' }));
    await waitForCount(rows(phone).filter({ hasText: /Consumption/ }), 3);
    await screenshot(phone, 'logs-05-user-phone-en-dark');
    await fitsThePhone(phone);
    await rows(phone)
      .filter({ hasText: /Consumption/ })
      .first()
      .locator('.ant-table-row-expand-icon')
      .click();
    await visible(phone.getByTestId('price-formula').first());
    await screenshot(phone, 'logs-06-user-phone-detail-en-dark');
    await fitsThePhone(phone);
  });

  step('the administrator sees every user, the channel and a user info dialog (zh, desktop)', async () => {
    await openMenu(admin, /使用日志/, '/app/logs/api-usage');
    await waitForCount(rows(admin).filter({ hasText: MODEL }), 3);
    const headers = await admin.locator('thead th').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['渠道', '用户', '重试']));
    const answer = await callApi<ListPage<LogItem>>(admin, 'GET', '/api/log/?p=1&page_size=100&type=2');
    expect(answer.items.every((row) => row.channel !== undefined && row.channel > 0)).toBe(true);
    await screenshot(admin, 'logs-07-admin-zh');
    await rows(admin).filter({ hasText: MODEL }).first().getByRole('button', { name: USER.username }).click();
    const dialog = admin.getByRole('dialog').filter({ hasText: '用户信息' });
    await visible(dialog.getByText(`${USER.username} (#${consumption[0].user_id})`));
    await afterMotion(admin);
    await screenshot(admin, 'logs-08-admin-user-info-zh');
    await dialog.getByRole('button', { name: /Close|关闭/ }).click();
    await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
  });

  step(
    'the administrator filters by username: another name finds nothing, the user finds the calls',
    async () => {
      await admin.getByLabel('用户名称').fill('nobody-else');
      await admin.getByRole('button', { name: '查询' }).click();
      await visible(admin.locator('.ant-empty').getByText('所选时间范围内没有日志'));
      await admin.getByLabel('用户名称').fill(USER.username);
      await admin.getByRole('button', { name: '查询' }).click();
      await waitForCount(rows(admin).filter({ hasText: MODEL }), 3);
      await waitForCount(rows(admin), 5);
    },
  );

  step('the administrator in English at phone width', async () => {
    const adminPhone = await newPage(ROOT, { locale: 'en-US', viewport: PHONE });
    await openMenu(adminPhone, /Usage logs/, '/app/logs/api-usage');
    await waitForCount(rows(adminPhone).filter({ hasText: /Consumption/ }), 3);
    await screenshot(adminPhone, 'logs-09-admin-phone-en-dark');
    await fitsThePhone(adminPhone);
    await adminPhone.context().close();
  });

  step(
    'the dashboard shows the account and, once the minute bucket is flushed, the charts (zh)',
    async () => {
      await until(
        () => callApi<QuotaDataEntry[]>(user, 'GET', '/api/data/self'),
        (entries) => entries.reduce((sum, entry) => sum + entry.count, 0) === 3,
        100_000,
      );
      await openMenu(user, /数据看板/, '/app/dashboard');
      await visible(user.getByRole('heading', { name: '数据看板' }));
      await visible(user.locator('.ant-statistic').filter({ hasText: '范围内调用' }).getByText('3'));
      await waitForCount(user.locator('.ant-card canvas'), 4);
      await screenshot(user, 'logs-10-dashboard-user-zh');
    },
  );

  /** The next series answer the user's dashboard receives for this granularity. */
  const seriesAnswer = (page: Page, granularity: string): Promise<QuotaDataSeries> =>
    page
      .waitForResponse((response) => {
        const url = new URL(response.url());
        return (
          url.pathname === '/api/data/self/series' && url.searchParams.get('granularity') === granularity
        );
      })
      .then(async (response) => ((await response.json()) as { data: QuotaDataSeries }).data);
  const callsIn = (series: QuotaDataSeries): number =>
    series.models.reduce((sum, model) => sum + model.count.reduce((a, b) => a + b, 0), 0);

  step("days and weeks come summed by the server, starting at the browser's midnight", async () => {
    const offset = await user.evaluate(() => -new Date().getTimezoneOffset() * 60);
    for (const [label, granularity] of [
      ['天', 'day'],
      ['周', 'week'],
    ] as const) {
      const answer = user.waitForResponse((response) => {
        const url = new URL(response.url());
        return (
          url.pathname === '/api/data/self/series' &&
          url.searchParams.get('granularity') === granularity &&
          url.searchParams.get('utc_offset') === String(offset)
        );
      });
      await user.locator('.ant-segmented').getByText(label, { exact: true }).click();
      const series = ((await (await answer).json()) as { data: QuotaDataSeries }).data;
      expect(series.granularity).toBe(granularity);
      expect(callsIn(series)).toBe(3);
      // One entry per model and day (or week), each starting at a local midnight.
      const starts = series.models.flatMap((model) => model.created_at);
      for (const model of series.models) expect(new Set(model.created_at).size).toBe(model.created_at.length);
      const hours = await user.evaluate(
        (times) => times.map((start) => new Date(start * 1000).getHours()),
        starts,
      );
      expect(hours.every((hour) => hour === 0)).toBe(true);
      await visible(user.locator('.ant-statistic').filter({ hasText: '范围内调用' }).getByText('3'));
      await waitForCount(user.locator('.ant-card canvas'), 4);
      await screenshot(user, `logs-10-dashboard-user-${granularity}-zh`);
    }
  });

  step('hours over 30 days are shown by day, and the toolbar says so', async () => {
    const hourly = seriesAnswer(user, 'hour');
    await user.locator('.ant-segmented').getByText('小时', { exact: true }).click();
    expect(callsIn(await hourly)).toBe(3);
    const daily = seriesAnswer(user, 'day');
    await user.locator('.ant-picker-range').click();
    // Month names come from dayjs's zh-cn locale ("11月", not "Nov").
    const monthButtons = user.locator('.ant-picker-dropdown .ant-picker-month-btn');
    await visible(monthButtons.first());
    const months = await monthButtons.allTextContents();
    expect(months.length).toBeGreaterThan(0);
    expect(months.filter((month) => !/^\d{1,2}月$/.test(month))).toEqual([]);
    await user.locator('.ant-picker-presets').getByText('最近 30 天', { exact: true }).click();
    expect(callsIn(await daily)).toBe(3);
    await visible(user.getByText('小时粒度最多显示最近 7 天，当前范围按天显示'));
    await expect(
      user.locator('.ant-segmented-item-disabled').filter({ hasText: '小时' }).count(),
    ).resolves.toBe(1);
    await waitForCount(user.locator('.ant-card canvas'), 4);
    await screenshot(user, 'logs-10-dashboard-user-30-days-zh');
    // The last 7 days (whole days, so nearly eight) still come by the hour.
    const week = seriesAnswer(user, 'hour');
    await user.locator('.ant-picker-range').click();
    await user.locator('.ant-picker-presets').getByText('最近 7 天', { exact: true }).click();
    expect(callsIn(await week)).toBe(3);
    await user.getByText('小时粒度最多显示最近 7 天，当前范围按天显示').waitFor({ state: 'detached' });
  });

  step('the dashboard in English at phone width', async () => {
    await openMenu(phone, /Dashboard/, '/app/dashboard');
    await visible(phone.locator('.ant-statistic').filter({ hasText: 'Calls in range' }).getByText('3'));
    await waitForCount(phone.locator('.ant-card canvas'), 4);
    await screenshot(phone, 'logs-11-dashboard-phone-en-dark');
    await fitsThePhone(phone);
    await phone.locator('.ant-picker-range').click();
    await phone.locator('.ant-picker-presets').getByText('Last 30 days', { exact: true }).click();
    await visible(phone.getByText('Hours cover at most the last 7 days: this range is shown by day'));
    await waitForCount(phone.locator('.ant-card canvas'), 4);
    await screenshot(phone, 'logs-11-dashboard-phone-30-days-en-dark');
    await fitsThePhone(phone);
  });

  step('the administrator picks the user on the dashboard (someone without calls first)', async () => {
    await openMenu(admin, /数据看板/, '/app/dashboard');
    await admin.getByLabel('用户名称').fill('nobody-else');
    await admin.getByRole('button', { name: '查询' }).click();
    await visible(admin.getByText('所选时间范围内没有调用数据'));
    await screenshot(admin, 'logs-12-dashboard-admin-empty-zh');
    await admin.getByLabel('用户名称').fill(USER.username);
    await admin.getByRole('button', { name: '查询' }).click();
    await visible(admin.locator('.ant-statistic').filter({ hasText: '范围内调用' }).getByText('3'));
    // The cards show the picked user's account, not the administrator's.
    await visible(admin.locator('.ant-statistic').filter({ hasText: '请求次数' }).getByText('3'));
    await waitForCount(admin.locator('.ant-card canvas'), 4);
    await screenshot(admin, 'logs-13-dashboard-admin-zh');
  });

  step(
    'with the server gone, both screens say the load failed and offer a retry instead of an empty list',
    async () => {
      await server.stop();
      await openMenu(user, /使用日志/, '/app/logs/api-usage');
      await user.getByRole('button', { name: '刷新' }).click();
      await visible(user.locator('.ant-table').getByRole('button', { name: '重试' }));
      await visible(user.locator('.ant-table').getByText('加载失败', { exact: true }));
      await screenshot(user, 'logs-14-logs-failed-zh');
      await openMenu(user, /数据看板/, '/app/dashboard');
      await user.getByRole('button', { name: '刷新' }).click();
      await visible(user.getByText('数据看板加载失败'));
      await visible(user.getByRole('button', { name: '重试' }));
      await screenshot(user, 'logs-15-dashboard-failed-zh');
    },
  );

  step('no page raised a script error', () => {
    expect(pageErrors).toEqual([]);
    return Promise.resolve();
  });
});
