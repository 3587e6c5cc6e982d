import type { Envelope, SelfUser } from '@tollgate/contracts';
import type { Page } from 'playwright-core';

/** The super administrator every journey's fresh server is set up with. */
export const ROOT = { username: 'root', password: 'Tollgate#2024' };

/** Completes the setup wizard through its API (the setup journey covers the screens themselves). */
export async function completeSetup(baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/setup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      ...ROOT,
      confirmPassword: ROOT.password,
      SelfUseModeEnabled: false,
      DemoSiteEnabled: false,
    }),
  });
  const body = (await response.json()) as Envelope;
  if (!body.success) throw new Error(`setup failed: ${body.message}`);
}

/** Signs in through the login screen (Chinese labels) and waits for the landing page. */
export async function signIn(page: Page, baseUrl: string, user = ROOT): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  const form = page.locator('form');
  await form.getByLabel('用户名或邮箱').fill(user.username);
  await form.getByLabel('密码').fill(user.password);
  await form.getByRole('button', { name: '登录' }).click();
  await page.waitForURL((url) => url.pathname === '/app/tokens', { timeout: 15_000 });
}

/**
 * Signs in through the login call (sharing the page's cookies) and opens the landing page: no form and no
 * greeting toast, for journeys about other screens (the login form has journeys of its own).
 */
export async function openSignedIn(page: Page, baseUrl: string, user = ROOT): Promise<void> {
  const response = await page.request.post(`${baseUrl}/api/user/login`, { data: user });
  const body = (await response.json()) as Envelope<SelfUser>;
  if (!body.success || !body.data) throw new Error(`sign-in of ${user.username} failed: ${body.message}`);
  // The console keeps the signed-in user in local storage, as its login screen does (spec §9 key "user").
  await page.goto(`${baseUrl}/healthz`);
  await page.evaluate((json) => localStorage.setItem('user', json), JSON.stringify(body.data));
  await page.goto(`${baseUrl}/app/tokens`);
}

/** Signs a new ordinary user up through the public registration call (no email verification by default). */
export async function registerUser(
  baseUrl: string,
  user: { username: string; password: string },
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/user/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  const body = (await response.json()) as Envelope;
  if (!body.success) throw new Error(`registration of ${user.username} failed: ${body.message}`);
}
