import { Injectable } from '@nestjs/common';
import { ChannelType } from '@tollgate/contracts';
import { type Usage } from '../../billing/billing.types';
import { type ProviderRefusal } from '../upstream/auto-disable';
import { type Selection } from '../routing/channel-selector';
import { codecFor } from '../protocols/codecs';
import { nativeAdapterFor } from '../providers';
import { type RelayEndpoint } from '../protocols/protocol';
import { type ChannelTarget, type ModelListRequest } from '../providers/upstream-adapter';
import { type PreparedAttempt, prepareAttempt } from '../upstream/upstream-request';
import { UpstreamClient } from '../upstream/upstream-client';
import { OptionsService } from '../../options/options.service';
import { redactSecrets, secretsOf } from '../upstream/secrets';
import { callJson, UpstreamCallError } from './upstream-call';
import { isJsonObject } from '../../../common/json';

/** The one non-stream call a channel test makes (reference §6). */
export interface ProbeRequest {
  endpoint: Extract<RelayEndpoint, '/v1/chat/completions' | '/v1/embeddings'>;
  body: Record<string, unknown>;
}

export type ProbeResult =
  | { ok: true; usage: Usage | null }
  /** `refusal` is set when the provider answered with an error (auto-disable rules read it). */
  | { ok: false; reason: string; refusal: ProviderRefusal | null };

// Midjourney and Suno serve no chat models.
const NO_MODEL_LIST = new Set([2, 5, ChannelType.Suno]);
// A paged list that never ends (a looping page token) stops here.
const MAX_MODEL_PAGES = 20;

function modelIds(answer: unknown): string[] {
  const data = isJsonObject(answer) ? answer.data : undefined;
  if (!Array.isArray(data)) throw new UpstreamCallError('the answer has no model list');
  const ids = data.map((entry) => (isJsonObject(entry) ? entry.id : undefined));
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
}

/** The native adapter's model-list request with its credentials fetched; undefined for the OpenAI family. */
async function nativeListRequest(
  target: ChannelTarget,
  secrets: readonly string[],
): Promise<ModelListRequest | undefined> {
  try {
    const request = nativeAdapterFor(target.type)?.listModels?.(target);
    if (!request?.authorize) return request;
    return { ...request, headers: { ...request.headers, ...(await request.authorize()) } };
  } catch (error) {
    // A key the adapter cannot use (malformed credentials, a refused token exchange): the provider's words.
    throw new UpstreamCallError(
      redactSecrets(error instanceof Error ? error.message : String(error), secrets),
    );
  }
}

// A fetched access token is as secret as the key it came from.
const bearerTokenOf = (headers: Record<string, string>): string[] =>
  headers.authorization?.startsWith('Bearer ') ? [headers.authorization.slice('Bearer '.length)] : [];

/**
 * Every upstream call an operator's channel operation makes (tests, model lists, balances) goes through here,
 * through the relay's own adapters, request building and secret redaction.
 */
@Injectable()
export class ChannelProbe {
  constructor(
    private readonly upstream: UpstreamClient,
    private readonly options: OptionsService,
  ) {}

  /** One non-stream call through the adapter of the channel's type. */
  async probe(selection: Selection, request: ProbeRequest, signal?: AbortSignal): Promise<ProbeResult> {
    const secrets = secretsOf([selection.key, ...selection.channel.keys]);
    let prepared: PreparedAttempt;
    try {
      prepared = await prepareAttempt(
        { inbound: 'openai', ...request, upload: null, model: selection.upstreamModel, stream: false },
        selection,
        this.options,
      );
    } catch (error) {
      // A key the adapter cannot use (malformed credentials, a refused token exchange).
      const reason = `the request could not be built: ${error instanceof Error ? error.message : String(error)}`;
      return { ok: false, reason: redactSecrets(reason, secrets), refusal: null };
    }
    try {
      const answer = await callJson(this.upstream, { ...prepared.built, method: 'POST', secrets, signal });
      // Some proxies answer 200 with an error body.
      if (isJsonObject(answer) && isJsonObject(answer.error)) {
        const { message } = answer.error;
        throw new UpstreamCallError(
          redactSecrets(typeof message === 'string' ? message : 'the answer is an error', secrets),
        );
      }
      return { ok: true, usage: codecFor(prepared.protocol).usageOfAnswer(answer) };
    } catch (error) {
      if (!(error instanceof UpstreamCallError)) throw error;
      const refusal =
        error.status !== null && error.body
          ? { status: error.status, channelType: selection.channel.type, error: error.body.error }
          : null;
      return { ok: false, reason: error.reason, refusal };
    }
  }

  /** The provider's model ids; null when this type has no model list here (yet). Throws UpstreamCallError. */
  async listModels(target: ChannelTarget, signal?: AbortSignal): Promise<string[] | null> {
    if (NO_MODEL_LIST.has(target.type)) return null;
    const secrets = secretsOf([target.key]);
    const native = await nativeListRequest(target, secrets);
    if (native) {
      // One list after the other: the first refusal ends the fetch.
      const ids: string[] = [];
      for (const url of [native.url, ...(native.moreUrls ?? [])])
        ids.push(...(await this.allPages(native, url, secrets, signal)));
      return [...new Set(ids)];
    }
    const answer = await callJson(this.upstream, {
      url: `${target.baseUrl}/v1/models`,
      method: 'GET',
      headers: { authorization: `Bearer ${target.key}` },
      secrets,
      signal,
    });
    return modelIds(answer);
  }

  /** A GET whose 2xx answer is JSON (a balance read); throws UpstreamCallError with `secrets` redacted. */
  getJson(
    url: string,
    headers: Record<string, string>,
    secrets: readonly string[],
    signal?: AbortSignal,
  ): Promise<unknown> {
    return callJson(this.upstream, { url, method: 'GET', headers, secrets, signal });
  }

  /** One native model list, page after page while the answer names a next one. */
  private async allPages(
    request: ModelListRequest,
    url: string,
    keySecrets: readonly string[],
    signal?: AbortSignal,
  ): Promise<string[]> {
    const { method, headers, body } = request;
    const secrets = [...keySecrets, ...bearerTokenOf(headers)];
    const ids: string[] = [];
    let next: string | null = url;
    for (let page = 0; next !== null && page < MAX_MODEL_PAGES; page++) {
      const answer = await callJson(this.upstream, {
        url: next,
        method,
        headers,
        body: body || null,
        secrets,
        signal,
      });
      ids.push(...request.parse(answer));
      next = request.nextUrl?.(answer, next) ?? null;
    }
    return ids;
  }
}
