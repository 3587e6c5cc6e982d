/** One provider a channel can talk to; drives the console's channel form and the server's checks. */
export interface ChannelTypeInfo {
  id: number;
  name: string;
  /** Used when the channel's base_url is empty; '' when the provider has no public endpoint. */
  defaultBaseUrl: string;
  /** The channel cannot work without a base_url of its own (private deployments, proxies, Azure). */
  baseUrlRequired: boolean;
  /** How the key is written, e.g. 'APIKey|SecretKey'; '' for a plain API key. */
  keyFormat: string;
  /** For keys made of `|`-separated parts: how many parts each key must have (0 = any key). */
  keyParts: number;
  /** What the `other` field means for this type; '' when it is unused. */
  otherMeaning: string;
  /** Filled into an empty `other` on save. */
  otherDefault: string;
  /** `other` must be given (Vertex AI region). */
  otherRequired: boolean;
  /**
   * The relay has an adapter for it. The others are kept so stored channels still read and list, but the
   * console does not offer them and the server refuses to create one (it would fail every call).
   */
  relayed: boolean;
}

type Extra = Partial<Omit<ChannelTypeInfo, 'id' | 'name' | 'defaultBaseUrl'>>;

const type = (id: number, name: string, host: string, extra: Extra = {}): ChannelTypeInfo => ({
  id,
  name,
  defaultBaseUrl: host === '' || host.startsWith('http') ? host : `https://${host}`,
  baseUrlRequired: false,
  keyFormat: '',
  keyParts: 0,
  otherMeaning: '',
  otherDefault: '',
  otherRequired: false,
  relayed: true,
  ...extra,
});

const mustGiveBaseUrl = { baseUrlRequired: true } as const;
// No adapter yet: the relay would send OpenAI's protocol to a provider that does not speak it.
const noAdapter = { relayed: false } as const;

/**
 * Every provider id of the established gateways (ids 0, 28–30 and 32 are unknown/unused and not offered).
 * Ids are stored in channel rows: never renumber. `noAdapter` marks the ones the relay cannot serve yet
 * (Midjourney and Suno are served by modules/tasks); a server test holds this in step with the relay's adapters.
 */
export const CHANNEL_TYPES: readonly ChannelTypeInfo[] = Object.freeze([
  type(1, 'OpenAI', 'api.openai.com'),
  type(2, 'Midjourney Proxy', '', mustGiveBaseUrl),
  type(3, 'Azure OpenAI', '', {
    ...mustGiveBaseUrl,
    otherMeaning: 'API version',
    otherDefault: '2024-12-01-preview',
  }),
  type(4, 'Ollama', 'http://localhost:11434'),
  type(5, 'Midjourney Proxy Plus', '', mustGiveBaseUrl),
  type(6, 'OpenAIMax', 'api.openaimax.com'),
  type(7, 'OhMyGPT', 'api.ohmygpt.com'),
  type(8, 'Custom', '', mustGiveBaseUrl),
  type(9, 'AILS', 'api.caipacity.com'),
  type(10, 'AIProxy', 'api.aiproxy.io'),
  type(11, 'Google PaLM2', '', noAdapter),
  type(12, 'API2GPT', 'api.api2gpt.com'),
  type(13, 'AIGC2D', 'api.aigc2d.com'),
  type(14, 'Anthropic Claude', 'api.anthropic.com'),
  type(15, 'Baidu Qianfan', 'aip.baidubce.com', { ...noAdapter, keyFormat: 'APIKey|SecretKey', keyParts: 2 }),
  type(16, 'Zhipu ChatGLM', 'open.bigmodel.cn', noAdapter),
  type(17, 'Alibaba DashScope', 'dashscope.aliyuncs.com', { otherMeaning: 'plugin' }),
  type(18, 'iFlytek Spark', '', {
    ...noAdapter,
    keyFormat: 'APPID|APISecret|APIKey',
    keyParts: 3,
    otherMeaning: 'model version',
    otherDefault: 'v2.1',
  }),
  type(19, '360 AI', 'api.360.cn'),
  type(20, 'OpenRouter', 'openrouter.ai/api'),
  type(21, 'AI Proxy knowledge base', 'api.aiproxy.io', { ...noAdapter, otherMeaning: 'knowledge base id' }),
  type(22, 'FastGPT', 'fastgpt.run/api/openapi', { keyFormat: 'APIKey-AppId' }),
  type(23, 'Tencent Hunyuan', 'hunyuan.tencentcloudapi.com', {
    ...noAdapter,
    keyFormat: 'AppId|SecretId|SecretKey',
    keyParts: 3,
  }),
  type(24, 'Google Gemini', 'generativelanguage.googleapis.com', { otherMeaning: 'API version' }),
  type(25, 'Moonshot', 'api.moonshot.cn'),
  type(26, 'Zhipu GLM-4', 'open.bigmodel.cn'),
  type(27, 'Perplexity', 'api.perplexity.ai'),
  type(31, '01.AI', 'api.lingyiwanwu.com'),
  type(33, 'AWS Claude', '', { keyFormat: 'AccessKey|SecretKey|Region', keyParts: 3 }),
  type(34, 'Cohere', 'api.cohere.ai', noAdapter),
  type(35, 'MiniMax', 'api.minimax.chat'),
  type(36, 'Suno API', '', mustGiveBaseUrl),
  type(37, 'Dify', 'api.dify.ai', { ...noAdapter, keyFormat: 'app key (chatflow or agent app)' }),
  type(38, 'Jina', 'api.jina.ai'),
  type(39, 'Cloudflare', 'api.cloudflare.com', { otherMeaning: 'account id' }),
  type(40, 'SiliconFlow', 'api.siliconflow.cn'),
  type(41, 'Vertex AI', '', {
    keyFormat: 'service account JSON',
    otherMeaning: 'region, or JSON {"default":"us-central1","<model>":"<region>"}',
    otherRequired: true,
  }),
  type(42, 'Mistral', 'api.mistral.ai'),
  type(43, 'DeepSeek', 'api.deepseek.com'),
  type(44, 'MokaAI M3E', 'api.moka.ai', noAdapter),
  type(45, 'VolcEngine Ark', 'ark.cn-beijing.volces.com'),
  type(46, 'Baidu Qianfan v2', 'qianfan.baidubce.com'),
  type(47, 'Xinference', '', mustGiveBaseUrl),
  type(48, 'xAI', 'api.x.ai'),
  type(49, 'Coze', 'api.coze.cn', noAdapter),
  type(50, 'Kling', 'api.klingai.com', { ...noAdapter, keyFormat: 'AccessKey|SecretKey' }),
  type(51, 'Jimeng', 'visual.volcengineapi.com', { ...noAdapter, keyFormat: 'AccessKey|SecretKey' }),
  type(52, 'Vidu', 'api.vidu.cn', noAdapter),
  type(53, 'Submodel', '', mustGiveBaseUrl),
  type(54, 'Doubao Video', 'ark.cn-beijing.volces.com', noAdapter),
  type(55, 'Sora', 'api.openai.com', noAdapter),
  type(56, 'Replicate', 'api.replicate.com', noAdapter),
  type(57, 'Codex', 'chatgpt.com', noAdapter),
]);

const BY_ID = new Map(CHANNEL_TYPES.map((info) => [info.id, info]));

export const channelTypeInfo = (id: number): ChannelTypeInfo | undefined => BY_ID.get(id);

/** The types a new channel may have: those the relay serves, in catalogue order. */
export const RELAYED_CHANNEL_TYPES: readonly ChannelTypeInfo[] = Object.freeze(
  CHANNEL_TYPES.filter((info) => info.relayed),
);

/** Ids the server's rules single out. */
export const ChannelType = {
  OpenAI: 1,
  Azure: 3,
  Custom: 8,
  Anthropic: 14,
  Baidu: 15,
  Spark: 18,
  FastGpt: 22,
  Hunyuan: 23,
  Gemini: 24,
  Aws: 33,
  Suno: 36,
  VertexAi: 41,
} as const;
