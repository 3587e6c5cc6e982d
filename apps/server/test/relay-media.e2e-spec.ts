import { countTokens } from 'gpt-tokenizer';
import OpenAI, { APIError, InternalServerError, toFile } from 'openai';
import { type RelayFixture, startRelayFixture } from './support/relay-fixtures';
import { BACKENDS } from './support/test-app';

const UPSTREAM_KEY = 'sk-upstream-media-5d1e';
const GROUP_RATIO = 1.5;
const QUOTA_PER_UNIT = 500_000;
// dall-e-3 keeps its seeded ModelPrice 0.04; the others are priced by these ratios.
const RATIOS = {
  'dall-e': 16,
  'tts-1': 7.5,
  'whisper-1': 15,
  'whisper-alias': 15,
  'text-moderation-stable': 0.1,
  'gpt-4o-mini': 0.075,
  'cached-model': 1,
};

describe.each(BACKENDS)('relay: images, audio, moderations, responses, unrelayed paths (%s)', (backend) => {
  let f: RelayFixture;
  let openai: OpenAI;
  const addChannel = (fields: Record<string, unknown>) => f.addChannel({ key: UPSTREAM_KEY, ...fields });

  beforeAll(async () => {
    f = await startRelayFixture(backend);
    await f.setOption('ModelRatio', JSON.stringify(RATIOS));
    await f.setOption('CompletionRatio', JSON.stringify({ 'gpt-4o-mini': 4, 'cached-model': 2 }));
    await f.setOption('CacheRatio', JSON.stringify({ 'gpt-4o-mini': 0.5, 'cached-model': 0.5 }));
    await f.setOption('GroupRatio', JSON.stringify({ default: GROUP_RATIO }));
    await addChannel({
      name: 'media',
      models: 'dall-e,dall-e-3,tts-1,whisper-1,text-moderation-stable,gpt-4o-mini',
    });
    await addChannel({
      name: 'alias',
      models: 'whisper-alias',
      model_mapping: '{"whisper-alias":"whisper-1"}',
    });
    await addChannel({
      name: 'cached',
      models: 'cached-model',
      header_override: JSON.stringify({ 'x-mock-cached-tokens': '4' }),
    });
    openai = f.openai(await f.newToken());
  });
  afterAll(() => f.close());

  const balance = () => f.aliceQuota();
  const logOf = (requestId: string | null) => f.logOf(requestId ?? '');
  const lastSeen = () => f.mock.requests().at(-1);

  it('generates images billed per image: price × size × quality × n × group ratio', async () => {
    const before = await balance();
    const { data: answer, response } = await openai.images
      .generate({ model: 'dall-e-3', prompt: 'a red fox', n: 2, size: '1792x1024', quality: 'hd' })
      .withResponse();
    expect(answer.data).toHaveLength(2);
    expect(lastSeen()?.body).toMatchObject({ model: 'dall-e-3', n: 2, size: '1792x1024', quality: 'hd' });
    // 0.04 US$ × size 2 × hd-on-large 1.5 × n 2 × group 1.5
    const expected = Math.round(0.04 * 2 * 1.5 * 2 * GROUP_RATIO * QUOTA_PER_UNIT);
    const row = await logOf(response.headers.get('x-request-id'));
    expect(row).toMatchObject({ modelName: 'dall-e-3', quota: expected, isStream: false });
    expect(row.other).toMatchObject({
      model_price: 0.24,
      group_ratio: GROUP_RATIO,
      request_path: '/v1/images/generations',
    });
    expect(before - (await balance())).toBe(expected);
  });

  it('defaults images to model dall-e, priced at 0.0025 × ModelRatio per image', async () => {
    const { response } = await openai.images
      .generate({ prompt: 'a small fox', size: '256x256' })
      .withResponse();
    expect(lastSeen()?.body).toMatchObject({ model: 'dall-e', prompt: 'a small fox' });
    const row = await logOf(response.headers.get('x-request-id'));
    // 0.0025 × 16 × size 0.4 × n 1 × group 1.5 × 500000
    expect(row.quota).toBe(Math.round(0.0025 * 16 * 0.4 * GROUP_RATIO * QUOTA_PER_UNIT));
  });

  it('streams speech audio through with its content type, billed by the characters of the input', async () => {
    const input = 'Hello, wörld!';
    const { data: speech, response } = await openai.audio.speech
      .create({ model: 'tts-1', voice: 'alloy', input, response_format: 'wav' })
      .withResponse();
    expect(speech.headers.get('content-type')).toBe('audio/wav');
    // The mock answers 1024 + 2 × characters bytes starting with an MPEG frame sync.
    const expected = Buffer.alloc(1024 + 2 * input.length);
    expected[0] = 0xff;
    expected[1] = 0xfb;
    expect(Buffer.from(await speech.arrayBuffer()).equals(expected)).toBe(true);
    const row = await logOf(response.headers.get('x-request-id'));
    expect(row).toMatchObject({ promptTokens: 13, completionTokens: 0 });
    expect(row.quota).toBe(Math.round(13 * 7.5 * GROUP_RATIO));
  });

  it('uploads a transcription with the mapped model, billed by the reported duration', async () => {
    const file = await toFile(Buffer.alloc(40_000, 1), 'clip.mp3', { type: 'audio/mpeg' });
    const { data: answer, response } = await openai.audio.transcriptions
      .create({ file, model: 'whisper-alias', language: 'en' })
      .withResponse();
    expect(answer.text).toBe('mock transcription of clip.mp3 (40000 bytes)');
    expect(lastSeen()?.body).toEqual({
      fields: { model: 'whisper-1', language: 'en' },
      files: [{ field: 'file', filename: 'clip.mp3', contentType: 'audio/mpeg', size: 40_000 }],
    });
    const row = await logOf(response.headers.get('x-request-id'));
    // 40000 bytes = 3 s at the mock's 16000 B/s; 3/60 × 1000 = 50 tokens at ratio 15
    expect(row).toMatchObject({ modelName: 'whisper-alias', promptTokens: 50, completionTokens: 0 });
    expect(row.quota).toBe(Math.round(50 * 15 * GROUP_RATIO));
    expect(row.other).toMatchObject({ is_model_mapped: true, upstream_model_name: 'whisper-1' });
  });

  it('passes a plain-text transcript through as text, billed by its tokens; translations alike', async () => {
    const file = await toFile(Buffer.alloc(100), 'note.wav', { type: 'audio/wav' });
    const { data: text, response } = await openai.audio.transcriptions
      .create({ file, model: 'whisper-1', response_format: 'text' })
      .withResponse();
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(text).toBe('mock transcription of note.wav (100 bytes)');
    const row = await logOf(response.headers.get('x-request-id'));
    expect(row.completionTokens).toBe(countTokens(text));
    const translated = await openai.audio.translations.create({ file, model: 'whisper-1' });
    expect(translated.text).toBe('mock transcription of note.wav (100 bytes)');
    expect(lastSeen()?.path).toBe('/v1/audio/translations');
  });

  it('refuses a JSON body on the upload route with 400 invalid_text_request', async () => {
    const key = await f.newToken();
    const response = await f.t
      .http()
      .post('/v1/audio/transcriptions')
      .set('Authorization', `Bearer ${key}`)
      .send({ model: 'whisper-1' });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'invalid_text_request' });
  });

  it('moderates with the default model, billed by the counted input tokens', async () => {
    const input = 'I will kill the process now';
    const { data: answer, response } = await openai.moderations.create({ input }).withResponse();
    expect(answer.results[0]).toMatchObject({ flagged: true, categories: { violence: true } });
    expect(lastSeen()?.body).toMatchObject({ model: 'text-moderation-stable' });
    const row = await logOf(response.headers.get('x-request-id'));
    expect(row.promptTokens).toBe(countTokens(input));
    expect(row.quota).toBe(Math.max(1, Math.round(countTokens(input) * 0.1 * GROUP_RATIO)));
  });

  it('answers the Responses API with the upstream usage billed', async () => {
    const { data: answer, response } = await openai.responses
      .create({ model: 'gpt-4o-mini', input: 'hello there' })
      .withResponse();
    expect(answer.output_text).toBe('echo: hello there');
    expect(answer.usage).toMatchObject({ input_tokens: 8, output_tokens: 3 });
    const row = await logOf(response.headers.get('x-request-id'));
    expect(row).toMatchObject({ promptTokens: 8, completionTokens: 3, isStream: false });
    expect(row.quota).toBe(Math.round((8 + 3 * 4) * 0.075 * GROUP_RATIO));
  });

  it('streams the Responses API untouched and bills the usage of response.completed', async () => {
    const { data: stream, response } = await openai.responses
      .create({ model: 'cached-model', input: 'one two three', stream: true })
      .withResponse();
    let text = '';
    const types: string[] = [];
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.output_text.delta') text += event.delta;
    }
    expect(text).toBe('echo: one two three');
    expect(types.at(-1)).toBe('response.completed');
    expect(lastSeen()?.body).toEqual({ model: 'cached-model', input: 'one two three', stream: true });
    const row = await logOf(response.headers.get('x-request-id'));
    // mock usage: input 3 + (3 + 3) = 9 of which 4 cached (header override), output 4 words
    expect(row).toMatchObject({ promptTokens: 9, completionTokens: 4, isStream: true });
    expect(row.other).toMatchObject({ cache_tokens: 4, cache_ratio: 0.5 });
    expect(row.quota).toBe(Math.round((5 + 4 * 0.5 + 4 * 2) * GROUP_RATIO));
  });

  it('answers 501 api_not_implemented for files, fine-tunes, image variations and model deletion', async () => {
    const failure = async (call: Promise<unknown>) =>
      call.then(
        () => null,
        (error: unknown) => error,
      );
    const files = await failure(openai.files.list());
    expect(files).toBeInstanceOf(InternalServerError);
    expect((files as APIError).status).toBe(501);
    expect((files as APIError).code).toBe('api_not_implemented');
    const key = await f.newToken();
    for (const [method, path] of [
      ['get', '/v1/files/file-abc/content'],
      ['post', '/v1/fine-tunes'],
      ['get', '/v1/fine-tunes/ft-1/events'],
      ['post', '/v1/images/variations'],
      ['delete', '/v1/models/gpt-4o-mini'],
    ] as const) {
      const response = await f.t.http()[method](path).set('Authorization', `Bearer ${key}`);
      expect({ path, status: response.status, code: response.body.error?.code }).toEqual({
        path,
        status: 501,
        code: 'api_not_implemented',
      });
    }
  });

  it('answers 404 invalid_request_error for a relay path it does not know', async () => {
    const response = await f.t.http().post('/v1/audio/unknown').set('Accept-Language', 'en').send({});
    expect(response.status).toBe(404);
    expect(response.body.error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_url' });
    expect(response.body.error.message).toContain('Invalid URL (POST /v1/audio/unknown)');
  });
});
