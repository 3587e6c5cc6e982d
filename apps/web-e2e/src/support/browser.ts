import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

const SCREENSHOT_DIR = path.resolve(__dirname, '../../../../test-output/screenshots');

// Browsers of the running journey file, photographed when a step fails.
const running = new Set<Browser>();

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  running.add(browser);
  browser.once('disconnected', () => running.delete(browser));
  return browser;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

/** Every open page as it stood when a step failed (failed-<step>-<n>.png), so a red CI run can be read. */
export async function screenshotOpenPages(step: string): Promise<void> {
  const pages = [...running].flatMap((browser) => browser.contexts().flatMap((context) => context.pages()));
  const slug = step.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60);
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await Promise.all(
    pages.map((page, index) =>
      page
        .screenshot({ path: path.join(SCREENSHOT_DIR, `failed-${slug}-${index + 1}.png`), timeout: 5_000 })
        .catch(() => undefined),
    ),
  );
}
