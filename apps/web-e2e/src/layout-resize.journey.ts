import type { Locator, Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { ConsoleJourney } from './support/console-journey';
import { STEP_TIMEOUT, orderedSteps, visible } from './support/steps';

// Spec §9: the console switches to its phone layout at 600 px. A window resized across that width (or a tablet
// turned) must keep the page as it is, what the user typed included.
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const TYPED = 'UNSAVED-CODE-42';

const step = orderedSteps();

describe('console layout: crossing the phone width keeps the page and its unsaved input', () => {
  let journey: ConsoleJourney;
  let page: Page;

  const codeField = (): Locator => page.getByLabel('兑换码', { exact: true });
  const sider = (): Locator => page.locator('.ant-layout-sider');
  const menuButton = (): Locator => page.getByRole('button', { name: '打开菜单' });

  beforeAll(async () => {
    journey = await ConsoleJourney.start();
    page = await journey.signedInPage();
  });
  afterAll(() => journey.stop());

  step('a code typed on the wallet, not yet redeemed', async () => {
    await page.goto(`${journey.baseUrl}/app/wallet`);
    await visible(codeField());
    await codeField().fill(TYPED);
    await visible(sider());
  });

  step('narrowed to 390 px: the phone layout, the code still in its field', async () => {
    await page.setViewportSize(PHONE);
    await visible(menuButton());
    await sider().waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
    expect(await codeField().inputValue()).toBe(TYPED);
    await screenshot(page, 'layout-resize-phone-zh');
  });

  step('widened again: the side menu is back and the code is still there', async () => {
    await page.setViewportSize(DESKTOP);
    await visible(sider());
    await menuButton().waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
    expect(await codeField().inputValue()).toBe(TYPED);
    await screenshot(page, 'layout-resize-desktop-zh');
    expect(journey.pageErrors).toEqual([]);
  });
});
