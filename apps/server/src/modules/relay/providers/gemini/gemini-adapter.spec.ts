import { type GenerationConfig } from '@google/genai';
import { ChannelType } from '@tollgate/contracts';
import { type RoutingChannelRow } from '../../../channels/routing-snapshot';
import { testOptions, testSelection } from '../adapter-testing';
import { type BuiltRequest } from '../provider';
import { type AdapterOptions } from '../upstream-adapter';
import { GEMINI_ADAPTER } from './gemini-adapter';

/** The REST body's fields these tests read (camelCase JSON, as sent). */
interface GeminiBody {
  contents?: unknown;
  safetySettings?: unknown;
  cachedContent?: string;
  generationConfig?: GenerationConfig;
}

const BASE = 'https://generativelanguage.googleapis.com';
const BODY = {
  contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
  generationConfig: { maxOutputTokens: 1000 },
};

async function build(
  model: string,
  options: AdapterOptions = testOptions(),
  channel: Partial<RoutingChannelRow> = {},
  stream = false,
  body: Record<string, unknown> = BODY,
): Promise<BuiltRequest & { json: GeminiBody }> {
  const built = await GEMINI_ADAPTER.buildChat({
    selection: testSelection({ type: ChannelType.Gemini, baseUrl: BASE, ...channel }, 'AIza-secret', model),
    body,
    stream,
    options,
  });
  return { ...built, json: JSON.parse(built.body) as GeminiBody };
}

const thinkingOn = (extra: Parameters<typeof testOptions>[0] = {}): AdapterOptions =>
  testOptions({ 'gemini.thinking_adapter_enabled': 'true', ...extra });

describe('GEMINI_ADAPTER', () => {
  it('addresses generateContent and the SSE stream by version and model, the key in a header only', async () => {
    const plain = await build('gemini-2.0-flash');
    expect(plain.url).toBe(`${BASE}/v1beta/models/gemini-2.0-flash:generateContent`);
    expect(plain.headers).toEqual({ 'content-type': 'application/json', 'x-goog-api-key': 'AIza-secret' });
    expect(plain.url).not.toContain('AIza');
    const streamed = await build('gemini-2.0-flash', testOptions(), {}, true);
    expect(streamed.url).toBe(`${BASE}/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse`);
    expect(GEMINI_ADAPTER.protocolOf(testSelection({ type: ChannelType.Gemini }, 'k', 'any'))).toBe('gemini');
  });

  it('takes the version from the channel, else from gemini.version_settings by model', async () => {
    expect((await build('gemini-1.0-pro')).url).toBe(`${BASE}/v1/models/gemini-1.0-pro:generateContent`);
    const options = testOptions({ 'gemini.version_settings': '{"default":"v1alpha"}' });
    expect((await build('gemini-2.0-flash', options)).url).toContain('/v1alpha/models/');
    expect((await build('gemini-1.0-pro', testOptions(), { other: 'v1beta' })).url).toContain(
      '/v1beta/models/',
    );
  });

  it('sends gemini.safety_settings for every category when the caller sent none, and keeps the caller’s', async () => {
    const { json } = await build('gemini-2.0-flash');
    expect(json.safetySettings).toEqual([
      { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_CIVIC_INTEGRITY', threshold: 'BLOCK_NONE' },
    ]);
    const own = [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_LOW_AND_ABOVE' }];
    const kept = await build('gemini-2.0-flash', testOptions(), {}, false, { ...BODY, safetySettings: own });
    expect(kept.json.safetySettings).toEqual(own);
    expect(kept.json.contents).toEqual(BODY.contents);
  });

  it('serves -thinking-<budget>, -thinking and -nothinking names from the base model when the adapter is on', async () => {
    const budgeted = await build('gemini-2.5-flash-thinking-2048', thinkingOn());
    expect(budgeted.url).toBe(`${BASE}/v1beta/models/gemini-2.5-flash:generateContent`);
    expect(budgeted.json.generationConfig).toEqual({
      maxOutputTokens: 1000,
      thinkingConfig: { thinkingBudget: 2048, includeThoughts: true },
    });
    const share = await build('gemini-2.5-flash-preview-05-20-thinking', thinkingOn());
    expect(share.url).toContain('/models/gemini-2.5-flash-preview-05-20:');
    // 0.6 (the default share) of maxOutputTokens, for a model listed in models_supported_thinking_budget.
    expect(share.json.generationConfig?.thinkingConfig).toEqual({
      thinkingBudget: 600,
      includeThoughts: true,
    });
    const unlisted = await build('gemini-2.5-flash-thinking', thinkingOn());
    expect(unlisted.json.generationConfig?.thinkingConfig).toEqual({ includeThoughts: true });
    const off = await build('gemini-2.5-flash-nothinking', thinkingOn());
    expect(off.url).toContain('/models/gemini-2.5-flash:');
    expect(off.json.generationConfig?.thinkingConfig).toEqual({ thinkingBudget: 0 });
    const pro = await build('gemini-2.5-pro-thinking-50', thinkingOn());
    expect(pro.json.generationConfig?.thinkingConfig?.thinkingBudget).toBe(128);
  });

  it('leaves suffixed names alone while the thinking adapter is off', async () => {
    const built = await build('gemini-2.5-flash-thinking');
    expect(built.url).toContain('/models/gemini-2.5-flash-thinking:');
    expect(built.json.generationConfig).toEqual({ maxOutputTokens: 1000 });
  });

  it('asks image models for text and image output', async () => {
    const { json } = await build('gemini-2.0-flash-exp');
    expect(json.generationConfig?.responseModalities).toEqual(['TEXT', 'IMAGE']);
    expect((await build('gemini-2.0-flash')).json.generationConfig?.responseModalities).toBeUndefined();
  });

  it('applies header_override with the key and param_override last', async () => {
    const built = await build('gemini-2.0-flash', testOptions(), {
      headerOverride: '{"X-Goog-User-Project":"p1","X-Copy":"k={api_key}"}',
      paramOverride: '{"generationConfig":{"temperature":0},"cachedContent":"cachedContents/1"}',
    });
    expect(built.headers).toMatchObject({ 'x-goog-user-project': 'p1', 'x-copy': 'k=AIza-secret' });
    expect(built.json.generationConfig).toEqual({ temperature: 0 });
    expect(built.json.cachedContent).toBe('cachedContents/1');
  });

  it('lists models without the models/ prefix', () => {
    const list = GEMINI_ADAPTER.listModels?.({ type: 24, baseUrl: BASE, key: 'AIza-secret', other: '' });
    expect(list).toMatchObject({
      method: 'GET',
      url: `${BASE}/v1beta/models?pageSize=1000`,
      headers: { 'x-goog-api-key': 'AIza-secret' },
    });
    expect(
      list?.parse({ models: [{ name: 'models/gemini-2.0-flash' }, { name: 'models/embedding-001' }, {}] }),
    ).toEqual(['gemini-2.0-flash', 'embedding-001']);
    expect(list?.parse({ error: {} })).toEqual([]);
  });
});
