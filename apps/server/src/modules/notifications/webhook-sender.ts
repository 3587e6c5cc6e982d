import { createHmac } from 'node:crypto';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Agent, request } from 'undici';
import { publicOnlyLookup } from '../../common/http/public-network';
import { WebhookDeliveryError, webhookTarget } from './webhook-target';

// A receiver that takes longer is treated as down: the notify queue must not stall on it.
const TIMEOUT_MS = 10_000;

export const SIGNATURE_HEADER = 'X-Webhook-Signature';

/** Reference §3.7: hex HMAC-SHA256 of the exact body bytes with the user's secret. */
export const webhookSignature = (secret: string, body: string): string =>
  createHmac('sha256', secret).update(body).digest('hex');

/** Posts notification JSON to users' webhooks; never follows redirects, never dials a private address. */
@Injectable()
export class WebhookSender implements OnModuleDestroy {
  /**
   * Development and tests point webhooks at this machine over plain http; nothing in production turns it on
   * (no option or variable sets it).
   */
  allowLocalTargets = false;
  private readonly guarded = new Agent({ connect: { lookup: publicOnlyLookup } });
  private readonly local = new Agent();

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.guarded.close(), this.local.close()]);
  }

  /** Throws WebhookDeliveryError (safe to log) unless the receiver answered 2xx. */
  async post(address: string, body: string, secret: string): Promise<void> {
    const url = webhookTarget(address, this.allowLocalTargets);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (secret) headers[SIGNATURE_HEADER] = webhookSignature(secret, body);
    let status: number;
    try {
      const response = await request(url, {
        method: 'POST',
        headers,
        body,
        dispatcher: this.allowLocalTargets ? this.local : this.guarded,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = response.statusCode;
      await response.body.dump();
    } catch (error) {
      const reason =
        error instanceof Error ? (error.cause instanceof Error ? error.cause : error).message : '';
      throw new WebhookDeliveryError(`the request failed: ${reason || String(error)}`);
    }
    if (status < 200 || status >= 300) throw new WebhookDeliveryError(`the receiver answered HTTP ${status}`);
  }
}
