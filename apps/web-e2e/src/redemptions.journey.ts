import type { Envelope, SelfUser, StatusObject } from '@tollgate/contracts';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { answerTo } from './support/console-api';
import { ConsoleJourney } from './support/console-journey';
import { checkPhoneLayout } from './support/phone-layout';
import { STEP_TIMEOUT, orderedSteps, visible, waitForCount, dialogShown } from './support/steps';
import { registerUser } from './support/session';

// The root account is the administrator and stands in for the redeeming user until registration exists.
const CODE_NAME = 'journey';
const CODE_QUOTA = 100000; // spec 001 §9 default

const step = orderedSteps();

const SHOPPER = { username: 'shopper', password: 'shopper-pass-1' };

describe('redemption codes: an administrator creates 5, a user redeems one from a link', () => {
  let journey: ConsoleJourney;
  let page: Page;
  let codes: string[] = [];
  let quotaBefore = 0;
  let status: StatusObject;
  let userPage: Page;

  const rows = (): Locator => page.locator('tbody tr.ant-table-row');
  const rowWithCode = (code: string): Locator => rows().filter({ hasText: code });
  // antd can leave a faded-out spinner icon (named "loading") in a button after a fast request.
  const redeemButton = (on = page): Locator => on.getByRole('button', { name: /^(loading )?兑换$/ });
  const dialog = (title: string): Locator => page.getByRole('dialog').filter({ hasText: title });
  /** The signed-in user as the server sees it, through the page's own session. */
  const self = (on = page): Promise<SelfUser> =>
    on.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { id: number };
      const response = await fetch('/api/user/self', { headers: { 'New-Api-User': String(user.id) } });
      return ((await response.json()) as Envelope<SelfUser>).data as SelfUser;
    });
  /** A toast message, once its entrance animation is over (so the screenshot shows it). */
  const toast = async (text: string, on = page): Promise<void> => {
    const notice = on.locator('.ant-message-notice').filter({ hasText: text });
    await visible(notice);
    await notice.evaluate((element) =>
      Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
    );
  };
  /** The wallet's current-balance figure (the used-so-far figure can show the same amount). */
  const balance = (): Locator => userPage.locator('.ant-statistic').filter({ hasText: '当前余额' });
  const money = (quota: number): string => `$${(quota / status.quota_per_unit).toFixed(2)}`;

  beforeAll(async () => {
    journey = await ConsoleJourney.start();
    status = ((await (await fetch(`${journey.baseUrl}/api/status`)).json()) as Envelope<StatusObject>)
      .data as StatusObject;
    page = await journey.signedInPage();
    // The code is redeemed by an ordinary user who signed up, in a browser session of their own.
    await registerUser(journey.baseUrl, SHOPPER);
    userPage = await journey.signedInPage(SHOPPER);
  });

  afterAll(() => journey?.stop());

  step('opens the redemption code screen from the admin menu', async () => {
    expect(status.display_in_currency).toBe(true);
    await page.getByRole('menuitem', { name: /兑换码管理/ }).click();
    await page.waitForURL((url) => url.pathname === '/admin/coupons', { timeout: STEP_TIMEOUT });
    await visible(page.getByRole('heading', { name: '兑换码管理' }));
    await visible(page.locator('.ant-table-placeholder'));
    await screenshot(page, 'redemptions-01-empty');
  });

  step('needs a selection before disabling in bulk', async () => {
    await page.getByRole('button', { name: '批量禁用' }).click();
    await visible(page.getByText('请至少选择一个兑换码！'));
  });

  step('creates 5 codes with the default quota and lists them in the codes dialog', async () => {
    await page.getByRole('button', { name: '添加兑换码' }).click();
    const form = dialog('创建新的兑换码');
    await visible(form);
    expect(await form.getByRole('spinbutton', { name: '额度' }).inputValue()).toBe(String(CODE_QUOTA));
    expect(await form.getByRole('spinbutton', { name: '生成数量' }).inputValue()).toBe('1');
    await form.getByLabel('名称').fill(CODE_NAME);
    await form.getByRole('spinbutton', { name: '生成数量' }).fill('5');
    await screenshot(page, 'redemptions-02-create-drawer');

    const body = await answerTo<string[]>(page, 'POST', '/api/redemption/', () =>
      form.getByRole('button', { name: '提交' }).click(),
    );
    expect(body.success).toBe(true);
    codes = body.data ?? [];
    expect(codes).toHaveLength(5);

    const created = dialog('兑换码创建成功');
    await visible(created);
    await waitForCount(created.getByRole('listitem'), 5);
    for (const code of codes) await visible(created.getByText(code, { exact: true }));
    await screenshot(page, 'redemptions-03-codes-dialog');
  });

  step('copies all new codes at once', async () => {
    const created = dialog('兑换码创建成功');
    await created.getByRole('button', { name: '复制全部' }).click();
    await visible(page.getByText('已复制到剪贴板！'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
    await created.getByRole('button', { name: '完成' }).click();
    await created.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
    await waitForCount(rows(), 5);
    await screenshot(page, 'redemptions-04-list');
  });

  step(
    'a registered user opens the wallet from a ?code= link: the code is recognised, with a change link',
    async () => {
      quotaBefore = (await self(userPage)).quota;
      await userPage.goto(`${journey.baseUrl}/app/wallet?code=${codes[0]}`);
      await visible(userPage.getByRole('heading', { name: '钱包' }));
      await visible(userPage.getByText('已识别兑换码：'));
      await visible(userPage.getByText(codes[0], { exact: true }));
      await visible(userPage.getByRole('button', { name: '更换' }));
      await visible(balance().getByText(money(quotaBefore), { exact: true }));
      await visible(userPage.getByText('管理员未开启在线充值！'));
      expect(await userPage.getByRole('button', { name: '获取兑换码' }).count()).toBe(0);
      await screenshot(userPage, 'redemptions-05-wallet-recognised');
    },
  );

  step('redeems the code: the balance grows by its quota', async () => {
    await redeemButton(userPage).click();
    await visible(userPage.getByText(`兑换成功！已获得额度 ${money(CODE_QUOTA)}`));
    expect((await self(userPage)).quota).toBe(quotaBefore + CODE_QUOTA);
    await visible(balance().getByText(money(quotaBefore + CODE_QUOTA), { exact: true }));
    await userPage.waitForURL((url) => url.pathname === '/app/wallet' && url.search === '', {
      timeout: STEP_TIMEOUT,
    });
    await screenshot(userPage, 'redemptions-06-redeemed');
  });

  step('redeeming the same code again shows the server message', async () => {
    await userPage.goto(`${journey.baseUrl}/app/wallet?code=${codes[0]}`);
    await visible(userPage.getByText('已识别兑换码：'));
    await redeemButton(userPage).click();
    await toast('该兑换码已被使用', userPage);
    expect((await self(userPage)).quota).toBe(quotaBefore + CODE_QUOTA);
    await screenshot(userPage, 'redemptions-07-already-used');
  });

  step('changing to an empty code is refused with 请输入兑换码！', async () => {
    await userPage.getByRole('button', { name: '更换' }).click();
    await visible(userPage.getByRole('textbox', { name: '兑换码' }));
    await redeemButton(userPage).click();
    await toast('请输入兑换码！', userPage);
    await screenshot(userPage, 'redemptions-08-empty-code');
  });

  step('the admin list shows the code as used', async () => {
    await page.goto(`${journey.baseUrl}/admin/coupons`);
    const used = rowWithCode(codes[0]);
    await visible(used.getByText('已使用', { exact: true }));
    await visible(used.getByRole('button', { name: '启用' }));
    expect(await used.getByRole('button', { name: '启用' }).isDisabled()).toBe(true);
    expect(await used.getByRole('button', { name: '编辑' }).isDisabled()).toBe(true);
    await screenshot(page, 'redemptions-09-used-in-list');
  });

  step('disables two selected codes in bulk', async () => {
    for (const code of codes.slice(1, 3)) await rowWithCode(code).getByRole('checkbox').check();
    await page.getByRole('button', { name: '批量禁用' }).click();
    const confirm = dialog('确定禁用所选的 2 个兑换码吗？');
    await dialogShown(confirm);
    await confirm.getByRole('button', { name: '确定' }).click();
    await visible(page.getByText('已禁用 2 个兑换码'));
    for (const code of codes.slice(1, 3))
      await visible(rowWithCode(code).getByText('已禁用', { exact: true }));
    await screenshot(page, 'redemptions-10-batch-disabled');
  });

  step('on a phone shows each code by name and status, the rest in its row details', async () => {
    await checkPhoneLayout(page, 'redemptions-11', {
      zh: { key: '状态', detail: '有效期', action: '删除' },
      en: { key: 'Status', detail: 'Validity', action: 'Delete' },
    });
  });

  step('deletes by name: counts first, then deletes after confirming', async () => {
    await page.getByRole('button', { name: '按名称删除' }).click();
    const byName = dialog('按名称批量删除兑换码');
    await dialogShown(byName);
    await byName.getByRole('button', { name: '查询数量' }).click();
    await visible(byName.getByText('请输入要删除的兑换码名称'));
    await byName.getByLabel('兑换码名称').fill(CODE_NAME);
    await byName.getByRole('button', { name: '查询数量' }).click();
    await visible(byName.getByText(`名称为「${CODE_NAME}」的兑换码共有 5 个，删除后不可恢复。`));
    await screenshot(page, 'redemptions-12-delete-by-name-count');
    await byName.getByRole('button', { name: '确认删除' }).click();
    await visible(page.getByText('已删除 5 个兑换码'));
    await visible(page.locator('.ant-table-placeholder'));
    await screenshot(page, 'redemptions-13-deleted-by-name');
    expect(journey.pageErrors).toEqual([]);
  });
});
