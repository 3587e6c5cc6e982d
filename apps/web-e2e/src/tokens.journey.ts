import type { Token } from '@tollgate/contracts';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { answerTo } from './support/console-api';
import { ConsoleJourney } from './support/console-journey';
import { checkPhoneLayout } from './support/phone-layout';
import { STEP_TIMEOUT, orderedSteps, visible, waitForCount, dialogShown } from './support/steps';

// The root account stands in for an ordinary user until registration exists; Chinese, so spec messages are verbatim.
const BASE_NAME = 'journey';
const KEY_LENGTH = 51; // sk- plus 48 characters

const step = orderedSteps();

describe('tokens: create several at once, copy, disable, edit, search, delete', () => {
  let journey: ConsoleJourney;
  let page: Page;
  let created: Token[] = [];

  const rows = (): Locator => page.locator('tbody tr.ant-table-row');
  const rowNamed = (name: string): Locator =>
    rows().filter({ has: page.getByRole('cell', { name, exact: true }) });
  const drawer = (title: string): Locator => page.getByRole('dialog').filter({ hasText: title });
  const clipboard = (): Promise<string> => page.evaluate(() => navigator.clipboard.readText());

  beforeAll(async () => {
    journey = await ConsoleJourney.start();
    page = await journey.signedInPage();
  });

  afterAll(() => journey?.stop());

  step('lands on an empty token list under the personal-use warning', async () => {
    await visible(page.getByRole('heading', { name: '令牌管理' }));
    await visible(page.getByText('令牌无法精确控制使用额度，只允许自用，请勿直接将令牌分发给他人。'));
    await visible(page.locator('.ant-table-placeholder'));
    await screenshot(page, 'tokens-01-empty');
  });

  step('a list call that fails shows why with a retry, not an empty list; the retry loads it', async () => {
    let failures = 0;
    // The first load of the list answers HTTP 500, as a server in trouble would; the retry goes through.
    await page.route(
      (url) => url.pathname === '/api/token/',
      (route) => (failures++ === 0 ? route.fulfill({ status: 500, body: '' }) : route.continue()),
    );
    await page.reload();
    const failed = page.locator('.ant-table-placeholder');
    await visible(failed.getByText('加载失败'));
    await visible(failed.getByText('错误：服务器内部错误，请联系管理员！'));
    expect(await failed.getByText('暂无数据').count()).toBe(0);
    await screenshot(page, 'tokens-01b-load-failed');
    await failed.getByRole('button', { name: '重试' }).click();
    await visible(failed.locator('.ant-empty-description', { hasText: '暂无数据' }));
    expect(failures).toBe(2);
    await page.unroute((url) => url.pathname === '/api/token/');
  });

  step('opens the create drawer with the spec defaults', async () => {
    await page.getByRole('button', { name: '添加令牌' }).click();
    const form = drawer('创建新的令牌');
    await visible(form);
    expect(await form.getByLabel('过期时间').inputValue()).toBe('-1');
    expect(await form.getByRole('spinbutton', { name: '额度' }).inputValue()).toBe('500000');
    expect(await form.getByLabel('新建数量').inputValue()).toBe('1');
    await screenshot(page, 'tokens-02-create-drawer');
  });

  step('refuses an expiry that is not yyyy-MM-dd HH:mm:ss', async () => {
    const form = drawer('创建新的令牌');
    await form.getByLabel('过期时间').fill('tomorrow');
    await form.getByRole('button', { name: '提交' }).click();
    await visible(form.getByText('过期时间格式错误！'));
    await screenshot(page, 'tokens-03-bad-expiry');
    await form.getByRole('button', { name: '永不过期' }).click();
    expect(await form.getByLabel('过期时间').inputValue()).toBe('-1');
  });

  step('creates 3 tokens at once: the name, then two copies with a 6-character suffix', async () => {
    const form = drawer('创建新的令牌');
    await form.getByLabel('名称').fill(BASE_NAME);
    await form.getByLabel('新建数量').fill('3');
    await screenshot(page, 'tokens-04-create-three');
    const body = await answerTo<Token[]>(page, 'POST', '/api/token/', () =>
      form.getByRole('button', { name: '提交' }).click(),
    );
    expect(body.success).toBe(true);
    created = body.data ?? [];
    expect(created.map((token) => token.name)).toEqual([
      BASE_NAME,
      expect.stringMatching(/^journey-[A-Za-z0-9]{6}$/),
      expect.stringMatching(/^journey-[A-Za-z0-9]{6}$/),
    ]);
    await visible(page.getByText('已创建 3 个令牌'));
    await form.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
    await waitForCount(rows(), 3);
    for (const token of created) await visible(rowNamed(token.name));
    await screenshot(page, 'tokens-05-three-created');
  });

  step('copies one key: sk- and 48 characters', async () => {
    await rowNamed(BASE_NAME).getByRole('button', { name: '复制密钥' }).click();
    await visible(page.getByText('已复制到剪贴板！'));
    const key = await clipboard();
    expect(key.startsWith('sk-')).toBe(true);
    expect(key).toHaveLength(KEY_LENGTH);
    expect(key).toBe(created[0].key);
    await screenshot(page, 'tokens-06-key-copied');
  });

  step('batch copy needs a selection, then copies the selected tokens', async () => {
    await page.getByRole('button', { name: '复制所选令牌' }).click();
    await visible(page.getByText('请至少选择一个令牌！'));
    await screenshot(page, 'tokens-07-batch-copy-none');

    for (const token of created.slice(1)) await rowNamed(token.name).getByRole('checkbox').check();
    await page.getByRole('button', { name: '复制所选令牌' }).click();
    const lines = (await clipboard()).split('\n');
    expect(lines.sort()).toEqual(
      created
        .slice(1)
        .map((token) => `${token.name}\t${token.key}`)
        .sort(),
    );
    await screenshot(page, 'tokens-08-batch-copied');
  });

  step('disables one token and shows its status', async () => {
    const row = rowNamed(BASE_NAME);
    await row.getByRole('button', { name: '禁用' }).click();
    await visible(page.getByText('令牌已禁用'));
    await visible(row.getByText('已禁用', { exact: true }));
    await visible(row.getByRole('button', { name: '启用' }));
    await screenshot(page, 'tokens-09-disabled');
  });

  step('edits one token: name, a quota preset, a one-day expiry and a model limit', async () => {
    const copyName = created[1].name;
    await rowNamed(copyName).getByRole('button', { name: '编辑' }).click();
    const form = drawer('编辑令牌');
    await visible(form.getByLabel('名称'));
    expect(await form.getByLabel('名称').inputValue()).toBe(copyName);
    await form.getByLabel('名称').fill('journey-edited');
    await form.getByRole('button', { name: '$10', exact: true }).click();
    await form.getByRole('button', { name: '一天' }).click();
    await form.getByRole('switch', { name: '限制可用模型' }).click();
    const models = form.getByRole('combobox', { name: '可用模型' });
    await models.fill('gpt-4o-mini');
    await models.press('Enter');
    await models.press('Escape'); // the tags dropdown stays open over the drawer's buttons
    await screenshot(page, 'tokens-10-edit-drawer');
    const body = await answerTo<Token>(page, 'PUT', '/api/token/', () =>
      form.getByRole('button', { name: '提交' }).click(),
    );
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      name: 'journey-edited',
      remain_quota: 5000000,
      model_limits_enabled: true,
      model_limits: 'gpt-4o-mini',
    });
    const dayFromNow = Date.now() / 1000 + 86400;
    expect(Math.abs((body.data?.expired_time ?? 0) - dayFromNow)).toBeLessThan(120);
    await visible(page.getByText('令牌更新成功'));
    const row = rowNamed('journey-edited');
    await visible(row.getByText('$10.00'));
    await visible(row.getByText('已启用：限制模型'));
    await screenshot(page, 'tokens-11-edited');
  });

  step('searches by name', async () => {
    await page.getByLabel('令牌名称').fill('edited');
    await page.getByRole('button', { name: '查询' }).click();
    await waitForCount(rows(), 1);
    await visible(rowNamed('journey-edited'));
    await screenshot(page, 'tokens-12-search');
    await page.getByRole('button', { name: '重置' }).click();
    await waitForCount(rows(), 3);
  });

  step('deletes a token after confirmation', async () => {
    await rowNamed('journey-edited').getByRole('button', { name: '删除' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定删除令牌「journey-edited」吗？' });
    await dialogShown(confirm);
    await screenshot(page, 'tokens-13-delete-confirm');
    await confirm.getByRole('button', { name: '删除' }).click();
    await visible(page.getByText('令牌已删除'));
    await waitForCount(rows(), 2);
    await screenshot(page, 'tokens-14-deleted');
  });

  step('on a phone shows each token by name and status, the rest in its row details', async () => {
    await checkPhoneLayout(page, 'tokens-15', {
      zh: { key: '状态', detail: '已用额度', action: '编辑' },
      en: { key: 'Status', detail: 'Used quota', action: 'Edit' },
    });
    expect(journey.pageErrors).toEqual([]);
  });
});
