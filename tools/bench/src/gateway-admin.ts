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
// A tiny price, so the ordinary payer's balance lasts: each call reserves PreConsumedQuota (500 tokens) ×
// 0.002 = 1 quota, and is charged the minimum of 1 quota (its few tokens × 0.002 round to 0).
const BENCH_MODEL_RATIO = 0.002;

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

/** A signed-in console user (the administrator, or the ordinary payer managing its own token). */
export class ConsoleSession {
  private headers: Record<string, string> = {};

  constructor(readonly gatewayUrl: string) {}

  async signIn(username: string, password: string): Promise<void> {
    await this.call('POST', '/api/user/login', { username, password });
  }

  async call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<unknown> {
    const json = body === undefined ? {} : { 'content-type': 'application/json' };
    const response = await request(`${this.gatewayUrl}${path}`, {
      method,
      headers: { ...json, ...this.headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.body.json()) as Envelope;
    if (!envelope.success) throw new Error(`${method} ${path} failed: ${envelope.message}`);
    if (path === '/api/user/login') this.keepSession(response.headers['set-cookie'], envelope.data);
    return envelope.data;
  }

  private keepSession(setCookie: string | string[] | undefined, data: unknown): void {
    const cookie = ([] as string[])
      .concat(setCookie ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const { id } = data as { id: number };
    this.headers = { cookie, [USER_ID_HEADER]: String(id) };
  }
}

export interface ProvisionedGateway {
  /** The super administrator's unlimited relay token (`sk-…`): a rich payer, trusted past the reservation. */
  rootKey: string;
  /** Its console session, to set up and top up the ordinary payer. */
  admin: ConsoleSession;
}

export async function provisionGateway(
  gatewayUrl: string,
  upstreamUrl: string,
  drip: DripChannels,
): Promise<ProvisionedGateway> {
  const admin = new ConsoleSession(gatewayUrl);
  const password = randomBytes(8).toString('hex');
  await admin.call('POST', '/api/setup', {
    username: 'root',
    password,
    confirmPassword: password,
    SelfUseModeEnabled: false,
    DemoSiteEnabled: false,
  });
  await admin.signIn('root', password);
  await admin.call('PUT', '/api/option/', {
    key: 'ModelRatio',
    value: JSON.stringify({ [BENCH_MODEL]: BENCH_MODEL_RATIO, [DRIP_MODEL]: 1 }),
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
  return { rootKey: tokens[0].key, admin };
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
