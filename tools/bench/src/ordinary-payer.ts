// Issue 21's "ordinary payer": a user whose balance is under the trust threshold (10 × QuotaPerUnit), calling
// with a limited token, so the relay reserves in Redis before every upstream call (the root's trusted calls
// skip that). A call costs 1 quota (see BENCH_MODEL_RATIO), and both balances are put back to where they
// started before each run, so they neither run out nor cross the threshold however fast the box is.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { ConsoleSession } from './gateway-admin';

// Under 10 × QuotaPerUnit (5,000,000 at the default 500,000), and 2,000,000 calls at 1 quota each.
const START_QUOTA = 2_000_000;
// The relay trusts a payer whose balances all stay above this many QuotaPerUnit (reference §3.4 step 4).
const TRUST_THRESHOLD_UNITS = 10;
// The gateway applies its charge journal to the database every second.
const DRAIN_WAIT_MS = 1500;

export interface PayerBalances {
  user: number;
  token: number;
  /** 10 × QuotaPerUnit: at or above it the payer's calls would skip the reservation. */
  trustThreshold: number;
  /** How many times a balance was put back before a run. */
  topUps: number;
}

export class OrdinaryPayer {
  private topUps = 0;

  private constructor(
    private readonly admin: ConsoleSession,
    private readonly self: ConsoleSession,
    private readonly userId: number,
    private readonly tokenId: number,
    /** The limited relay token (`sk-…`). */
    readonly key: string,
  ) {}

  /** Creates the user as the administrator, then its limited token as the user. */
  static async create(admin: ConsoleSession, username = 'payer'): Promise<OrdinaryPayer> {
    const password = randomBytes(8).toString('hex');
    const { id } = (await admin.call('POST', '/api/user/', { username, password })) as { id: number };
    await admin.call('PUT', '/api/user/', { id, quota: START_QUOTA });
    const self = new ConsoleSession(admin.gatewayUrl);
    await self.signIn(username, password);
    const [token] = (await self.call('POST', '/api/token/', {
      name: 'ordinary',
      unlimited_quota: false,
      remain_quota: START_QUOTA,
    })) as Array<{ id: number; key: string }>;
    return new OrdinaryPayer(admin, self, id, token.id, token.key);
  }

  /**
   * Puts each balance back to its start (an edit is applied as a difference, so charges still on their way
   * to the database are kept). Called between runs, never during one.
   */
  async topUp(): Promise<void> {
    const { user, token } = await this.read();
    if (user < START_QUOTA) {
      await this.admin.call('PUT', '/api/user/', { id: this.userId, quota: START_QUOTA });
      this.topUps += 1;
    }
    if (token < START_QUOTA) {
      await this.self.call('PUT', '/api/token/', { id: this.tokenId, remain_quota: START_QUOTA });
      this.topUps += 1;
    }
  }

  /** The balances as the database has them, once the last run's charges had time to reach it. */
  async balances(): Promise<PayerBalances> {
    await sleep(DRAIN_WAIT_MS);
    const { user, token } = await this.read();
    const status = await request(`${this.admin.gatewayUrl}/api/status`);
    const { data } = (await status.body.json()) as { data: { quota_per_unit: number } };
    return { user, token, trustThreshold: TRUST_THRESHOLD_UNITS * data.quota_per_unit, topUps: this.topUps };
  }

  private async read(): Promise<{ user: number; token: number }> {
    const user = (await this.admin.call('GET', `/api/user/${this.userId}`)) as { quota: number };
    const token = (await this.self.call('GET', `/api/token/${this.tokenId}`)) as { remain_quota: number };
    return { user: user.quota, token: token.remain_quota };
  }
}
