import { ChannelType } from '@tollgate/contracts';
import { type RoutedChannel } from '../../routing/routing-table';
import { type RelayEndpoint } from '../../protocols/protocol';

/** Where an OpenAI-compatible provider keeps OpenAI's endpoints under its base URL. */
interface OpenAiLayout {
  /** What stands for OpenAI's `/v1` (Zhipu `/api/paas/v4`, Perplexity nothing). */
  prefix: string | ((channel: RoutedChannel) => string);
  /** Endpoints the provider serves at a path of its own, prefix included. */
  paths?: Partial<Record<RelayEndpoint, string>>;
}

const V1: OpenAiLayout = { prefix: '/v1' };
const OPENAI_VERSION = '/v1';

/**
 * Reference §5: the catalogue types whose upstream speaks OpenAI's protocol, with their path layout (the
 * base URL is the catalogue default unless the channel gives its own). Custom (8) takes the whole URL from
 * the channel. Types missing here that have no native adapter yet keep OpenAI's `/v1` layout.
 */
export const OPENAI_FAMILY: ReadonlyMap<number, OpenAiLayout> = new Map<number, OpenAiLayout>([
  [ChannelType.OpenAI, V1],
  [4, V1], // Ollama's OpenAI-compatible API
  [6, V1], // OpenAIMax
  [7, V1], // OhMyGPT
  [ChannelType.Custom, V1],
  [9, V1], // AILS
  [10, V1], // AIProxy
  [12, V1], // API2GPT
  [13, V1], // AIGC2D
  [17, { prefix: '/compatible-mode/v1' }], // Alibaba DashScope compatible mode
  [19, V1], // 360
  [20, V1], // OpenRouter (the default base already ends in /api)
  [ChannelType.FastGpt, V1], // the default base already ends in /api/openapi
  [25, V1], // Moonshot
  [26, { prefix: '/api/paas/v4' }], // Zhipu GLM-4
  [27, { prefix: '' }], // Perplexity serves /chat/completions at its root
  [31, V1], // 01.AI
  [35, { prefix: '/v1', paths: { '/v1/chat/completions': '/v1/text/chatcompletion_v2' } }], // MiniMax
  [38, V1], // Jina
  [39, { prefix: (channel) => `/client/v4/accounts/${encodeURIComponent(channel.other)}/ai/v1` }], // Cloudflare
  [40, V1], // SiliconFlow
  [42, V1], // Mistral
  [43, V1], // DeepSeek
  [45, { prefix: '/api/v3' }], // VolcEngine Ark
  [46, { prefix: '/v2' }], // Baidu Qianfan v2
  [47, V1], // Xinference
  [48, V1], // xAI
  [53, V1], // Submodel
]);

/**
 * The upstream URL of one endpoint. A base URL that already ends with the provider's version prefix
 * (`https://api.deepseek.com/v1`, a common way to write it) does not get it a second time.
 */
export function openAiUrl(channel: RoutedChannel, endpoint: RelayEndpoint, upstreamModel: string): string {
  if (channel.type === ChannelType.Custom) return channel.baseUrl.replaceAll('{model}', upstreamModel);
  const layout = OPENAI_FAMILY.get(channel.type) ?? V1;
  const prefix = typeof layout.prefix === 'string' ? layout.prefix : layout.prefix(channel);
  const path = layout.paths?.[endpoint] ?? `${prefix}${endpoint.slice(OPENAI_VERSION.length)}`;
  const doubled = prefix !== '' && channel.baseUrl.endsWith(prefix) && path.startsWith(prefix);
  return `${channel.baseUrl}${doubled ? path.slice(prefix.length) : path}`;
}
