import { Injectable, Logger } from '@nestjs/common';
import { OptionsService } from '../options/options.service';
import { ChannelSelector, type Selection } from './channel-selector';
import { adapterFor } from './providers';
import { type RelayRequest } from './relay-request';
import { relayError } from './relay-errors';
import { type RelayCaller } from './token-authenticator';
import { type UpstreamResponse, UpstreamClient } from './upstream-client';
import { isRetryableStatus, mappedStatus, transportFailure, UpstreamFailure } from './upstream-failure';

const logger = new Logger('Relay');

/** A provider that answered 2xx, with the channels tried on the way (logged as admin_info.use_channel). */
export interface UpstreamSuccess {
  selection: Selection;
  response: UpstreamResponse;
  usedChannels: string[];
}

/**
 * Picks a channel, calls it, and on a retryable failure tries other channels (RetryTimes extra attempts,
 * moving down priority tiers) — reference §2.2 and §2.3. Everything happens before the caller gets a byte.
 */
@Injectable()
export class RelayAttempts {
  constructor(
    private readonly selector: ChannelSelector,
    private readonly upstream: UpstreamClient,
    private readonly options: OptionsService,
  ) {}

  async call(caller: RelayCaller, request: RelayRequest, signal: AbortSignal): Promise<UpstreamSuccess> {
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
      if (!(outcome instanceof UpstreamFailure)) return { selection, response: outcome, usedChannels };
      failure = outcome;
      if (!failure.retryable || signal.aborted || attempt === retries) break;
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
    signal: AbortSignal,
  ): Promise<UpstreamResponse | UpstreamFailure> {
    const adapter = adapterFor(selection.channel.type);
    const built = adapter.buildRequest({
      endpoint: request.endpoint,
      selection,
      body: request.body,
      wantStreamUsage: request.stream,
    });
    let response: UpstreamResponse;
    try {
      response = await this.upstream.request({ ...built, method: 'POST', signal });
    } catch {
      return transportFailure();
    }
    if (response.status >= 200 && response.status < 300) return response;
    const text = await response.body.text().catch(() => '');
    const mapped = adapter.mapError(response.status, text, selection.channel.keys);
    return new UpstreamFailure(
      mappedStatus(selection.channel, response.status),
      mapped.body,
      isRetryableStatus(response.status),
    );
  }
}
