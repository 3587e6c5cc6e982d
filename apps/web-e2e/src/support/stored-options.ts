import type { Page } from 'playwright-core';
import type { OptionListEntry } from '@tollgate/contracts';
import { callApi } from './console-api';
import { STEP_TIMEOUT } from './steps';

const POLL_MS = 300;

/** Every option the server holds, as the administrator on `page` reads them. */
export async function storedOptions(page: Page): Promise<Record<string, string>> {
  const entries = await callApi<OptionListEntry[]>(page, 'GET', '/api/option/');
  return Object.fromEntries(entries.map((entry) => [entry.key, entry.value]));
}

/** Waits until the server holds every expected value (a panel's calls run in parallel). */
export async function expectStored(page: Page, expected: Record<string, string>): Promise<void> {
  const deadline = Date.now() + STEP_TIMEOUT;
  for (;;) {
    const stored = await storedOptions(page);
    const held = Object.fromEntries(Object.keys(expected).map((key) => [key, stored[key]]));
    if (JSON.stringify(held) === JSON.stringify(expected)) return;
    if (Date.now() > deadline) expect(held).toEqual(expected);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
