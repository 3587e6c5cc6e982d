// Sets the gateway up through its HTTP API as an administrator would: setup wizard, login, prices,
// channels pointing at the mock, and a relay token.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { UPSTREAM_KEY } from './targets';

// Header name from libs/contracts (USER_ID_HEADER); the console sends it with every session call.
const USER_ID_HEADER = 'New-Api-User';

export const BENCH_MODEL = 'gpt-4o-mini';
export const DRIP_MODEL = 'bench-drip';

interface Envelope {
  success: boolean;
  message: string;
  data?: unknown;
}

export interface DripChannels {
  upstreamUrls: string[];
  /** Sent to the mock with every call on these channels (header_override). */
  headers: Record<string, string>;
}

class AdminSession {
  private headers: Record<string, string> = {};

  constructor(private readonly gatewayUrl: string) {}

  async call(method: 'POST' | 'PUT', path: string, body: unknown): Promise<unknown> {
    const response = await request(`${this.gatewayUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...this.headers },
      body: JSON.stringify(body),
    });
    const envelope = (await response.body.json()) as Envelope;
    if (!envelope.success) throw new Error(`${method} ${path} failed: ${envelope.message}`);
    if (path === '/api/user/login') this.signIn(response.headers['set-cookie'], envelope.data);
    return envelope.data;
  }

  private signIn(setCookie: string | string[] | undefined, data: unknown): void {
    const cookie = ([] as string[])
      .concat(setCookie ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const { id } = data as { id: number };
    this.headers = { cookie, [USER_ID_HEADER]: String(id) };
  }
}

/** Returns the relay token (`sk-…`) of the super administrator. */
export async function provisionGateway(
  gatewayUrl: string,
  upstreamUrl: string,
  drip: DripChannels,
): Promise<string> {
  const admin = new AdminSession(gatewayUrl);
  const password = randomBytes(8).toString('hex');
  await admin.call('POST', '/api/setup', {
    username: 'root',
    password,
    confirmPassword: password,
    SelfUseModeEnabled: false,
    DemoSiteEnabled: false,
  });
  await admin.call('POST', '/api/user/login', { username: 'root', password });
  await admin.call('PUT', '/api/option/', {
    key: 'ModelRatio',
    value: JSON.stringify({ [BENCH_MODEL]: 1, [DRIP_MODEL]: 1 }),
  });
  const channel = { type: 1, key: UPSTREAM_KEY, group: 'default' };
  await admin.call('POST', '/api/channel/', {
    ...channel,
    name: 'mock',
    base_url: upstreamUrl,
    models: BENCH_MODEL,
  });
  // One channel per drip mock: the gateway pools upstream sockets per origin (see README, Benchmark).
  for (const [index, url] of drip.upstreamUrls.entries()) {
    await admin.call('POST', '/api/channel/', {
      ...channel,
      name: `drip-${index + 1}`,
      base_url: url,
      models: DRIP_MODEL,
      header_override: JSON.stringify(drip.headers),
    });
  }
  const tokens = (await admin.call('POST', '/api/token/', {
    name: 'bench',
    unlimited_quota: true,
  })) as Array<{
    key: string;
  }>;
  return tokens[0].key;
}

/** Waits until the gateway answers /readyz with 200 (database and Redis reachable). */
export async function waitUntilReady(
  gatewayUrl: string,
  timeoutMs: number,
  alive: () => boolean,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && alive()) {
    try {
      const response = await request(`${gatewayUrl}/readyz`);
      await response.body.dump();
      if (response.statusCode === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`the gateway did not become ready within ${timeoutMs / 1000} s`);
}
