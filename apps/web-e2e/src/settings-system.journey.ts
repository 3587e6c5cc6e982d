import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OptionListEntry } from '@tollgate/contracts';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { callApi } from './support/console-api';
import { ConsoleJourney } from './support/console-journey';
import { STEP_TIMEOUT, orderedSteps, visible, dialogShown } from './support/steps';
import { Toasts } from './support/toasts';

const step = orderedSteps();
const EPAY_SECRET = 'epay-merchant-secret-7731';
const SMTP_SECRET = 'smtp-app-password-5528';
const GITHUB_SECRET = 'github-client-secret-9044';
const SERVER_ADDRESS = 'https://gate.example.com';
// The identity provider's endpoints, as its well-known document names them.
const DISCOVERED = {
  authorization_endpoint: 'https://id.example.com/oauth2/authorize',
  token_endpoint: 'https://id.example.com/oauth2/token',
  userinfo_endpoint: 'https://id.example.com/oauth2/userinfo',
};

/**
 * A stand-in identity provider on another origin: /open/ allows cross-origin reads of its well-known
 * document, /closed/ serves the same document without CORS headers (the browser must refuse to read it).
 */
function startIdentityProvider(): Promise<Server> {
  const server = createServer((request, response) => {
    const body = JSON.stringify({ issuer: 'https://id.example.com', ...DISCOVERED });
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (request.url?.startsWith('/open/')) headers['Access-Control-Allow-Origin'] = '*';
    response.writeHead(200, headers).end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('settings, system tab: addresses, payment, logins, email and providers', () => {
  let journey: ConsoleJourney;
  let page: Page;
  let provider: Server;
  let providerUrl: string;

  const panel = (title: string): Locator =>
    page
      .locator('.ant-card-small')
      .filter({ has: page.locator('.ant-card-head-title').getByText(title, { exact: true }) });
  const toast = (text: string): Promise<void> => new Toasts(page).expect(text);
  // The toast checked next is this save's own (the success notice shows only once every changed key is stored).
  const save = (title: string): Promise<void> =>
    new Toasts(page).click(panel(title).getByRole('button', { name: '保存', exact: true }));
  const options = async (): Promise<Map<string, OptionListEntry>> =>
    new Map(
      (await callApi<OptionListEntry[]>(page, 'GET', '/api/option/')).map((entry) => [entry.key, entry]),
    );
  const stored = async (key: string): Promise<string | undefined> => (await options()).get(key)?.value;
  const rawOptionList = (): Promise<string> =>
    page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('user') ?? 'null') as { id: number };
      const response = await fetch('/api/option/', { headers: { 'New-Api-User': String(user.id) } });
      return response.text();
    });
  const openTab = async (): Promise<void> => {
    await page.goto(`${journey.baseUrl}/admin/settings?tab=system`);
    await visible(panel('支付设置'));
  };
  // Full-page shots of a scrolled page draw the sticky header over the middle: shoot from the top.
  // Chromium's full-page capture also flips the layout's mobile media query for a moment, remounting
  // the page and dropping what was typed, so a shot ends with a reload: later steps start from storage.
  const shootAsIs = async (name: string): Promise<void> => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, name);
  };
  const shoot = async (name: string): Promise<void> => {
    await shootAsIs(name);
    await openTab();
  };
  const switchOf = (title: string, label: string): Locator =>
    panel(title).getByRole('switch', { name: label });

  beforeAll(async () => {
    provider = await startIdentityProvider();
    providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    journey = await ConsoleJourney.start();
    page = await journey.signedInPage();
  });

  afterAll(async () => {
    await journey?.stop();
    provider?.close();
  });

  step('the system tab opens from the address with every panel and unset secrets', async () => {
    await openTab();
    await visible(page.getByRole('tab', { name: '系统设置', selected: true }));
    for (const title of ['服务器地址', '代理设置', '登录注册', '邮箱域名限制', 'SMTP 设置', 'OIDC 设置'])
      await visible(panel(title));
    for (const title of [
      'GitHub OAuth App 设置',
      'Linux DO OAuth 设置',
      '微信服务器设置',
      'Telegram 登录设置',
    ])
      await visible(panel(title));
    await visible(panel('Turnstile 设置'));
    expect(await panel('支付设置').getByLabel('易支付商户密钥').getAttribute('placeholder')).toBe('未设置');
    expect(await panel('SMTP 设置').getByLabel('SMTP 端口').inputValue()).toBe('587');
    expect(await panel('支付设置').getByLabel('充值价格').inputValue()).toBe('7.3');
    // No server address yet: the provider panels say where their callback will come from.
    await visible(panel('GitHub OAuth App 设置').getByText('填写并保存服务器地址后', { exact: false }));
  });

  step('payment is refused until a server address is stored, and nothing is saved', async () => {
    const payment = panel('支付设置');
    await payment.getByLabel('支付地址').fill('https://pay.example.com');
    await payment.getByLabel('易支付商户 ID').fill('1001');
    await save('支付设置');
    await visible(
      payment.getByText('请先在「服务器地址」中填写并保存服务器地址，再保存支付设置', { exact: false }),
    );
    await shoot('settings-system-01-payment-needs-server-address');
    expect(await stored('PayAddress')).toBe('');
    expect(await stored('EpayId')).toBe('');
  });

  step('the server address is saved and the provider callback addresses follow it', async () => {
    await panel('服务器地址').getByLabel('服务器地址').fill(SERVER_ADDRESS);
    await save('服务器地址');
    await toast('保存成功');
    expect(await stored('ServerAddress')).toBe(SERVER_ADDRESS);
    await visible(
      panel('GitHub OAuth App 设置').getByText(`${SERVER_ADDRESS}/oauth/github`, { exact: true }),
    );
    await visible(panel('OIDC 设置').getByText(`${SERVER_ADDRESS}/oauth/oidc`, { exact: true }));
    await visible(panel('Linux DO OAuth 设置').getByText(`${SERVER_ADDRESS}/oauth/linuxdo`, { exact: true }));
    await visible(panel('Telegram 登录设置').getByText('gate.example.com', { exact: true }));
  });

  step('payment then saves, its secret is shown as set and never sent back', async () => {
    const payment = panel('支付设置');
    await payment.getByLabel('支付地址').fill('https://pay.example.com');
    await payment.getByLabel('易支付商户 ID').fill('1001');
    await payment.getByLabel('易支付商户密钥').fill(EPAY_SECRET);
    await payment.getByLabel('充值价格').fill('8.5');
    await payment.getByLabel('充值分组倍率').fill('{"default":1,"vip":0.9}');
    await save('支付设置');
    await toast('保存成功');
    const after = await options();
    expect(after.get('PayAddress')?.value).toBe('https://pay.example.com');
    expect(after.get('EpayId')?.value).toBe('1001');
    expect(after.get('Price')?.value).toBe('8.5');
    expect(after.get('TopupGroupRatio')?.value).toBe('{"default":1,"vip":0.9}');
    expect(after.get('EpayKey')).toEqual({ key: 'EpayKey', value: '', secret: true, set: true });
    expect(await rawOptionList()).not.toContain(EPAY_SECRET);

    await page.reload();
    await visible(panel('支付设置'));
    expect(await panel('支付设置').getByLabel('支付地址').inputValue()).toBe('https://pay.example.com');
    expect(await panel('支付设置').getByLabel('充值价格').inputValue()).toBe('8.5');
    expect(await panel('支付设置').getByLabel('易支付商户密钥').inputValue()).toBe('');
    expect(await panel('支付设置').getByLabel('易支付商户密钥').getAttribute('placeholder')).toBe(
      '已设置，留空则不修改',
    );
  });

  step('saving an unchanged panel says nothing was modified', async () => {
    await save('支付设置');
    await toast('你似乎并没有修改什么');
  });

  step('the whitelist refuses a malformed and a duplicate domain, then keeps an edited list', async () => {
    const email = panel('邮箱域名限制');
    const input = email.getByLabel('允许的邮箱域名');
    await input.fill('bad_domain');
    await email.getByRole('button', { name: '添加', exact: true }).click();
    await visible(
      email.getByRole('alert').filter({ hasText: '域名格式不正确：bad_domain（例如 example.com）' }),
    );
    await input.fill('Gmail.com');
    await input.press('Enter');
    await visible(email.getByRole('alert').filter({ hasText: '域名 Gmail.com 已在列表中' }));
    await shoot('settings-system-02-whitelist-duplicate');
    await input.fill('example.org');
    await input.press('Enter');
    await visible(email.locator('.ant-tag').filter({ hasText: 'example.org' }));
    await email.getByLabel('移除 foxmail.com').click();
    expect(await email.locator('.ant-tag').filter({ hasText: 'foxmail.com' }).count()).toBe(0);
    await switchOf('邮箱域名限制', '启用邮箱域名白名单').click();
    await save('邮箱域名限制');
    await toast('保存成功');
    const list = (await stored('EmailDomainWhitelist')) ?? '';
    expect(list.split(',')).toContain('example.org');
    expect(list.split(',')).not.toContain('foxmail.com');
    expect(await stored('EmailDomainRestrictionEnabled')).toBe('true');
  });

  step('SMTP keeps its values and its token stays write-only', async () => {
    const smtp = panel('SMTP 设置');
    await smtp.getByLabel('SMTP 服务器地址').fill('smtp.example.com');
    await smtp.getByLabel('SMTP 端口').fill('465');
    await smtp.getByLabel('SMTP 账户').fill('noreply@example.com');
    await smtp.getByLabel('SMTP 访问凭证').fill(SMTP_SECRET);
    await smtp.getByRole('switch', { name: '启用 SMTP SSL' }).click();
    await save('SMTP 设置');
    await toast('保存成功');
    await page.reload();
    await visible(panel('SMTP 设置'));
    expect(await panel('SMTP 设置').getByLabel('SMTP 端口').inputValue()).toBe('465');
    expect(await panel('SMTP 设置').getByLabel('SMTP 服务器地址').inputValue()).toBe('smtp.example.com');
    expect(await switchOf('SMTP 设置', '启用 SMTP SSL').getAttribute('aria-checked')).toBe('true');
    expect((await options()).get('SMTPToken')).toEqual({
      key: 'SMTPToken',
      value: '',
      secret: true,
      set: true,
    });
    expect(await rawOptionList()).not.toContain(SMTP_SECRET);
  });

  step('the OIDC well-known URL must be http(s); a provider without CORS is named as such', async () => {
    const oidc = panel('OIDC 设置');
    const wellKnown = oidc.getByLabel('Well-Known URL');
    await wellKnown.fill('ftp://id.example.com/.well-known/openid-configuration');
    await save('OIDC 设置');
    await toast('Well-Known URL 必须以 http:// 或 https:// 开头');
    expect(await stored('oidc.well_known')).toBe('');

    await wellKnown.fill(`${providerUrl}/closed/.well-known/openid-configuration`);
    await oidc.getByRole('button', { name: '获取', exact: true }).click();
    await visible(oidc.getByRole('alert').filter({ hasText: '跨域读取（CORS）' }));
    expect(await oidc.getByLabel('OIDC 令牌端点').inputValue()).toBe('');
    await shoot('settings-system-03-oidc-cors-blocked');
  });

  step('fetching a readable well-known document fills the endpoints, which then save', async () => {
    const oidc = panel('OIDC 设置');
    const url = `${providerUrl}/open/.well-known/openid-configuration`;
    await oidc.getByLabel('Well-Known URL').fill(url);
    expect(await oidc.getByLabel('Well-Known URL').inputValue()).toBe(url);
    await oidc.getByRole('button', { name: '获取', exact: true }).click();
    await toast('已填入授权、令牌和用户信息端点');
    expect(await oidc.getByLabel('OIDC 授权端点').inputValue()).toBe(DISCOVERED.authorization_endpoint);
    expect(await oidc.getByLabel('OIDC 用户信息端点').inputValue()).toBe(DISCOVERED.userinfo_endpoint);
    await save('OIDC 设置');
    await toast('保存成功');
    const after = await options();
    expect(after.get('oidc.well_known')?.value).toBe(url);
    expect(after.get('oidc.token_endpoint')?.value).toBe(DISCOVERED.token_endpoint);
  });

  step('turning password login off asks first; cancelling puts the switch back on', async () => {
    const passwordLogin = switchOf('登录注册', '允许通过密码进行登录');
    await passwordLogin.click();
    const dialog = page.getByRole('dialog').filter({ hasText: '确定要关闭密码登录吗？' });
    await dialogShown(dialog);
    await shootAsIs('settings-system-04-password-login-confirm');
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
    expect(await passwordLogin.getAttribute('aria-checked')).toBe('true');
    await save('登录注册');
    await toast('你似乎并没有修改什么');
    expect(await stored('PasswordLoginEnabled')).toBe('true');
    await openTab();
  });

  step('a provider switch needs its credentials stored first, then turns on', async () => {
    const github = switchOf('登录注册', '允许通过 GitHub 账户登录和注册');
    await github.click();
    const refusal =
      '请先填写 GitHub Client ID、GitHub Client Secret，再启用或设置 允许通过 GitHub 账户登录和注册';
    await visible(panel('登录注册').getByText(refusal));
    await save('登录注册');
    expect(await stored('GitHubOAuthEnabled')).toBe('false');

    const githubPanel = panel('GitHub OAuth App 设置');
    await githubPanel.getByLabel('GitHub Client ID').fill('Iv1.abc123');
    await githubPanel.getByLabel('GitHub Client Secret').fill(GITHUB_SECRET);
    await save('GitHub OAuth App 设置');
    await toast('保存成功');
    // The switch is still on in the form; checked again now that the credentials are stored.
    await save('登录注册');
    await toast('保存成功');
    expect(await stored('GitHubOAuthEnabled')).toBe('true');
    expect(await rawOptionList()).not.toContain(GITHUB_SECRET);
  });

  step('zh, en and phone screenshots of the tab', async () => {
    await page.reload();
    await visible(panel('支付设置'));
    await shootAsIs('settings-system-05-zh');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.reload();
    await visible(page.getByRole('tab', { name: 'System', selected: true }));
    await visible(panel('Payment'));
    await shootAsIs('settings-system-06-en');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'zh'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await visible(panel('支付设置'));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shootAsIs('settings-system-07-phone-zh');
  });

  step('no script errors on the way', () => {
    expect(journey.pageErrors).toEqual([]);
    return Promise.resolve();
  });
});
