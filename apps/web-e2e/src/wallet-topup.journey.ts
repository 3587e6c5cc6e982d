import type { Page as ListPage, SelfUser, TopUpOrder } from '@tollgate/contracts';
import { type EpayFake, startEpayFake } from '@tollgate/test-fakes';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { callApi, putOptions } from './support/console-api';
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

// A user tops up online: amount → amount payable → confirm dialog → the (fake) easy-pay cashier in a new tab →
// paid → back on the wallet with the credited balance and the order; in Chinese on a desktop and in English at
// phone width. The administrator finds the orders in the order list.
const USER = { username: 'payer', password: 'payer-pass-123' };
const MERCHANT = { pid: '1001', key: 'journey-merchant-key' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
// Price 7.3 per dollar (spec 001 §9 default).
const QUOTA_PER_UNIT = 500000;

const step = orderedSteps();

describe('online top-up: from the amount to a credited balance through the easy-pay cashier', () => {
  let browser: Browser;
  let server: RunningServer;
  let epay: EpayFake;
  let admin: Page;
  let user: Page;
  const pageErrors: string[] = [];

  async function newPage(who: typeof ROOT, options: { english: boolean; viewport: typeof DESKTOP }) {
    // Sign-in goes through the Chinese form; English pages then switch by the stored language.
    const context = await browser.newContext({ locale: 'zh-CN', viewport: options.viewport });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await openSignedIn(page, server.baseUrl, who);
    if (options.english) {
      await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
      await page.reload();
    }
    return page;
  }

  const self = (page: Page) => callApi<SelfUser>(page, 'GET', '/api/user/self');
  /** The figure of a statistic (the balance, the amount payable) by its title. */
  const figure = (page: Page, title: RegExp): Locator =>
    page.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content');
  const amountInput = (page: Page, label: string): Locator => page.getByRole('spinbutton', { name: label });
  const fitsWidth = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  /** Clicks the dialog's pay button and answers the cashier tab the hidden form opened. */
  async function toCashier(page: Page, okName: string): Promise<Page> {
    const opened = page.context().waitForEvent('page', { timeout: STEP_TIMEOUT });
    await page.getByRole('dialog').getByRole('button', { name: okName }).click();
    const cashier = await opened;
    cashier.on('pageerror', (error) => pageErrors.push(error.message));
    await cashier.waitForLoadState();
    return cashier;
  }

  beforeAll(async () => {
    server = await startServer();
    await completeSetup(server.baseUrl);
    epay = await startEpayFake(MERCHANT);
    browser = await launchBrowser();
    await registerUser(server.baseUrl, USER);
    admin = await newPage(ROOT, { english: false, viewport: DESKTOP });
    user = await newPage(USER, { english: false, viewport: DESKTOP });
  });

  afterAll(async () => {
    await browser?.close();
    await epay?.close();
    await server?.stop();
  });

  step('with easy-pay not configured the wallet shows the info banner instead of the form', async () => {
    await user.goto(`${server.baseUrl}/app/wallet`);
    await visible(user.getByRole('heading', { name: '钱包' }));
    await visible(user.getByText('管理员未开启在线充值！'));
    await visible(user.getByText('超级管理员未设置充值链接！'));
    expect(await user.getByRole('button', { name: /支付宝/ }).count()).toBe(0);
    await screenshot(user, 'wallet-topup-01-off-zh');
  });

  step(
    'once configured: the minimum from settings, values below 1 raised to 1, the amount payable as it changes',
    async () => {
      await putOptions(admin, [
        ['ServerAddress', server.baseUrl],
        ['PayAddress', epay.url],
        ['EpayId', MERCHANT.pid],
        ['EpayKey', MERCHANT.key],
        ['MinTopUp', '2'],
      ]);
      await user.reload();
      await visible(user.getByText('在线充值'));
      const input = amountInput(user, '充值数量');
      expect(await input.inputValue()).toBe('2');
      await visible(figure(user, /实付金额/).getByText('14.60'));
      await input.fill('0');
      await input.blur();
      expect(await input.inputValue()).toBe('1');
      await visible(user.getByText('充值数量不能小于 2'));
      expect(await user.getByRole('button', { name: /支付宝/ }).isDisabled()).toBe(true);
      await input.fill('5');
      await visible(figure(user, /实付金额/).getByText('36.50'));
      expect(await user.getByRole('button', { name: /支付宝/ }).isEnabled()).toBe(true);
      await screenshot(user, 'wallet-topup-02-amount-zh');
    },
  );

  step('the confirm dialog shows the amount and the amount payable', async () => {
    await user.getByRole('button', { name: /支付宝/ }).click();
    const dialog = user.getByRole('dialog').filter({ hasText: '确定要充值吗' });
    await dialogShown(dialog);
    await visible(dialog.getByText('$5', { exact: true }));
    await visible(dialog.getByText('¥36.50'));
    await afterMotion(user);
    await screenshot(user, 'wallet-topup-03-confirm-zh');
  });

  step(
    'paying opens the gateway cashier in a new tab with the signed order; paying there credits once',
    async () => {
      const before = (await self(user)).quota;
      const cashier = await toCashier(user, '去支付');
      await visible(cashier.getByText('易支付收银台'));
      await visible(cashier.getByText('¥36.50'));
      await visible(cashier.getByText('TUC5'));
      expect(epay.orders.size).toBe(1);
      await screenshot(cashier, 'wallet-topup-04-cashier');

      await cashier.getByRole('button', { name: /确认付款/ }).click();
      await onPath(cashier, '/app/wallet');
      await visible(
        figure(cashier, /当前余额/).getByText(
          `$${((before + 5 * QUOTA_PER_UNIT) / QUOTA_PER_UNIT).toFixed(2)}`,
        ),
      );
      await visible(cashier.locator('tbody tr.ant-table-row').filter({ hasText: '已到账' }));
      expect((await self(user)).quota).toBe(before + 5 * QUOTA_PER_UNIT);
      await screenshot(cashier, 'wallet-topup-05-credited-zh');
      await cashier.close();

      // Back on the first tab: coming back reloads the balance and the order.
      await user.bringToFront();
      await user.evaluate(() => window.dispatchEvent(new Event('focus')));
      await visible(figure(user, /当前余额/).getByText('$5.00'));
      await visible(user.locator('tbody tr.ant-table-row').filter({ hasText: '已到账' }));
    },
  );

  step('in English at phone width: the same path with WeChat Pay, fitting 390 px', async () => {
    const phone = await newPage(USER, { english: true, viewport: PHONE });
    await phone.goto(`${server.baseUrl}/app/wallet`);
    await visible(phone.getByRole('heading', { name: 'Wallet' }));
    await amountInput(phone, 'Top-up amount').fill('3');
    await visible(figure(phone, /Amount payable/).getByText('21.90'));
    await fitsWidth(phone);
    await screenshot(phone, 'wallet-topup-06-amount-phone-en');
    await phone.getByRole('button', { name: /WeChat Pay/ }).click();
    const dialog = phone.getByRole('dialog').filter({ hasText: 'Top up now?' });
    await visible(dialog.getByText('¥21.90'));
    await afterMotion(phone);
    await screenshot(phone, 'wallet-topup-07-confirm-phone-en');

    const cashier = await toCashier(phone, 'Go to payment');
    await visible(cashier.getByText('wxpay'));
    await cashier.getByRole('button', { name: /Pay now/ }).click();
    await onPath(cashier, '/app/wallet');
    await visible(figure(cashier, /Current balance/).getByText('$8.00'));
    await waitForCount(cashier.locator('tbody tr.ant-table-row').filter({ hasText: 'Credited' }), 2);
    await fitsWidth(cashier);
    await screenshot(cashier, 'wallet-topup-08-credited-phone-en');
    await phone.context().close();
  });

  step('the administrator finds both orders in the order list and searches by user', async () => {
    await admin.getByRole('menuitem', { name: /充值订单/ }).click();
    await onPath(admin, '/admin/topups');
    await visible(admin.getByRole('heading', { name: '充值订单' }));
    await waitForCount(admin.locator('tbody tr.ant-table-row').filter({ hasText: 'payer' }), 2);
    const orders = await callApi<ListPage<TopUpOrder>>(admin, 'GET', '/api/user/topup?p=1&page_size=10');
    expect(orders.items.map((order) => [order.money, order.payment_method, order.status])).toEqual([
      ['21.90', 'wx', 'success'],
      ['36.50', 'zfb', 'success'],
    ]);
    await admin.getByLabel('关键字').fill(orders.items[1].trade_no);
    await admin.getByRole('button', { name: '查询' }).click();
    await waitForCount(admin.locator('tbody tr.ant-table-row'), 1);
    await screenshot(admin, 'wallet-topup-09-admin-orders-zh');
  });

  step('no script errors on any page', () => {
    expect(pageErrors).toEqual([]);
    return Promise.resolve();
  });
});
