import type { Envelope } from '@tollgate/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { STEP_TIMEOUT, onPath, orderedSteps, visible } from './support/steps';
import { type RunningServer, startServer } from './support/server';
import { ROOT } from './support/session';

// First run on a fresh server, in Chinese (the fallback language) so the spec's messages are checked verbatim.
const ADMIN = ROOT;

const step = orderedSteps();

describe('first run: setup wizard, sign in, sign out', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  let server: RunningServer;
  const baseUrl = () => server.baseUrl;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  step('redirects every page to /setup while the system is not set up', async () => {
    await page.goto(`${baseUrl()}/`);
    await onPath(page, '/setup');
    await visible(page.getByRole('heading', { name: '系统初始化' }));
    await screenshot(page, '01-setup-database');
  });

  step('checks the administrator account before moving on', async () => {
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByLabel('用户名').fill(ADMIN.username);
    await page.getByLabel('密码', { exact: true }).fill('short');
    await page.getByLabel('确认密码').fill('short');
    await page.getByRole('button', { name: '下一步' }).click();
    await visible(page.getByText('密码长度至少为8个字符'));
    await screenshot(page, '02-setup-password-too-short');

    await page.getByLabel('密码', { exact: true }).fill(ADMIN.password);
    await page.getByLabel('确认密码').fill(`${ADMIN.password}-typo`);
    await page.getByRole('button', { name: '下一步' }).click();
    await visible(page.getByText('两次输入的密码不一致'));
    await screenshot(page, '03-setup-password-mismatch');

    await page.getByLabel('确认密码').fill(ADMIN.password);
    await page.getByRole('button', { name: '下一步' }).click();
    await visible(page.getByRole('radio', { name: /对外运营模式/ }));
    expect(await page.getByRole('radio', { name: /对外运营模式/ }).isChecked()).toBe(true);
    await screenshot(page, '04-setup-usage-mode');
  });

  step('initialises the system, reloads and leaves the wizard for the home page', async () => {
    await page.getByRole('button', { name: '下一步' }).click();
    await visible(page.getByRole('button', { name: '初始化系统' }));
    await screenshot(page, '05-setup-summary');

    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/api/setup') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: '初始化系统' }).click();
    const body = (await (await answer).json()) as Envelope;
    expect(body.success).toBe(true);
    await visible(page.getByText('系统初始化成功，正在跳转...'));
    await page.waitForEvent('load', { timeout: STEP_TIMEOUT });
    await onPath(page, '/');
    await visible(page.getByRole('heading', { name: /欢迎使用/ }));
    // A visitor can sign in or sign up from the home page.
    const home = page.getByRole('main');
    await visible(home.getByRole('button', { name: '登录' }));
    await home.getByRole('button', { name: '注册' }).click();
    await onPath(page, '/register');
    expect(await page.title()).toBe('注册 · Tollgate');
    await page.goBack();
    await onPath(page, '/');
    await screenshot(page, '06-home-after-setup');
  });

  step('signs in and lands on /app/tokens inside the console layout', async () => {
    await page.goto(`${baseUrl()}/login`);
    const form = page.locator('form');
    await form.getByLabel('用户名或邮箱').fill(ADMIN.username);
    await form.getByLabel('密码').fill(ADMIN.password);
    // The token list is the first call that needs the session cookie and the user-id header together.
    const tokens = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/token/');
    await form.getByRole('button', { name: '登录' }).click();

    await onPath(page, '/app/tokens');
    const tokensBody = (await (await tokens).json()) as Envelope;
    expect(tokensBody.success).toBe(true);

    await visible(page.locator('header'));
    await visible(page.getByRole('menu', { name: '导航' }));
    await visible(page.getByRole('menuitem', { name: /令牌管理/ }));
    await visible(page.getByRole('heading', { name: '令牌管理' }));
    await visible(page.locator('header').getByText(ADMIN.username, { exact: true }));
    // Administrator entries show for the super administrator.
    await visible(page.getByRole('menuitem', { name: /兑换码管理/ }));
    // The tab names the page, then the system.
    expect(await page.title()).toBe('令牌管理 · Tollgate');
    await screenshot(page, '07-tokens-signed-in');
  });

  step('sends a signed-in user from the sign-in and sign-up forms to the console', async () => {
    for (const form of ['/login', '/register']) {
      await page.goto(`${baseUrl()}${form}`);
      await onPath(page, '/app/tokens');
      await visible(page.getByRole('heading', { name: '令牌管理' }));
    }
  });

  step('remembers a folded side menu after a reload', async () => {
    await page.getByRole('button', { name: '收起侧边栏' }).click();
    await visible(page.getByRole('button', { name: '展开侧边栏' }));
    expect(await page.evaluate(() => localStorage.getItem('default_collapse_sidebar'))).toBe('true');
    await page.reload();
    await visible(page.getByRole('button', { name: '展开侧边栏' }));
    await screenshot(page, '07b-menu-folded');
    await page.getByRole('button', { name: '展开侧边栏' }).click();
    await visible(page.getByRole('button', { name: '收起侧边栏' }));
  });

  step('switches the console to English', async () => {
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await visible(page.getByRole('heading', { name: 'Tokens' }));
    await visible(page.getByRole('menuitem', { name: /Redemption codes/ }));
    expect(await page.title()).toBe('Tokens · Tollgate');
    await screenshot(page, '08-tokens-english');
  });

  step('switches to the dark theme and back', async () => {
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await visible(page.getByRole('button', { name: 'Switch to light mode' }));
    expect(await page.evaluate(() => localStorage.getItem('theme-mode'))).toBe('dark');
    await screenshot(page, '09-tokens-dark');
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
  });

  step('replaces the side menu with a drawer on a phone-sized screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .getByRole('menu', { name: 'Navigation' })
      .waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await visible(page.getByRole('menuitem', { name: /Tokens/ }));
    await screenshot(page, '10-mobile-drawer');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });
    await visible(page.getByRole('menu', { name: 'Navigation' }));
  });

  step('signs out back to /login', async () => {
    await page.locator('header').getByRole('button', { name: ADMIN.username, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await onPath(page, '/login');
    await visible(page.getByRole('heading', { name: 'Sign in' }));
    await screenshot(page, '11-logged-out');
  });

  step('sends a signed-out visitor of a console page to /login with the expired notice', async () => {
    await page.goto(`${baseUrl()}/app/tokens`);
    await onPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/app/tokens');
    await visible(page.getByText('Not logged in or login has expired, please log in again!'));
    await screenshot(page, '12-login-expired');
  });

  step('shows the not-found page for unknown paths', async () => {
    await page.goto(`${baseUrl()}/no-such-page`);
    await visible(page.getByText('The page does not exist'));
    await screenshot(page, '13-not-found');
    expect(pageErrors).toEqual([]);
  });
});
