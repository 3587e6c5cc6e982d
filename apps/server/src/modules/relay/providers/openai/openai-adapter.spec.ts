import { ChannelType } from '@tollgate/contracts';
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
});
