import { createServer, type Server } from 'node:http';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { putOptions } from './support/console-api';
import { ConsoleJourney } from './support/console-journey';
import { freePort } from './support/server';
import { STEP_TIMEOUT, afterMotion, orderedSteps, visible } from './support/steps';

const step = orderedSteps();
const NOTICE = '**维护通知**：今晚 22:00 网关升级，持续约 10 分钟。';
const NEXT_NOTICE = '**Maintenance** is over: every channel is back.';
const HOME_CONTENT = [
  '# 欢迎来到 Acme 网关',
  '',
  '一个令牌调用所有模型，按额度计费。',
  '',
  '- 支持 OpenAI、Claude、Gemini',
  '- [查看模型价格](/pricing)',
  '',
  // Raw HTML in Markdown is left out, never run.
  '<img src="x" onerror="window.__pwned = \'home\'">',
].join('\n');
const FOOTER =
  '<a href="https://example.com/">Acme Ltd</a> © 2025 <img src="x" onerror="window.__pwned = \'footer\'">';
const ABOUT_PAGE =
  '<!doctype html><title>About Acme</title><h1>About Acme Gateway</h1><p>Served from elsewhere.</p>';

describe('site content: notice, home page, about, footer and the usage modes', () => {
  let journey: ConsoleJourney;
  let root: Page;
  let visitor: Page;
  let aboutServer: Server;
  let aboutUrl: string;
  const visitorErrors: string[] = [];

  const noticeModal = (on: Page): Locator =>
    on.locator('.ant-modal').filter({ has: on.locator('.site-notice') });
  const pwned = (on: Page): Promise<unknown> => on.evaluate(() => (window as { __pwned?: unknown }).__pwned);

  /** Reloads `on` and waits until its notice answer has arrived and the page under it is drawn. */
  async function reloadHome(on: Page, drawn: Locator): Promise<void> {
    const notice = on.waitForResponse((response) => response.url().endsWith('/api/notice'));
    await on.goto(`${journey.baseUrl}/`);
    await notice;
    await visible(drawn);
  }

  /** No notice open once its answer is in and the page is drawn (given the browser a moment to render it). */
  async function expectNoNotice(on: Page): Promise<void> {
    await on.waitForTimeout(500);
    expect(await noticeModal(on).filter({ visible: true }).count()).toBe(0);
  }

  async function closeNotice(on: Page, button: string): Promise<void> {
    await noticeModal(on).getByRole('button', { name: button }).click();
    await noticeModal(on).waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
  }

  beforeAll(async () => {
    aboutServer = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(ABOUT_PAGE);
    });
    const port = await freePort();
    await new Promise<void>((resolve) => aboutServer.listen(port, '127.0.0.1', resolve));
    aboutUrl = `http://127.0.0.1:${port}/about-acme`;

    journey = await ConsoleJourney.start();
    root = await journey.signedInPage();
    const browser = root.context().browser();
    if (!browser) throw new Error('no browser behind the root page');
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    visitor = await context.newPage();
    visitor.on('pageerror', (error) => visitorErrors.push(error.message));
  });

  afterAll(async () => {
    await journey?.stop();
    await new Promise((resolve) => aboutServer?.close(resolve));
  });

  step(
    'the root sets the notice, home page, about address, footer and self-use mode through the API',
    async () => {
      await putOptions(root, [
        ['Notice', NOTICE],
        ['HomePageContent', HOME_CONTENT],
        ['About', aboutUrl],
        ['Footer', FOOTER],
        ['AffEnabled', 'false'],
        ['SelfUseModeEnabled', 'true'],
        ['DemoSiteEnabled', 'true'],
      ]);
    },
  );

  step('a visitor sees the notice over the home page content, rendered as Markdown', async () => {
    await reloadHome(visitor, visitor.locator('.site-home-content h1'));
    const modal = noticeModal(visitor);
    await visible(modal.getByText('公告', { exact: true }));
    await visible(modal.locator('.site-notice strong', { hasText: '维护通知' }));
    await expect(visitor.locator('.site-home-content h1').textContent()).resolves.toBe('欢迎来到 Acme 网关');
    await visible(visitor.locator('.site-home-content li a', { hasText: '查看模型价格' }));
    expect(await visitor.locator('.site-home-content img').count()).toBe(0);
    await afterMotion(visitor);
    await screenshot(visitor, 'site-content-01-notice-zh');
  });

  step('closed once, the notice stays away on the next visits', async () => {
    await closeNotice(visitor, '知道了');
    await reloadHome(visitor, visitor.locator('.site-home-content h1'));
    await expectNoNotice(visitor);
    await reloadHome(visitor, visitor.locator('.site-home-content h1'));
    await expectNoNotice(visitor);
  });

  step('the header shows the self-use and demo badges, the footer the cleaned HTML', async () => {
    const header = visitor.locator('header');
    await visible(header.locator('[data-mode-badge="self-use"]', { hasText: '自用模式' }));
    await visible(header.locator('[data-mode-badge="demo"]', { hasText: '演示站点' }));
    const footer = visitor.locator('footer.site-footer');
    await visible(footer.getByRole('link', { name: 'Acme Ltd' }));
    expect(await footer.locator('a').getAttribute('href')).toBe('https://example.com/');
    expect(await footer.locator('img').getAttribute('onerror')).toBeNull();
    expect(await pwned(visitor)).toBeUndefined();
    await screenshot(visitor, 'site-content-02-home-zh');
  });

  step('about frames the address the root gave', async () => {
    await visitor.goto(`${journey.baseUrl}/about`);
    const frame = visitor.locator('iframe.site-about-content');
    await visible(frame);
    expect(await frame.getAttribute('src')).toBe(aboutUrl);
    await visible(
      visitor.frameLocator('iframe.site-about-content').getByRole('heading', { name: 'About Acme Gateway' }),
    );
    await visible(visitor.locator('footer.site-footer').getByRole('link', { name: 'Acme Ltd' }));
    await screenshot(visitor, 'site-content-03-about-framed-zh');
  });

  step('self-use mode hides registration: no link on the login page, /register is closed', async () => {
    await visitor.goto(`${journey.baseUrl}/login`);
    await visible(visitor.locator('form').getByRole('button', { name: '登录' }));
    expect(await visitor.getByRole('link', { name: '注册', exact: true }).count()).toBe(0);
    await visitor.goto(`${journey.baseUrl}/register`);
    await visible(visitor.getByText('当前站点为自用模式，不开放注册'));
    expect(await visitor.locator('form').count()).toBe(0);
  });

  step(
    'with the home page content cleared the built-in home returns, without its register button',
    async () => {
      await putOptions(root, [['HomePageContent', '']]);
      await reloadHome(visitor, visitor.getByRole('button', { name: '登录' }).last());
      await visible(visitor.getByRole('button', { name: '模型价格' }));
      expect(await visitor.getByRole('button', { name: '注册', exact: true }).count()).toBe(0);
      await expectNoNotice(visitor);
      await putOptions(root, [['HomePageContent', HOME_CONTENT]]);
    },
  );

  step('a changed notice shows again, in English too', async () => {
    await putOptions(root, [['Notice', NEXT_NOTICE]]);
    await visitor.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await reloadHome(visitor, visitor.locator('.site-home-content h1'));
    const modal = noticeModal(visitor);
    await visible(modal.getByText('Notice', { exact: true }));
    await visible(modal.locator('.site-notice strong', { hasText: 'Maintenance' }));
    await visible(visitor.locator('header [data-mode-badge="self-use"]', { hasText: 'Self-use mode' }));
    await visible(visitor.locator('header [data-mode-badge="demo"]', { hasText: 'Demo site' }));
    await afterMotion(visitor);
    await screenshot(visitor, 'site-content-04-notice-en');
    await closeNotice(visitor, 'Got it');
    await screenshot(visitor, 'site-content-05-home-en');
    await reloadHome(visitor, visitor.locator('.site-home-content h1'));
    await expectNoNotice(visitor);
  });

  step('at 390 px the badges, home content and footer fit the phone', async () => {
    await putOptions(root, [['Notice', NOTICE]]);
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.evaluate(() => localStorage.setItem('i18nextLng', 'zh'));
    await reloadHome(visitor, visitor.locator('.site-home-content h1'));
    await visible(noticeModal(visitor).locator('.site-notice strong'));
    await afterMotion(visitor);
    await screenshot(visitor, 'site-content-06-phone-notice-zh');
    await closeNotice(visitor, '知道了');
    for (const badge of ['self-use', 'demo']) {
      const box = await visitor.locator(`header [data-mode-badge="${badge}"]`).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    const footer = await visitor.locator('footer.site-footer').boundingBox();
    expect(footer && footer.width <= 390).toBe(true);
    await screenshot(visitor, 'site-content-07-phone-home-zh');
    await visitor.setViewportSize({ width: 1440, height: 900 });
  });

  step('with invitations off the invitation tab is hidden; turned on, it is back', async () => {
    await root.goto(`${journey.baseUrl}/app/me`);
    const tabs = root.getByRole('tablist').first();
    await visible(tabs.getByRole('tab', { name: '余额' }));
    expect(await tabs.getByRole('tab', { name: '邀请' }).count()).toBe(0);
    // The signed-in console carries the badges and the footer too.
    await visible(root.locator('header [data-mode-badge="self-use"]'));
    await visible(root.locator('footer.site-footer').getByRole('link', { name: 'Acme Ltd' }));
    await screenshot(root, 'site-content-08-console-zh');
    // On a phone the badges sit beside the menu button without pushing the user menu off the screen.
    await root.setViewportSize({ width: 390, height: 844 });
    await visible(root.getByRole('button', { name: '用户菜单' }));
    const userMenu = await root.getByRole('button', { name: '用户菜单' }).boundingBox();
    expect(userMenu && userMenu.x + userMenu.width <= 390).toBe(true);
    await screenshot(root, 'site-content-09-console-phone-zh');
    await root.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await root.reload();
    await visible(root.locator('header [data-mode-badge="self-use"]', { hasText: 'Self-use' }));
    const enUserMenu = await root.getByRole('button', { name: 'User menu' }).boundingBox();
    expect(enUserMenu && enUserMenu.x + enUserMenu.width <= 390).toBe(true);
    await screenshot(root, 'site-content-10-console-phone-en');
    await root.evaluate(() => localStorage.setItem('i18nextLng', 'zh'));
    await root.reload();
    await visible(root.getByRole('button', { name: '用户菜单' }));
    await root.setViewportSize({ width: 1440, height: 900 });
    await putOptions(root, [['AffEnabled', 'true']]);
    await root.reload();
    await visible(root.getByRole('tablist').first().getByRole('tab', { name: '邀请' }));
  });

  step('no page raised a script error and nothing the root wrote ran where it should not', async () => {
    expect(await pwned(visitor)).toBeUndefined();
    expect(visitorErrors).toEqual([]);
    expect(journey.pageErrors).toEqual([]);
  });
});
