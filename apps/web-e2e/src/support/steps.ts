import type { Locator, Page } from 'playwright-core';
import { screenshotOpenPages } from './browser';

export const STEP_TIMEOUT = 15_000;

export const visible = (locator: Locator): Promise<void> =>
  locator.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });

/** Waits until `locator` matches exactly `count` elements (rows after a reload, items of a dialog). */
export async function waitForCount(locator: Locator, count: number): Promise<void> {
  const deadline = Date.now() + STEP_TIMEOUT;
  while ((await locator.count()) !== count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} rows, saw ${await locator.count()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Dialogs and drawers zoom or slide in: screenshots wait until they stand still.
// The click ripple (ant-wave) lasts longer and changes nothing worth waiting for.
const MOVING = ['.ant-modal-root', '.ant-drawer']
  .flatMap((root) => [`${root} [class*="-appear"]`, `${root} [class*="-enter"]`])
  .map((selector) => `${selector}:not(.ant-wave)`)
  .join(', ');

export async function afterMotion(page: Page): Promise<void> {
  await page.waitForFunction((moving) => !document.querySelector(moving), MOVING, {
    timeout: STEP_TIMEOUT,
  });
}

/**
 * Waits until a dialog or drawer is shown and stands still. While it zooms in, a click aimed at one of its
 * buttons can land where the button is about to be (CI lost the first click in a freshly opened dialog).
 */
export async function dialogShown(dialog: Locator): Promise<void> {
  await visible(dialog);
  await afterMotion(dialog.page());
}

export const onPath = (page: Page, pathname: string): Promise<void> =>
  page.waitForURL((url) => url.pathname === pathname, { timeout: STEP_TIMEOUT });

/**
 * A journey's steps build on each other: once one fails, the later ones fail at once naming it,
 * instead of each waiting out its timeout on a page in the wrong state.
 */
export function orderedSteps(): (name: string, run: () => Promise<void>) => void {
  let failedStep: string | null = null;
  return (name, run) => {
    it(name, async () => {
      if (failedStep) throw new Error(`not run: the step "${failedStep}" failed`);
      try {
        await run();
      } catch (error) {
        failedStep = name;
        await screenshotOpenPages(name);
        throw error;
      }
    });
  };
}
