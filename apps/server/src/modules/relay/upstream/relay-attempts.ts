import { performance } from 'node:perf_hooks';
import { Injectable, Logger } from '@nestjs/common';
import { GatewayMetrics } from '../../../infra/metrics/gateway-metrics';
import { ChannelHealthService } from '../../channels/channel-health.service';
import { OptionsService } from '../../options/options.service';
import { disableReason, parseDisableKeywords, type ProviderRefusal, shouldAutoDisable } from './auto-disable';
import { ChannelSelector, type Selection } from '../routing/channel-selector';
import { type Json, type Protocol, type StreamDecoder } from '../protocols/protocol';
import { type RelayRequest } from '../requests/relay-request';
import { relayError } from '../errors/relay-errors';
import { type RelayCaller } from '../auth/token-authenticator';
import { secretsOf } from './secrets';
import { CallerUrlFetcher } from '../media/caller-url-fetcher';
import { type UpstreamAbort, type UpstreamResponse, UpstreamClient } from './upstream-client';
import { type PreparedAttempt, prepareAttempt, UnsupportedEndpoint, upstreamError } from './upstream-request';
import {
  isRetryableStatus,
  mappedStatus,
  transportFailure,
  UpstreamFailure,
} from '../providers/upstream-failure';

const logger = new Logger('Relay');

// Delta-seconds or an HTTP date; anything else from a provider is not passed on.
const RETRY_AFTER = /^(\d{1,9}|[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT)$/;

/** A provider that answered 2xx, with the channels tried on the way (logged as admin_info.use_channel). */
export interface UpstreamSuccess {
  selection: Selection;
  response: UpstreamResponse;
  usedChannels: string[];
  /** The protocol the provider answers in. */
  protocol: Protocol;
  /** Non-SSE stream framing (Bedrock); null for server-sent events. */
  decoder: StreamDecoder | null;
  /** The provider's answer → the caller's, for calls outside the chat codecs (Gemini embeddings). */
  reshape: ((answer: unknown) => Json) | null;
}

/**
 * Picks a channel, calls it, and on a retryable failure tries other channels (RetryTimes extra attempts,
 * moving down priority tiers) — reference §2.2 and §2.3. Everything happens before the caller gets a byte.
 * A refusal that means a dead key takes the channel (or that key) out of rotation in the background (§2.6).
 */
@Injectable()
export class RelayAttempts {
  constructor(
    private readonly selector: ChannelSelector,
    private readonly upstream: UpstreamClient,
    private readonly options: OptionsService,
    private readonly health: ChannelHealthService,
    private readonly metrics: GatewayMetrics,
    private readonly files: CallerUrlFetcher,
  ) {}

  // Caller-given file URLs, for providers that take media only inline (WorkerUrl applies there).
  private readonly fetchMedia = (url: string) => this.files.fetch(url);

  async call(caller: RelayCaller, request: RelayRequest, signal: UpstreamAbort): Promise<UpstreamSuccess> {
    const forced = caller.forcedChannelId !== null;
    const retries = forced ? 0 : Math.max(0, this.options.getNumber('RetryTimes'));
    const tried = new Set<number>();
    const usedChannels: string[] = [];
    let failure: UpstreamFailure | null = null;
    for (let attempt = 0; attempt <= retries; attempt++) {
      const selection = this.select(caller, request.model, attempt, tried);
      if (!selection) break;
      tried.add(selection.channel.id);
      usedChannels.push(String(selection.channel.id));
      const outcome = await this.attempt(request, selection, signal);
      if (!(outcome instanceof UpstreamFailure)) return { selection, usedChannels, ...outcome };
      failure = outcome;
      failure.origin = { channel: selection.channel, usedChannels };
      if (!failure.retryable || signal.aborted || attempt === retries) break;
      this.metrics.retried(selection.channel.id);
      logger.warn(
        `Error occurred, retry attempt ${attempt + 1}: channel #${selection.channel.id} answered ${failure.status}`,
      );
    }
    if (failure) throw failure;
    throw relayError('no_available_channel', { model: request.model, group: caller.group });
  }

  private select(caller: RelayCaller, model: string, attempt: number, tried: Set<number>): Selection | null {
    if (caller.forcedChannelId === null) return this.selector.pick(caller.group, model, attempt, tried);
    return attempt === 0 ? this.selector.forced(caller.forcedChannelId, model) : null;
  }

  private async attempt(
    request: RelayRequest,
    selection: Selection,
    signal: UpstreamAbort,
  ): Promise<Omit<UpstreamSuccess, 'selection' | 'usedChannels'> | UpstreamFailure> {
    const prepared = await this.prepare(request, selection);
    if (prepared instanceof UpstreamFailure) return prepared;
    let response: UpstreamResponse;
    const sent = performance.now();
    try {
      response = await this.upstream.request({ ...prepared.built, method: 'POST', signal });
    } catch {
      return transportFailure();
    }
    this.metrics.upstreamAnswered(selection.channel.id, (performance.now() - sent) / 1000);
    if (response.status >= 200 && response.status < 300) {
      const { protocol, decoder, reshape } = prepared;
      return { response, protocol, decoder, reshape };
    }
    const text = await response.body.text().catch(() => '');
    const body = upstreamError(prepared.protocol, response.status, text, secretsOf(selection.channel.keys));
    this.disableIfDead(selection, {
      status: response.status,
      channelType: selection.channel.type,
      error: body.error,
    });
    return new UpstreamFailure(
      mappedStatus(selection.channel, response.status),
      body,
      isRetryableStatus(response.status),
      response.status === 429 ? retryAfterOf(response) : null,
    );
  }

  // A provider without the endpoint, or a key the adapter cannot use (Vertex token refused): another
  // channel may do better.
  private async prepare(
    request: RelayRequest,
    selection: Selection,
  ): Promise<PreparedAttempt | UpstreamFailure> {
    try {
      return await prepareAttempt(request, selection, this.options, this.fetchMedia);
    } catch (error) {
      if (error instanceof UpstreamFailure) return error;
      if (error instanceof UnsupportedEndpoint) return unsupportedEndpoint(request.endpoint);
      throw error;
    }
  }

  // Never awaited: the caller's answer or next attempt does not wait on a database write.
  private disableIfDead(selection: Selection, refusal: ProviderRefusal): void {
    const policy = {
      enabled: this.options.getBoolean('AutomaticDisableChannelEnabled'),
      autoBan: selection.channel.autoBan,
      keywords: parseDisableKeywords(this.options.get('AutomaticDisableKeywords')),
    };
    if (!shouldAutoDisable(refusal, policy)) return;
    const { channel, keyIndex } = selection;
    void this.health
      .autoDisable(channel.id, disableReason(refusal), keyIndex)
      .catch((error: unknown) =>
        logger.error(`auto-disabling channel #${channel.id} failed: ${String(error)}`),
      );
  }
}

function retryAfterOf(response: UpstreamResponse): string | null {
  const value = response.headers['retry-after'];
  const text = typeof value === 'string' ? value.trim() : '';
  return RETRY_AFTER.test(text) ? text : null;
}

function unsupportedEndpoint(endpoint: string): UpstreamFailure {
  const error = {
    message: `The channel's provider does not serve ${endpoint}`,
    type: 'gateway_error',
    param: null,
    code: 'unsupported_endpoint',
  };
  return new UpstreamFailure(400, { error }, true);
}
