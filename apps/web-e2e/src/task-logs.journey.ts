import type { DrawingItem, DrawingPage, TaskItem, TaskPage, Token } from '@tollgate/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { callApi, putOptions } from './support/console-api';
import { type MockProcess, startMock } from './support/mock-upstream';
import { checkPhoneLayout } from './support/phone-layout';
import { type RunningServer, startServer } from './support/server';
import { ROOT, completeSetup, registerUser, openSignedIn } from './support/session';
import { STEP_TIMEOUT, afterMotion, onPath, orderedSteps, visible, waitForCount } from './support/steps';
import { submitImagine, submitSuno } from './support/task-relay';

// A user submits Midjourney drawings and Suno tasks through the relay to the mock upstream, another user one of
// each; the task poller (every 3 s here, 15 s by default) carries them to success or failure, or leaves them in progress. Both read the
// drawing and task log screens, the administrator reads everyone's and filters by channel. Desktop and 390 px,
// Chinese and English; the menu shows the screens only while their switches are on.
const USER = { username: 'painter', password: 'painter-pass-1' };
const OTHER = { username: 'composer', password: 'composer-pass-1' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
// Words in a prompt pick what the mock upstream does with the task (tools/mock-upstream).
const PROMPTS = {
  success: 'a lighthouse at dawn, oil painting, warm light over a calm sea with fishing boats coming home',
  failure: 'a storm over the harbour mock-fail',
  stuck: 'an endless queue of ships mock-stuck',
  duplicate: 'a harbour crane mock-code-22',
  other: 'a cat reading the toll book',
};
// Three poller runs take a task from submitted to its end; a loaded host may be slower.
const POLLED_WITHIN_MS = 180_000;

jest.setTimeout(POLLED_WITHIN_MS + 60_000);
const step = orderedSteps();

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + POLLED_WITHIN_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not there: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

describe('drawing and task logs: real Midjourney and Suno tasks read back by their users and the administrator', () => {
  let browser: Browser;
  let server: RunningServer;
  let mock: MockProcess;
  let admin: Page;
  let user: Page;
  let mjChannel = 0;
  let sunoChannel = 0;
  const drawings = { success: '', failure: '', stuck: '', duplicate: '', other: '' };
  const tasks = { music: '', failedMusic: '', stuckLyrics: '', otherLyrics: '' };
  const pageErrors: string[] = [];

  async function newPage(who: { username: string; password: string }): Promise<Page> {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: DESKTOP });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await openSignedIn(page, server.baseUrl, who);
    return page;
  }
  const tokenOf = async (page: Page): Promise<string> =>
    (await callApi<Token[]>(page, 'POST', '/api/token/', { name: 'journey-tasks', unlimited_quota: true }))[0]
      .key;
  const addChannel = async (body: Record<string, unknown>): Promise<number> =>
    (await callApi<{ ids: number[] }>(admin, 'POST', '/api/channel/', { ...body, group: 'default' })).ids[0];

  const rows = (page: Page): Locator => page.locator('tbody tr.ant-table-row');
  const row = (page: Page, id: string): Locator => rows(page).filter({ hasText: id });
  const openMenu = async (page: Page, name: RegExp, pathname: string): Promise<void> => {
    // A phone keeps the menu in the header's drawer.
    if ((page.viewportSize()?.width ?? DESKTOP.width) <= PHONE.width)
      await page.getByRole('button', { name: /打开菜单|Open menu/ }).click();
    await page.getByRole('menuitem', { name }).click();
    await onPath(page, pathname);
  };
  const headerCount = (page: Page, title: string): Promise<number> =>
    page
      .locator('.ant-table-thead th')
      .filter({ hasText: new RegExp(`^${title}$`) })
      .count();
  const search = async (page: Page, field: string, value: string): Promise<void> => {
    await page.getByRole('textbox', { name: field }).fill(value);
    await page.getByRole('button', { name: '查询' }).click();
  };
  const ownDrawings = (page: Page) => callApi<DrawingPage>(page, 'GET', '/api/mj/self/?p=1&page_size=100');
  const ownTasks = (page: Page) => callApi<TaskPage>(page, 'GET', '/api/task/self?p=1&page_size=100');
  const statusOf = <T extends { status: string }>(items: T[], id: (item: T) => string, wanted: string) =>
    items.find((item) => id(item) === wanted)?.status;

  beforeAll(async () => {
    mock = await startMock();
    server = await startServer({ TASK_POLL_INTERVAL: '3' });
    await completeSetup(server.baseUrl);
    browser = await launchBrowser();
    admin = await newPage(ROOT);
    // Image links point at the gateway's own image proxy (MjForwardUrlEnabled is on by default).
    await putOptions(admin, [
      ['QuotaForNewUser', '5000000'],
      ['ServerAddress', server.baseUrl],
    ]);
    mjChannel = await addChannel({
      name: 'journey-mj',
      type: 2,
      key: 'mj-secret',
      base_url: mock.url,
      models: 'mj_imagine',
    });
    sunoChannel = await addChannel({
      name: 'journey-suno',
      type: 36,
      key: 'sk-suno',
      base_url: mock.url,
      models: 'suno_music,suno_lyrics',
    });
    await registerUser(server.baseUrl, USER);
    await registerUser(server.baseUrl, OTHER);
    user = await newPage(USER);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mock?.stop();
  });

  step('both users submit drawings and Suno tasks through the relay with their tokens', async () => {
    const key = await tokenOf(user);
    const other = await newPage(OTHER);
    const otherKey = await tokenOf(other);
    await other.context().close();
    for (const outcome of ['success', 'failure', 'stuck', 'duplicate'] as const)
      drawings[outcome] = await submitImagine(server.baseUrl, key, PROMPTS[outcome]);
    drawings.other = await submitImagine(server.baseUrl, otherKey, PROMPTS.other);
    tasks.music = await submitSuno(server.baseUrl, key, 'MUSIC', 'a song about tolls');
    tasks.failedMusic = await submitSuno(server.baseUrl, key, 'MUSIC', 'a dirge mock-fail');
    tasks.stuckLyrics = await submitSuno(server.baseUrl, key, 'LYRICS', 'verses mock-stuck');
    tasks.otherLyrics = await submitSuno(server.baseUrl, otherKey, 'LYRICS', 'verses about a bridge');
  });

  step('the task poller carries them to success or failure, or leaves them in progress', async () => {
    const drawn = await until(
      () => ownDrawings(user),
      (page) =>
        statusOf(page.items, (item) => item.mj_id, drawings.success) === 'SUCCESS' &&
        statusOf(page.items, (item) => item.mj_id, drawings.failure) === 'FAILURE' &&
        statusOf(page.items, (item) => item.mj_id, drawings.duplicate) === 'SUCCESS',
    );
    expect(statusOf(drawn.items, (item) => item.mj_id, drawings.stuck)).toBe('IN_PROGRESS');
    // A user's own view holds only their tasks and names no channel.
    expect(drawn.items.map((item) => item.mj_id).sort()).toEqual(
      [drawings.success, drawings.failure, drawings.stuck, drawings.duplicate].sort(),
    );
    expect(drawn.items.every((item: DrawingItem) => item.channel_id === undefined)).toBe(true);
    const done = await until(
      () => ownTasks(user),
      (page) =>
        statusOf(page.items, (item) => item.task_id, tasks.music) === 'SUCCESS' &&
        statusOf(page.items, (item) => item.task_id, tasks.failedMusic) === 'FAILURE',
    );
    expect(statusOf(done.items, (item) => item.task_id, tasks.stuckLyrics)).toBe('IN_PROGRESS');
    expect(done.items).toHaveLength(3);
    expect(done.items.every((item: TaskItem) => item.channel_id === undefined)).toBe(true);
  });

  step('the user reads their drawings: states, codes, progress and images in colour (zh)', async () => {
    await openMenu(user, /绘图日志/, '/app/logs/drawing');
    await visible(user.getByRole('heading', { name: '绘图日志' }));
    await waitForCount(rows(user), 4);
    expect(await rows(user).filter({ hasText: drawings.other }).count()).toBe(0);
    expect(await headerCount(user, '渠道')).toBe(0);
    expect(await user.getByRole('textbox', { name: '渠道 ID' }).count()).toBe(0);
    await visible(row(user, drawings.success).locator('.ant-tag-green', { hasText: '成功' }));
    await visible(row(user, drawings.success).locator('.ant-tag-green', { hasText: '已提交' }));
    await visible(row(user, drawings.failure).locator('.ant-tag-red', { hasText: '失败' }));
    await visible(row(user, drawings.stuck).locator('.ant-tag-blue', { hasText: '执行中' }));
    await visible(row(user, drawings.stuck).getByText('未结束'));
    await visible(row(user, drawings.duplicate).locator('.ant-tag-orange', { hasText: '重复提交' }));
    await visible(row(user, drawings.stuck).getByRole('progressbar'));
    expect(await row(user, drawings.stuck).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    // The finished drawings' images come through the gateway's image proxy and load.
    const image = row(user, drawings.success).getByRole('img', {
      name: `任务 ${drawings.success} 的结果图片`,
    });
    await visible(image);
    expect(await image.getAttribute('src')).toBe(`${server.baseUrl}/mj/image/${drawings.success}`);
    await user.waitForFunction(
      () =>
        Array.from(document.querySelectorAll<HTMLImageElement>('tbody img')).every(
          (img) => img.naturalWidth > 0,
        ),
      undefined,
      { timeout: STEP_TIMEOUT },
    );
    expect(
      await row(user, drawings.failure)
        .getByRole('img', { name: /结果图片/ })
        .count(),
    ).toBe(0);
    await screenshot(user, 'task-logs-01-drawing-user-zh');
  });

  step(
    'the prompt, its English and the fail reason open whole in the text dialog; the image in a preview',
    async () => {
      const dialog = user.getByRole('dialog');
      for (const [id, title, text] of [
        [drawings.success, 'Prompt', PROMPTS.success],
        [drawings.success, 'PromptEn', `${PROMPTS.success} (en)`],
        [drawings.failure, '失败原因', 'mock failure'],
      ]) {
        await row(user, id).getByRole('button', { name: text, exact: true }).click();
        await visible(dialog.getByText(title, { exact: true }));
        await visible(dialog.getByText(text, { exact: true }));
        await afterMotion(user);
        if (title === 'Prompt') await screenshot(user, 'task-logs-02-drawing-prompt-zh');
        await user.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
      }
      await row(user, drawings.success)
        .getByRole('img', { name: /结果图片/ })
        .click();
      await visible(user.locator('.ant-image-preview img'));
      await screenshot(user, 'task-logs-03-drawing-preview-zh');
      await user.keyboard.press('Escape');
      await user.locator('.ant-image-preview').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
    },
  );

  step('a task id narrows the drawings to that one; reset brings the default range back', async () => {
    await search(user, '任务 ID', drawings.failure);
    await waitForCount(rows(user), 1);
    await visible(row(user, drawings.failure));
    await user.getByRole('button', { name: '重置' }).click();
    await waitForCount(rows(user), 4);
    expect(await user.getByRole('textbox', { name: '任务 ID' }).inputValue()).toBe('');
  });

  step(
    'the user reads their Suno tasks: platform, action, state and a duration red only over 60 s',
    async () => {
      await openMenu(user, /任务日志/, '/app/logs/tasks');
      await visible(user.getByRole('heading', { name: '任务日志' }));
      await waitForCount(rows(user), 3);
      expect(await rows(user).filter({ hasText: tasks.otherLyrics }).count()).toBe(0);
      await visible(row(user, tasks.music).locator('.ant-tag-green', { hasText: '成功' }));
      await visible(row(user, tasks.music).getByText('生成音乐'));
      await visible(row(user, tasks.failedMusic).locator('.ant-tag-red', { hasText: '失败' }));
      await visible(row(user, tasks.failedMusic).getByRole('button', { name: 'mock failure' }));
      await visible(row(user, tasks.stuckLyrics).locator('.ant-tag-blue', { hasText: '执行中' }));
      await visible(row(user, tasks.stuckLyrics).getByText('生成歌词'));
      expect(await rows(user).filter({ hasText: 'Suno' }).count()).toBe(3);
      for (const item of (await ownTasks(user)).items.filter((task) => task.finish_time > 0)) {
        const seconds = item.finish_time - item.submit_time;
        const tag = row(user, item.task_id).locator('.ant-tag', { hasText: `${seconds} 秒` });
        await visible(tag);
        expect(await tag.getAttribute('class')).toContain(seconds > 60 ? 'ant-tag-red' : 'ant-tag-green');
      }
      await screenshot(user, 'task-logs-04-tasks-user-zh');
    },
  );

  step(
    'the administrator reads everyone’s tasks with their channel and user, and filters by channel',
    async () => {
      await openMenu(admin, /绘图日志/, '/app/logs/drawing');
      await waitForCount(rows(admin), 5);
      await visible(row(admin, drawings.other));
      expect(await headerCount(admin, '渠道')).toBe(1);
      await visible(row(admin, drawings.other).getByRole('cell', { name: String(mjChannel), exact: true }));
      await search(admin, '渠道 ID', String(sunoChannel));
      await visible(admin.locator('.ant-table-placeholder'));
      await waitForCount(rows(admin), 0);
      await search(admin, '渠道 ID', String(mjChannel));
      await waitForCount(rows(admin), 5);
      // A channel id is a number: anything else is refused in the form, before any call.
      await admin.getByRole('textbox', { name: '渠道 ID' }).fill('abc');
      await admin.getByRole('button', { name: '查询' }).click();
      await visible(admin.getByText('渠道 ID 须为数字'));
      await waitForCount(rows(admin), 5);
      await screenshot(admin, 'task-logs-05-drawing-admin-zh');
      await admin.getByRole('button', { name: '重置' }).click();

      await openMenu(admin, /任务日志/, '/app/logs/tasks');
      await waitForCount(rows(admin), 4);
      await visible(
        row(admin, tasks.otherLyrics).getByRole('cell', { name: String(sunoChannel), exact: true }),
      );
      await search(admin, '渠道 ID', String(mjChannel));
      await waitForCount(rows(admin), 0);
      await admin.getByRole('button', { name: '重置' }).click();
      await waitForCount(rows(admin), 4);
      await screenshot(admin, 'task-logs-06-tasks-admin-zh');
    },
  );

  step('in English the screens read in English (desktop)', async () => {
    await user.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await user.goto(`${server.baseUrl}/app/logs/drawing`);
    await visible(user.getByRole('heading', { name: 'Drawing logs' }));
    await waitForCount(rows(user), 4);
    await visible(row(user, drawings.success).getByText('Succeeded', { exact: true }));
    await visible(row(user, drawings.duplicate).getByText('Duplicate', { exact: true }));
    await screenshot(user, 'task-logs-07-drawing-user-en');
    await openMenu(user, /Task logs/, '/app/logs/tasks');
    await waitForCount(rows(user), 3);
    await visible(row(user, tasks.failedMusic).getByText('Failed', { exact: true }));
    await visible(row(user, tasks.music).getByText('Music', { exact: true }));
    await screenshot(user, 'task-logs-08-tasks-user-en');
    await user.evaluate(() => localStorage.setItem('i18nextLng', 'zh'));
  });

  step('at 390 px both screens show submission time and state, each row expanding to the rest', async () => {
    await user.goto(`${server.baseUrl}/app/logs/drawing`);
    await checkPhoneLayout(user, 'task-logs-09-drawing', {
      zh: { key: '状态', detail: 'Prompt / PromptEn', action: PROMPTS.success },
      en: { key: 'Status', detail: 'Prompt / PromptEn', action: PROMPTS.success },
    });
    await user.goto(`${server.baseUrl}/app/logs/tasks`);
    await checkPhoneLayout(user, 'task-logs-10-tasks', {
      zh: { key: '状态', detail: '任务 ID', action: '复制' },
      en: { key: 'Status', detail: 'Task ID', action: 'Copy' },
    });
    await user.setViewportSize(PHONE);
    await user.getByRole('button', { name: '打开菜单' }).click();
    await visible(user.getByRole('menuitem', { name: /任务日志/ }));
    const wide = await user.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(PHONE.width);
    await screenshot(user, 'task-logs-11-menu-phone-zh');
    await user.setViewportSize(DESKTOP);
    await user.reload();
  });

  step('the menu offers each screen only while its switch is on; the usage logs stay reachable', async () => {
    // A menu entry's name starts with its icon's: match the label at the end.
    const menuItem = (label: string) => user.getByRole('menuitem', { name: new RegExp(`(^|\\s)${label}$`) });
    await putOptions(admin, [['DrawingEnabled', 'false']]);
    await user.goto(`${server.baseUrl}/app/logs/tasks`);
    await visible(menuItem('任务日志'));
    expect(await menuItem('绘图日志').count()).toBe(0);
    await visible(menuItem('日志'));
    // Opened by its address, the screen says the switch is off and still lists what exists.
    await user.goto(`${server.baseUrl}/app/logs/drawing`);
    await visible(user.getByText('绘图功能未开启，这里只列出已有的记录'));
    await waitForCount(rows(user), 4);
    await screenshot(user, 'task-logs-12-drawing-switched-off-zh');

    await putOptions(admin, [['TaskEnabled', 'false']]);
    await user.reload();
    await visible(menuItem('使用日志'));
    expect(await menuItem('日志').count()).toBe(0);
    expect(await menuItem('任务日志').count()).toBe(0);
    await openMenu(user, /使用日志/, '/app/logs/api-usage');
    await putOptions(admin, [
      ['DrawingEnabled', 'true'],
      ['TaskEnabled', 'true'],
    ]);
  });

  step(
    'with the server gone, a refresh says the load failed and offers a retry instead of an empty list',
    async () => {
      await user.goto(`${server.baseUrl}/app/logs/tasks`);
      await waitForCount(rows(user), 3);
      await server.stop();
      await user.getByRole('button', { name: '刷新' }).click();
      await visible(user.locator('.ant-table').getByRole('button', { name: '重试' }));
      await visible(user.locator('.ant-table').getByText('加载失败', { exact: true }));
      await screenshot(user, 'task-logs-13-tasks-failed-zh');
    },
  );

  step('no page raised a script error', () => {
    expect(pageErrors).toEqual([]);
    return Promise.resolve();
  });
});
