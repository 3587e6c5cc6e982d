import type { Envelope } from '@tollgate/contracts';
import type { Page } from 'playwright-core';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Calls the console API from the page, as the user signed in there (session cookie plus the user-id
 * header the console sends). For setting the stage; the screens under test are driven by clicks.
 */
export async function callApi<T = unknown>(
  page: Page,
  method: Method,
  path: string,
  body?: unknown,
): Promise<T> {
  const envelope = await page.evaluate(
    async ({ method, path, body }) => {
      const user = JSON.parse(localStorage.getItem('user') ?? 'null') as { id: number } | null;
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: {
          'Content-Type': 'application/json',
          'New-Api-User': String(user?.id ?? ''),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await response.json()) as Envelope;
    },
    { method, path, body },
  );
  if (!envelope.success) throw new Error(`${method} ${path} failed: ${envelope.message}`);
  return envelope.data as T;
}

/** Saves options one call per key, in order (a switch after the values it needs). */
export async function putOptions(page: Page, options: Array<[string, string]>): Promise<void> {
  for (const [key, value] of options) await callApi(page, 'PUT', '/api/option/', { key, value });
}

/**
 * Runs `action` (the click that saves a screen) and answers what the console API replied to the
 * `method` call of `path` it caused, so a journey can check what was stored.
 */
export async function answerTo<T>(
  page: Page,
  method: Method,
  path: string,
  action: () => Promise<void>,
): Promise<Envelope<T>> {
  const answer = page.waitForResponse(
    (response) => response.url().endsWith(path) && response.request().method() === method,
  );
  await action();
  return (await (await answer).json()) as Envelope<T>;
}
