import { type Selection } from '../../routing/channel-selector';
import { objectOr, objectsOf, stringOr } from '../../protocols/claude/claude-json';
import { type Json, type Protocol } from '../../protocols/protocol';
import { parseJsonObject, type RoutedChannel } from '../../routing/routing-table';
import { isRetryableStatus, mappedStatus, UpstreamFailure } from '../upstream-failure';
import { tuneClaudeBody } from '../claude/claude-tuning';
import { withHeaderOverride, withParamOverride } from '../gemini/channel-overrides';
import { tuneGeminiBody } from '../gemini/gemini-tuning';
import { type BuiltRequest } from '../provider';
import {
  type ChannelTarget,
  type ChatCall,
  type ModelListRequest,
  type UpstreamAdapter,
} from '../upstream-adapter';
import { AccessTokenCache, AccessTokenError } from './access-tokens';
import { InvalidServiceAccountError, parseServiceAccount, type ServiceAccount } from './service-account';

export const VERTEX_CHANNEL_TYPE = 41;
const DEFAULT_REGION = 'us-central1';
// Anthropic's API version for Claude on Vertex AI: it goes in the body, the model in the URL.
const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';

const isClaude = (model: string): boolean => model.startsWith('claude');

// Model Garden pages its lists; a page this size holds a publisher's models, nextPageToken the rest if not.
const MODEL_PAGE_SIZE = 1000;

// '@' may stand in a path segment and Vertex wants it literally in Claude model ids.
const segment = (value: string): string => encodeURIComponent(value).replaceAll('%40', '@');

/** The channel's `other`: one region, or JSON {"default": region, "<model>": region}. */
export function vertexRegionOf(other: string, model: string): string {
  const text = other.trim();
  if (!text.startsWith('{')) return text || DEFAULT_REGION;
  const regions = parseJsonObject(text);
  const region = regions[model] ?? regions.default;
  return typeof region === 'string' && region !== '' ? region : DEFAULT_REGION;
}

/** The API origin: the channel's base URL when set, else the regional endpoint ('global' has no prefix). */
export function vertexOriginOf(channel: Pick<RoutedChannel, 'baseUrl'>, region: string): string {
  if (channel.baseUrl !== '') return channel.baseUrl;
  return region === 'global'
    ? 'https://aiplatform.googleapis.com'
    : `https://${region}-aiplatform.googleapis.com`;
}

/** Vertex names Claude versions with `@`: claude-3-5-sonnet-20240620 → claude-3-5-sonnet@20240620. */
export const vertexClaudeModelOf = (model: string): string =>
  model.includes('@') ? model : model.replace(/-(\d{8})$/, '@$1');

function modelsPath(account: ServiceAccount, region: string, publisher: 'google' | 'anthropic'): string {
  return `/v1/projects/${segment(account.projectId)}/locations/${segment(region)}/publishers/${publisher}/models`;
}

/** Where and what to send, before authentication. */
export function vertexRequestOf(call: ChatCall, account: ServiceAccount): { url: string; body: Json } {
  const { channel, upstreamModel } = call.selection;
  const region = vertexRegionOf(channel.other, upstreamModel);
  const origin = vertexOriginOf(channel, region);
  if (isClaude(upstreamModel)) {
    // As on Anthropic's API: max_tokens is required (filled when the caller sent none), `-thinking` models think.
    const tuned = tuneClaudeBody(call.body, upstreamModel, call.options);
    const body: Json = { ...tuned.body, anthropic_version: VERTEX_ANTHROPIC_VERSION };
    delete body.model;
    if (call.stream) body.stream = true;
    const action = call.stream ? 'streamRawPredict' : 'rawPredict';
    const model = segment(vertexClaudeModelOf(tuned.model));
    return { url: `${origin}${modelsPath(account, region, 'anthropic')}/${model}:${action}`, body };
  }
  const tuned = tuneGeminiBody(upstreamModel, call.body, call.options);
  const action = call.stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
  const model = segment(tuned.model);
  return { url: `${origin}${modelsPath(account, region, 'google')}/${model}:${action}`, body: tuned.body };
}

const authFailureText = (reason: string): string => `Vertex AI authentication failed: ${reason}`;

/** A credential problem as the relay reports it: the channel's fault (401, so auto-disable sees it), retryable. */
function credentialFailure(channel: RoutedChannel, status: number, reason: string): UpstreamFailure {
  const body = {
    error: {
      message: authFailureText(reason),
      type: 'upstream_error',
      param: null,
      code: 'vertex_auth_failed',
    },
  };
  return new UpstreamFailure(mappedStatus(channel, status), body, isRetryableStatus(status));
}

async function authenticate(
  selection: Selection,
  tokens: AccessTokenCache,
): Promise<[ServiceAccount, string]> {
  try {
    const account = parseServiceAccount(selection.key);
    return [account, await tokens.tokenFor(account)];
  } catch (error) {
    if (error instanceof InvalidServiceAccountError)
      throw credentialFailure(selection.channel, 401, error.message);
    if (error instanceof AccessTokenError) {
      // A refused assertion (4xx) means the key is bad; anything else is Google's or the network's trouble.
      const status = error.status >= 400 && error.status < 500 ? 401 : 500;
      throw credentialFailure(selection.channel, status, error.message);
    }
    throw error;
  }
}

/** The key's access token as a header; a key that cannot get one says why (its own text, never the key). */
async function bearerOf(key: string, tokens: AccessTokenCache): Promise<Record<string, string>> {
  try {
    return { authorization: `Bearer ${await tokens.tokenFor(parseServiceAccount(key))}` };
  } catch (error) {
    if (error instanceof InvalidServiceAccountError || error instanceof AccessTokenError)
      throw new Error(authFailureText(error.message));
    throw error;
  }
}

/** `publishers/google/models/gemini-2.0-flash` → `gemini-2.0-flash`. */
function publisherModelIds(answer: unknown): string[] {
  return objectsOf(objectOr(answer).publisherModels)
    .map((model) => stringOr(model.name).replace(/^publishers\/[^/]+\/models\//, ''))
    .filter((id) => id !== '');
}

function nextPageUrl(answer: unknown, url: string): string | null {
  const token = stringOr(objectOr(answer).nextPageToken);
  if (token === '') return null;
  const next = new URL(url);
  next.searchParams.set('pageToken', token);
  return next.toString();
}

/**
 * Model Garden's lists of the two publishers the adapter serves (Gemini and Claude), at the channel's default
 * region: v1beta1 has them without a project, so the access token alone decides.
 */
function listModels(target: ChannelTarget, tokens: AccessTokenCache): ModelListRequest {
  const origin = vertexOriginOf(target, vertexRegionOf(target.other, ''));
  const [google, anthropic] = (['google', 'anthropic'] as const).map(
    (publisher) => `${origin}/v1beta1/publishers/${publisher}/models?pageSize=${MODEL_PAGE_SIZE}`,
  );
  return {
    method: 'GET',
    url: google,
    moreUrls: [anthropic],
    headers: {},
    body: '',
    parse: publisherModelIds,
    nextUrl: nextPageUrl,
    authorize: () => bearerOf(target.key, tokens),
  };
}

/** Vertex AI (channel type 41): Gemini models over generateContent, Claude models over rawPredict. */
export function createVertexAdapter(tokens: AccessTokenCache): UpstreamAdapter {
  return {
    protocolOf: (selection: Selection): Protocol => (isClaude(selection.upstreamModel) ? 'claude' : 'gemini'),
    // Claude on Vertex AI wants anthropic_version in the body and reads base64 image sources only.
    takesCallerBody: (selection: Selection) => !isClaude(selection.upstreamModel),
    needsInlineMedia: (selection: Selection) => isClaude(selection.upstreamModel),
    async buildChat(call: ChatCall): Promise<BuiltRequest> {
      const [account, accessToken] = await authenticate(call.selection, tokens);
      const { url, body } = vertexRequestOf(call, account);
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` };
      return {
        url,
        headers: withHeaderOverride(headers, call.selection.channel, accessToken),
        body: JSON.stringify(withParamOverride(body, call.selection.channel)),
      };
    },
    listModels: (target: ChannelTarget) => listModels(target, tokens),
  };
}

export const VERTEX_TOKENS = new AccessTokenCache();
export const VERTEX_ADAPTER: UpstreamAdapter = createVertexAdapter(VERTEX_TOKENS);
