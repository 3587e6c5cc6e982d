import { type Selection } from '../../routing/channel-selector';
import { type RoutedChannel } from '../../routing/routing-table';
import { type BuiltRequest } from '../provider';
import {
  type AdapterOptions,
  type ChannelTarget,
  type ChatCall,
  type UpstreamAdapter,
} from '../upstream-adapter';
import { withHeaderOverride, withParamOverride } from './channel-overrides';
import { tuneGeminiBody } from './gemini-tuning';

export const GEMINI_CHANNEL_TYPE = 24;
const DEFAULT_VERSION = 'v1beta';
// The model list is paged (50 by default); one page of the maximum size holds every public model.
const MODEL_PAGE_SIZE = 1000;

/** The API version: the channel's `other` when set, else gemini.version_settings by model, else its default. */
export function geminiVersionOf(channel: RoutedChannel, model: string, options: AdapterOptions): string {
  const fromChannel = channel.other.trim();
  if (fromChannel !== '') return fromChannel;
  const versions = options.getJson<Record<string, string>>('gemini.version_settings');
  return versions[model] ?? versions.default ?? DEFAULT_VERSION;
}

/** The key goes in a header, never in the query string, so it cannot end up in access logs. */
export function geminiHeaders(selection: Selection): Record<string, string> {
  const base = { 'content-type': 'application/json', 'x-goog-api-key': selection.key };
  return withHeaderOverride(base, selection.channel, selection.key);
}

export const modelPath = (model: string): string => `models/${encodeURIComponent(model)}`;

function buildChat(call: ChatCall): BuiltRequest {
  const { channel } = call.selection;
  const tuned = tuneGeminiBody(call.selection.upstreamModel, call.body, call.options);
  const version = geminiVersionOf(channel, tuned.model, call.options);
  const action = call.stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
  return {
    url: `${channel.baseUrl}/${version}/${modelPath(tuned.model)}:${action}`,
    headers: geminiHeaders(call.selection),
    body: JSON.stringify(withParamOverride(tuned.body, channel)),
  };
}

function modelNames(answer: unknown): string[] {
  const models = (answer as { models?: unknown } | null)?.models;
  if (!Array.isArray(models)) return [];
  return models
    .map((model) => (model as { name?: unknown } | null)?.name)
    .filter((name): name is string => typeof name === 'string')
    .map((name) => name.replace(/^models\//, ''));
}

/** Google AI Studio's Gemini API (channel type 24). */
export const GEMINI_ADAPTER: UpstreamAdapter = {
  protocolOf: () => 'gemini',
  takesCallerBody: () => true,
  buildChat,
  listModels: (target: ChannelTarget) => ({
    method: 'GET',
    url: `${target.baseUrl}/${DEFAULT_VERSION}/models?pageSize=${MODEL_PAGE_SIZE}`,
    headers: { 'x-goog-api-key': target.key },
    body: '',
    parse: modelNames,
  }),
};
