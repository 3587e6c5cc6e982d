import type { SelfUser } from '@tollgate/contracts';
import { type OidcFake, startOidcFake } from '@tollgate/test-fakes';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { putOptions } from './support/console-api';
import { type RunningServer, startServer } from './support/server';
import { STEP_TIMEOUT, onPath, orderedSteps, visible, dialogShown } from './support/steps';
import { completeSetup, signIn } from './support/session';

// An invited visitor signs up, signs in, checks in, takes an access token and tunes personal settings;
// OIDC sign-up and bind run against a real OpenID Provider; the login page shows every enabled method (zh-CN).
const VISITOR = { username: 'alice', password: 'Alice#2024!' };
const OIDC_CLIENT = { id: 'tollgate-journey', secret: 'journey-secret' };
const statistic = (page: Page, title: string): Locator =>
  page.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content');

const step = orderedSteps();

describe('identity: invited sign-up, sign-in, check-in, access token, OIDC, login methods', () => {
  let server: RunningServer;
  let idp: OidcFake;
  let browser: Browser;
  let rootContext: BrowserContext;
  let visitorContext: BrowserContext;
  let root: Page;
  let visitor: Page;
  let inviteLink = '';
  let accessToken = '';
  const pageErrors: string[] = [];
  const baseUrl = () => server.baseUrl;

  beforeAll(async () => {
    server = await startServer();
    await completeSetup(server.baseUrl);
    idp = await startOidcFake(
      { ...OIDC_CLIENT, redirectUri: `${server.baseUrl}/oauth/oidc` },
      {
        'dave-sub': { preferred_username: 'dave', name: 'Dave' },
        'alice-sub': { preferred_username: 'alice-oidc', name: 'Alice' },
      },
    );
    browser = await launchBrowser();
    const contextOptions = { locale: 'zh-CN', viewport: { width: 1280, height: 1100 } };
    rootContext = await browser.newContext(contextOptions);
    visitorContext = await browser.newContext({
      ...contextOptions,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    root = await rootContext.newPage();
    visitor = await visitorContext.newPage();
    for (const page of [root, visitor]) page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    // All three, even when one fails: whatever is left running holds jest open.
    const stopped = await Promise.allSettled([browser?.close(), server?.stop(), idp?.close()]);
    for (const result of stopped) if (result.status === 'rejected') throw result.reason;
  });

  step('root turns on check-in and invite rewards, then copies the invite link', async () => {
    await signIn(root, baseUrl());
    await putOptions(root, [
      ['QuotaForInvitee', '500000'],
      ['QuotaForInviter', '250000'],
      ['CheckInQuota', '10000'],
      ['CheckInEnabled', 'true'],
    ]);
    await root.goto(`${baseUrl()}/app/me?tab=invitation`);
    await visible(root.getByRole('heading', { name: '个人设置' }));
    await visible(root.getByText('超级管理员'));
    const link = root.getByRole('textbox', { name: '邀请链接' });
    await root.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[aria-label="邀请链接"]')?.value,
      undefined,
      { timeout: STEP_TIMEOUT, polling: 100 },
    );
    inviteLink = await link.inputValue();
    expect(inviteLink).toMatch(new RegExp(`^${baseUrl()}/register\\?aff=\\w+$`));
    await screenshot(root, 'identity-01-root-invitation');
  });

  step('a visitor opens the invite link: the invite code is filled in, passwords must match', async () => {
    await visitor.goto(inviteLink);
    await visible(visitor.getByRole('heading', { name: '注册' }));
    const form = visitor.locator('form');
    expect(await form.getByLabel('邀请码').inputValue()).toBe(new URL(inviteLink).searchParams.get('aff'));
    await form.getByLabel('用户名').fill(VISITOR.username);
    await form.getByLabel('密码', { exact: true }).fill('short');
    await form.getByLabel('确认密码').fill('shorter');
    await form.getByRole('button', { name: '注册' }).click();
    await visible(visitor.getByText('密码长度不得小于 8 位！'));
    await visible(visitor.getByText('两次输入的密码不一致'));
    await screenshot(visitor, 'identity-02-register-validation');
  });

  step('registers and is sent to the login page', async () => {
    const form = visitor.locator('form');
    await form.getByLabel('密码', { exact: true }).fill(VISITOR.password);
    await form.getByLabel('确认密码').fill(VISITOR.password);
    // The confirmation is checked again as it changes: wait until the earlier mismatch is gone.
    await visitor.getByText('两次输入的密码不一致').waitFor({ state: 'hidden' });
    await screenshot(visitor, 'identity-03-register-filled');
    await form.getByRole('button', { name: '注册' }).click();
    await visible(visitor.getByText('注册成功！'));
    await onPath(visitor, '/login');
    await screenshot(visitor, 'identity-04-registered');
  });

  step('signs in and sees the invitee bonus on the balance tab', async () => {
    await signIn(visitor, baseUrl(), VISITOR);
    await visitor.getByRole('menuitem', { name: /个人设置/ }).click();
    await onPath(visitor, '/app/me');
    await visible(visitor.getByRole('tab', { name: '余额', selected: true }));
    await visible(statistic(visitor, '当前余额').getByText('$1.00'));
    await visible(visitor.getByText('普通用户'));
    await screenshot(visitor, 'identity-05-balance');
  });

  step('checks in once and sees the reward', async () => {
    await visitor.getByRole('tab', { name: '每日签到' }).click();
    await visitor.getByRole('button', { name: '立即签到' }).click();
    await visible(visitor.getByText('签到成功！获得 $0.02'));
    await visible(visitor.getByText('今日已签到'));
    await visible(visitor.getByText('本次签到获得 $0.02'));
    await screenshot(visitor, 'identity-06-checked-in');
    await visitor.getByRole('tab', { name: '余额' }).click();
    await visible(statistic(visitor, '当前余额').getByText('$1.02'));
  });

  step('generates a system access token, copies it, and it works on the management API', async () => {
    await visitor.getByRole('button', { name: '生成系统访问令牌' }).click();
    await visible(visitor.getByText('已复制到剪贴板！'));
    accessToken = await visitor.getByRole('textbox', { name: '系统访问令牌' }).inputValue();
    expect(accessToken.length).toBeGreaterThanOrEqual(28);
    expect(await visitor.evaluate(() => navigator.clipboard.readText())).toBe(accessToken);
    await screenshot(visitor, 'identity-07-access-token');

    const self = await fetch(`${baseUrl()}/api/user/self`, {
      headers: { Authorization: accessToken, 'New-Api-User': await storedUserId(visitor) },
    });
    const body = (await self.json()) as { success: boolean; data: SelfUser };
    expect(body.success).toBe(true);
    expect(body.data.username).toBe(VISITOR.username);
  });

  step('root sees the invitation counted', async () => {
    await root.reload();
    await visible(statistic(root, '邀请人数').getByText('1', { exact: true }));
    await visible(statistic(root, '待使用收益').getByText('$0.50'));
    await screenshot(root, 'identity-08-root-invited-one');
  });

  step('moving invite earnings: at least one unit, at most what was earned', async () => {
    await root.getByRole('button', { name: '划转到余额' }).click();
    const dialog = root.getByRole('dialog', { name: '划转邀请额度' });
    await visible(dialog.getByText('可用邀请额度：$0.50'));
    // The amount is checked as it is typed.
    await dialog.getByRole('spinbutton').fill('100000');
    await visible(dialog.getByText('划转金额最低为 $1.00'));
    await dialog.getByRole('spinbutton').fill('500000');
    await visible(dialog.getByText('划转额度不能超过可用邀请额度'));
    await screenshot(root, 'identity-09-transfer-refused');
    await dialog.getByRole('button', { name: '取消' }).click();
  });

  step('notification settings: presets, 100000 to start with, webhooks only over https', async () => {
    await visitor.getByRole('tab', { name: '通知设置' }).click();
    const threshold = visitor.getByRole('combobox', { name: '额度预警阈值' });
    expect(await threshold.inputValue()).toBe('100000');
    const preset = (label: string) =>
      visitor.locator('.ant-select-item-option').getByText(label, { exact: true });
    await threshold.click();
    for (const label of ['100000（$0.20）', '500000（$1.00）', '1000000（$2.00）', '5000000（$10.00）'])
      await visible(preset(label));
    await screenshot(visitor, 'identity-10-notify-presets');
    await visitor.keyboard.press('Escape');
    await preset('100000（$0.20）').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
    await threshold.click();
    await preset('500000（$1.00）').click();
    expect(await threshold.inputValue()).toBe('500000');
    await visitor.getByRole('radio', { name: 'Webhook 通知' }).check();
    await visitor.getByLabel('Webhook 地址').fill('http://hooks.example.com/quota');
    await visitor.getByRole('button', { name: '保存设置' }).click();
    await visible(visitor.getByText('Webhook 地址必须以 https:// 开头'));
    await screenshot(visitor, 'identity-11-notify-webhook-https');
    await visitor.getByRole('radio', { name: '邮件通知' }).check();
    await visitor.getByLabel('Webhook 地址').waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
    await visible(visitor.getByLabel('通知邮箱'));
    await visitor.getByRole('button', { name: '保存设置' }).click();
    await visible(visitor.getByText('设置保存成功'));
    await visitor.reload();
    await visitor.waitForFunction(
      () => document.querySelector<HTMLInputElement>('#quota_warning_threshold')?.value === '500000',
      undefined,
      { timeout: STEP_TIMEOUT, polling: 100 },
    );
  });

  step('a newcomer signs up through OIDC and lands where the login was asked for', async () => {
    const endpoints = await idp.metadata();
    await putOptions(root, [
      ['ServerAddress', baseUrl()],
      ['oidc.client_id', OIDC_CLIENT.id],
      ['oidc.client_secret', OIDC_CLIENT.secret],
      ['oidc.well_known', idp.wellKnown],
      ['oidc.authorization_endpoint', endpoints.authorization_endpoint],
      ['oidc.token_endpoint', endpoints.token_endpoint],
      ['oidc.user_info_endpoint', endpoints.userinfo_endpoint],
      ['oidc.enabled', 'true'],
    ]);
    const newcomer = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
    await newcomer.goto(`${baseUrl()}/app/me?tab=bindings`);
    await onPath(newcomer, '/login');
    await idp.signInAs('dave-sub');
    await newcomer.getByRole('button', { name: '使用 OIDC 继续' }).click();
    await newcomer.waitForURL(
      (url) => url.pathname === '/app/me' && url.searchParams.get('tab') === 'bindings',
      {
        timeout: STEP_TIMEOUT,
      },
    );
    // Sign-ups through OIDC are named after the provider's preferred_username.
    await visible(newcomer.locator('header').getByText(/dave/));
    await visible(newcomer.locator('.ant-list-item').filter({ hasText: 'OIDC' }).getByText('dave-sub'));
    await screenshot(newcomer, 'identity-12-oidc-sign-up');

    await newcomer.getByRole('button', { name: '删除个人账户' }).click();
    const dialog = newcomer.getByRole('dialog', { name: '删除个人账户' });
    await dialogShown(dialog);
    const username = (await newcomer.locator('header').getByText(/dave/).textContent()) ?? '';
    await dialog.getByRole('textbox').fill('dave');
    await dialog.getByRole('button', { name: '确认删除' }).click();
    await visible(dialog.getByText('请输入你的账户名以确认删除！'));
    await dialog.getByRole('textbox').fill(username);
    await screenshot(newcomer, 'identity-13-delete-account');
    await dialog.getByRole('button', { name: '确认删除' }).click();
    await visible(newcomer.getByText('账户已删除！'));
    await onPath(newcomer, '/');
    await newcomer.close();
  });

  step('a signed-in user binds OIDC and comes back to the bindings tab', async () => {
    await visitor.goto(`${baseUrl()}/app/me?tab=bindings`);
    const oidcRow = visitor.locator('.ant-list-item').filter({ hasText: 'OIDC' });
    await visible(oidcRow.getByText('未绑定'));
    await idp.signInAs('alice-sub');
    await oidcRow.getByRole('button', { name: '绑定' }).click();
    await visitor.waitForURL(
      (url) => url.pathname === '/app/me' && url.searchParams.get('tab') === 'bindings',
      {
        timeout: STEP_TIMEOUT,
      },
    );
    await visible(visitor.getByText('绑定成功！'));
    await visible(oidcRow.getByText('alice-sub'));
    await visible(visitor.locator('header').getByText(VISITOR.username, { exact: true }));
    await screenshot(visitor, 'identity-14-oidc-bound');
  });

  step('changes the password: the two entries must match', async () => {
    await visitor.getByRole('button', { name: '修改密码' }).click();
    const dialog = visitor.getByRole('dialog', { name: '修改密码' });
    await dialog.getByLabel('原密码').fill(VISITOR.password);
    await dialog.getByLabel('新密码', { exact: true }).fill('Alice#2025!');
    await dialog.getByLabel('确认新密码').fill('Alice#2025?');
    await dialog.getByRole('button', { name: '确认修改' }).click();
    await visible(dialog.getByText('两次输入的密码不一致！'));
    await screenshot(visitor, 'identity-15-password-mismatch');
    await dialog.getByLabel('确认新密码').fill('Alice#2025!');
    await dialog.getByRole('button', { name: '确认修改' }).click();
    await visible(visitor.getByText('密码修改成功！'));
  });

  step('the login page offers every enabled method', async () => {
    await putOptions(root, [
      ['GitHubClientId', 'Iv1.journey'],
      ['GitHubClientSecret', 'journey-secret'],
      ['GitHubOAuthEnabled', 'true'],
      ['LinuxDOClientId', 'linuxdo-journey'],
      ['LinuxDOClientSecret', 'journey-secret'],
      ['LinuxDOOAuthEnabled', 'true'],
      ['WeChatServerAddress', 'https://wechat.example.com'],
      ['WeChatServerToken', 'journey-token'],
      ['WeChatAccountQRCodeImageURL', `${baseUrl()}/logo.svg`],
      ['WeChatAuthEnabled', 'true'],
    ]);
    const guest = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
    await guest.goto(`${baseUrl()}/login`);
    await visible(guest.getByRole('button', { name: '使用 GitHub 继续' }));
    await visible(guest.getByRole('button', { name: '使用 OIDC 继续' }));
    await visible(guest.getByRole('button', { name: '使用 Linux DO 继续' }));
    await visible(guest.getByRole('button', { name: '使用 微信 继续' }));
    await visible(guest.getByRole('link', { name: '注册' }));
    await visible(guest.getByRole('link', { name: '重置密码' }));
    await screenshot(guest, 'identity-16-login-methods');

    await guest.getByRole('button', { name: '使用 微信 继续' }).click();
    const dialog = guest.getByRole('dialog', { name: '微信扫码' });
    await visible(dialog.getByText('三分钟内有效'));
    await visible(dialog.getByRole('img', { name: '微信公众号二维码' }));
    await screenshot(guest, 'identity-17-wechat-dialog');
    await dialog.getByRole('button', { name: '取消' }).click();

    // GitHub itself is out of reach: answer its consent page locally and check where the console went.
    await guest.route('https://github.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>GitHub consent (stub)</h1>' }),
    );
    await guest.getByRole('button', { name: '使用 GitHub 继续' }).click();
    await guest.waitForURL((url) => url.hostname === 'github.com', { timeout: STEP_TIMEOUT });
    const authorize = new URL(guest.url());
    expect(authorize.pathname).toBe('/login/oauth/authorize');
    expect(authorize.searchParams.get('client_id')).toBe('Iv1.journey');
    expect(authorize.searchParams.get('state')).toBeTruthy();

    // Coming back with a state this browser never asked for: the error is shown, then the login page.
    await guest.goto(`${baseUrl()}/oauth/github?code=stub-code&state=not-mine`);
    await onPath(guest, '/login');
    await visible(guest.locator('.ant-message-error'));
    await screenshot(guest, 'identity-18-oauth-callback-refused');
    await guest.close();
    expect(pageErrors).toEqual([]);
  });
});

async function storedUserId(page: Page): Promise<string> {
  const user = await page.evaluate(
    () => JSON.parse(localStorage.getItem('user') ?? 'null') as SelfUser | null,
  );
  return String(user?.id ?? '');
}
