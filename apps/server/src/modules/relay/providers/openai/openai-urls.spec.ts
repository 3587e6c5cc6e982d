import { CHANNEL_TYPES } from '@tollgate/contracts';
import { type Selection } from '../../routing/channel-selector';
import { adapterFor } from '..';
import { testSelection } from '../adapter-testing';
import { type RelayEndpoint } from '../../protocols/protocol';
import { OPENAI_FAMILY } from './openai-urls';

const selection = (type: number, baseUrl = '', other = '') =>
  testSelection({ type, baseUrl, other }, 'sk-k', 'gpt-real');

const build = (call: Selection, endpoint: RelayEndpoint = '/v1/chat/completions') =>
  adapterFor(call.channel.type).buildRequest({ endpoint, selection: call, body: {}, wantStreamUsage: false });

// Chat URL of each OpenAI-family type on its catalogue default base URL (a base of its own where the
// catalogue has none). A type added to the family without a row here fails the first test.
const CHAT_URLS: Record<number, [url: string, baseUrl?: string, other?: string]> = {
  1: ['https://api.openai.com/v1/chat/completions'],
  4: ['http://localhost:11434/v1/chat/completions'],
  6: ['https://api.openaimax.com/v1/chat/completions'],
  7: ['https://api.ohmygpt.com/v1/chat/completions'],
  8: ['https://proxy.test/deploy/gpt-real/chat', 'https://proxy.test/deploy/{model}/chat'],
  9: ['https://api.caipacity.com/v1/chat/completions'],
  10: ['https://api.aiproxy.io/v1/chat/completions'],
  12: ['https://api.api2gpt.com/v1/chat/completions'],
  13: ['https://api.aigc2d.com/v1/chat/completions'],
  17: ['https://dashscope.aliyuncs.com/compatible-mode/v1/chat/completions'],
  19: ['https://api.360.cn/v1/chat/completions'],
  20: ['https://openrouter.ai/api/v1/chat/completions'],
  22: ['https://fastgpt.run/api/openapi/v1/chat/completions'],
  25: ['https://api.moonshot.cn/v1/chat/completions'],
  26: ['https://open.bigmodel.cn/api/paas/v4/chat/completions'],
  27: ['https://api.perplexity.ai/chat/completions'],
  31: ['https://api.lingyiwanwu.com/v1/chat/completions'],
  35: ['https://api.minimax.chat/v1/text/chatcompletion_v2'],
  38: ['https://api.jina.ai/v1/chat/completions'],
  39: ['https://api.cloudflare.com/client/v4/accounts/acc-1/ai/v1/chat/completions', '', 'acc-1'],
  40: ['https://api.siliconflow.cn/v1/chat/completions'],
  42: ['https://api.mistral.ai/v1/chat/completions'],
  43: ['https://api.deepseek.com/v1/chat/completions'],
  45: ['https://ark.cn-beijing.volces.com/api/v3/chat/completions'],
  46: ['https://qianfan.baidubce.com/v2/chat/completions'],
  47: ['http://xinference.test:9997/v1/chat/completions', 'http://xinference.test:9997/'],
  48: ['https://api.x.ai/v1/chat/completions'],
  53: ['https://submodel.test/v1/chat/completions', 'https://submodel.test'],
};

describe('OpenAI-compatible channel types (reference §5)', () => {
  it('lists exactly the family types with a test row, all in the catalogue', () => {
    expect([...OPENAI_FAMILY.keys()].sort((a, b) => a - b)).toEqual(Object.keys(CHAT_URLS).map(Number));
    const catalogue = new Set(CHANNEL_TYPES.map((info) => info.id));
    for (const type of OPENAI_FAMILY.keys()) expect(catalogue.has(type)).toBe(true);
  });

  it.each(Object.entries(CHAT_URLS))('type %s: chat URL on its base URL, bearer key', (type, row) => {
    const [url, baseUrl, other] = row;
    const built = build(selection(Number(type), baseUrl, other));
    expect(built.url).toBe(url);
    expect(built.url).not.toContain('/v1/v1');
    expect(built.headers.authorization).toBe('Bearer sk-k');
    expect(built.headers['api-key']).toBeUndefined();
  });

  it('does not repeat a version prefix the channel already wrote into its base URL', () => {
    expect(build(selection(43, 'https://api.deepseek.com/v1/')).url).toBe(
      'https://api.deepseek.com/v1/chat/completions',
    );
    expect(build(selection(26, 'https://open.bigmodel.cn/api/paas/v4')).url).toBe(
      'https://open.bigmodel.cn/api/paas/v4/chat/completions',
    );
    expect(build(selection(1, 'https://gw.test/v1'), '/v1/audio/speech').url).toBe(
      'https://gw.test/v1/audio/speech',
    );
  });

  it('keeps the layout for every endpoint, with provider paths only where they differ', () => {
    expect(build(selection(45), '/v1/embeddings').url).toBe(
      'https://ark.cn-beijing.volces.com/api/v3/embeddings',
    );
    expect(build(selection(35), '/v1/embeddings').url).toBe('https://api.minimax.chat/v1/embeddings');
    expect(build(selection(20), '/v1/responses').url).toBe('https://openrouter.ai/api/v1/responses');
    // A custom URL is the whole URL whatever the endpoint.
    expect(build(selection(8, 'https://proxy.test/x'), '/v1/images/generations').url).toBe(
      'https://proxy.test/x',
    );
  });
});
