import type { Page } from 'playwright-core';
import { screenshot } from './browser';
import { STEP_TIMEOUT, visible } from './steps';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function showIn(page: Page, language: 'zh' | 'en', theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate(
    ([lng, mode]) => {
      localStorage.setItem('i18nextLng', lng);
      localStorage.setItem('theme-mode', mode);
    },
    [language, theme],
  );
  await page.reload();
  await visible(page.locator('tbody tr.ant-table-row').first());
}

/** The header cell is on the screen, not beyond its right edge (nothing to swipe to). */
async function onScreen(page: Page, text: string): Promise<boolean> {
  const box = await page.locator('.ant-table-thead th', { hasText: text }).first().boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= PHONE.width;
}

/**
 * The list on screen at 390 px, in Chinese (light) and English (dark): only its key columns (`keyTitle`
 * among them, `detailTitle` not), fitting the width, each row expanding to the other columns and its
 * actions (`action`). Photographed each way; the page is back at desktop size in Chinese afterwards.
 */
export async function checkPhoneLayout(
  page: Page,
  name: string,
  titles: {
    zh: { key: string; detail: string; action: string };
    en: { key: string; detail: string; action: string };
  },
): Promise<void> {
  await page.setViewportSize(PHONE);
  for (const [language, theme] of [
    ['zh', 'light'],
    ['en', 'dark'],
  ] as const) {
    const { key, detail, action } = titles[language];
    await showIn(page, language, theme);
    const head = page.locator('.ant-table-thead');
    await visible(head.getByText(key, { exact: true }));
    expect(await head.getByText(detail, { exact: true }).count()).toBe(0);
    expect(await onScreen(page, key)).toBe(true);
    await screenshot(page, `${name}-phone-${language}-${theme}`);

    await page.locator('tbody tr.ant-table-row').last().locator('.ant-table-row-expand-icon').click();
    const details = page.locator('.ant-table-expanded-row .ant-descriptions').last();
    await visible(details.getByText(detail, { exact: true }));
    const button = details.getByRole('button', { name: action, exact: true });
    await visible(button);
    const box = await button.boundingBox();
    expect(box && box.x + box.width <= PHONE.width).toBe(true);
    await screenshot(page, `${name}-phone-${language}-${theme}-expanded`);
  }
  await page.setViewportSize(DESKTOP);
  await showIn(page, 'zh', 'light');
  await page
    .locator('.ant-table-row-expand-icon')
    .first()
    .waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
}
