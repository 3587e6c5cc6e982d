import { ChannelType } from '@tollgate/contracts';
import { upstreamError } from '../../upstream-request';
import { textOfAnswer, textOfStreamEvent, usageOfAnswer, usageOfStreamEvent } from './openai-usage';
import { testSelection } from '../adapter-testing';
import { MultipartUpload } from '../../requests/multipart';
import { OPENAI_ADAPTER } from './openai-adapter';

const selection = () =>
  testSelection(
    {
      type: ChannelType.OpenAI,
      baseUrl: 'http://upstream.test/',
      openaiOrganization: 'org-1',
      paramOverride: '{"temperature":0}',
      headerOverride: '{"X-Key-Copy":"key={api_key}"}',
    },
    'sk-secret-1',
    'gpt-real',
    true,
  );

describe('OPENAI_ADAPTER', () => {
  it('builds the upstream call: URL, bearer key, organization, header and param overrides, mapped model', () => {
    const built = OPENAI_ADAPTER.buildRequest({
      endpoint: '/v1/chat/completions',
      selection: selection(),
      body: { model: 'asked', messages: [], temperature: 1, stream: true },
      wantStreamUsage: true,
    });
    expect(built.url).toBe('http://upstream.test/v1/chat/completions');
    expect(built.headers).toMatchObject({
      authorization: 'Bearer sk-secret-1',
      'openai-organization': 'org-1',
      'x-key-copy': 'key=sk-secret-1',
    });
    expect(JSON.parse(built.body as string)).toEqual({
      model: 'gpt-real',
      messages: [],
      temperature: 0,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('asks for stream usage on chat and completions only: the Responses API refuses stream_options', () => {
    const built = OPENAI_ADAPTER.buildRequest({
      endpoint: '/v1/responses',
      selection: selection(),
      body: { model: 'asked', input: 'hi', stream: true },
      wantStreamUsage: true,
    });
    expect(built.url).toBe('http://upstream.test/v1/responses');
    expect(JSON.parse(built.body as string)).toEqual({
      model: 'gpt-real',
      input: 'hi',
      stream: true,
      temperature: 0,
    });
  });

  it('re-encodes a multipart upload with the mapped model and scalar overrides, keeping the file', async () => {
    const form = new FormData();
    form.append('model', 'asked');
    form.append('file', new Blob([Buffer.from('RIFF-audio')], { type: 'audio/wav' }), 'clip.wav');
    form.append('language', 'en');
    const raw = new Response(form);
    const upload = await MultipartUpload.parse(
      Buffer.from(await raw.arrayBuffer()),
      raw.headers.get('content-type') ?? '',
    );
    const built = OPENAI_ADAPTER.buildRequest({
      endpoint: '/v1/audio/transcriptions',
      selection: selection(),
      body: upload?.fields() ?? {},
      upload,
      wantStreamUsage: false,
    });
    expect(built.url).toBe('http://upstream.test/v1/audio/transcriptions');
    expect(built.headers.authorization).toBe('Bearer sk-secret-1');
    const sent = await new Response(built.body, {
      headers: { 'content-type': built.headers['content-type'] },
    }).formData();
    expect([...sent.keys()]).toEqual(['model', 'file', 'language', 'temperature']);
    expect(sent.get('model')).toBe('gpt-real');
    expect(sent.get('temperature')).toBe('0');
    const file = sent.get('file') as File;
    expect(file.name).toBe('clip.wav');
    expect(file.type).toBe('audio/wav');
    expect(Buffer.from(await file.arrayBuffer()).toString()).toBe('RIFF-audio');
  });

  it('reads usage with cached tokens', () => {
    const usage = { prompt_tokens: 10, completion_tokens: 2, prompt_tokens_details: { cached_tokens: 4 } };
    expect(usageOfAnswer({ usage })).toEqual({
      promptTokens: 10,
      completionTokens: 2,
      cachedTokens: 4,
    });
    expect(usageOfAnswer({ choices: [] })).toBeNull();
  });

  it('reads Responses usage from a whole answer and from the response.completed event only', () => {
    const usage = { input_tokens: 12, output_tokens: 5, input_tokens_details: { cached_tokens: 2 } };
    const expected = { promptTokens: 12, completionTokens: 5, cachedTokens: 2 };
    expect(usageOfAnswer({ object: 'response', usage })).toEqual(expected);
    expect(usageOfStreamEvent({ type: 'response.created', response: { usage: null } })).toBeNull();
    expect(usageOfStreamEvent({ type: 'response.completed', response: { usage } })).toEqual(expected);
  });

  it('reads Responses text from output_text parts and from text deltas, not from the done events', () => {
    const output = [
      { type: 'reasoning', summary: [] },
      {
        type: 'message',
        content: [
          { type: 'output_text', text: 'echo: hi' },
          { type: 'refusal', refusal: 'x' },
        ],
      },
    ];
    expect(textOfAnswer({ object: 'response', output })).toBe('echo: hi');
    expect(textOfStreamEvent({ type: 'response.output_text.delta', delta: ' hi' })).toBe(' hi');
    expect(textOfStreamEvent({ type: 'response.output_text.done', text: 'echo: hi' })).toBe('');
  });

  it('bills transcriptions by reported tokens, else by duration (ceil(seconds)/60×1000 tokens)', () => {
    const tokens = { type: 'tokens', input_tokens: 40, output_tokens: 9, total_tokens: 49 };
    expect(usageOfAnswer({ text: 'x', usage: tokens })).toEqual({
      promptTokens: 40,
      completionTokens: 9,
    });
    // 2.2 s starts 3 seconds: 3/60 × 1000 = 50 tokens.
    const duration = { text: 'x', usage: { type: 'duration', seconds: 2.2 } };
    expect(usageOfAnswer(duration)).toEqual({ promptTokens: 50, completionTokens: 0 });
    // verbose_json without a usage block: its duration; 1 s = 16.67, rounded up to 17.
    expect(usageOfAnswer({ task: 'transcribe', duration: 1, text: 'x' })).toEqual({
      promptTokens: 17,
      completionTokens: 0,
    });
    expect(usageOfAnswer({ text: 'x' })).toBeNull();
    expect(textOfAnswer({ text: 'the transcript' })).toBe('the transcript');
  });

  it('passes an OpenAI error through without the keys, and shapes any other body as upstream_error', () => {
    const openAi = JSON.stringify({
      error: { message: 'bad key sk-secret-1', type: 'x', code: 'invalid_api_key' },
    });
    expect(upstreamError('openai', 401, openAi, ['sk-secret-1']).error).toEqual({
      message: 'bad key ***',
      type: 'x',
      param: null,
      code: 'invalid_api_key',
    });
    expect(upstreamError('openai', 502, '{"msg":"gateway down"}', []).error).toEqual({
      message: 'gateway down',
      type: 'upstream_error',
      param: '502',
      code: 'bad_response_status_code',
    });
    expect(upstreamError('openai', 500, '<html>', []).error.message).toBe('bad response status code 500');
  });
});
