import { AppError } from '../../../common/errors/app-error';
import { parseRelayRequest } from './relay-request';
import { MultipartUpload } from './multipart';

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return `${error.code}: ${String(error.params.detail)}`;
    throw error;
  }
  throw new Error('accepted');
}

async function upload(fields: Record<string, string>, withFile: boolean): Promise<MultipartUpload> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (withFile) form.append('file', new Blob([Buffer.from('abc')]), 'a.mp3');
  const response = new Response(form);
  const parsed = await MultipartUpload.parse(
    Buffer.from(await response.arrayBuffer()),
    response.headers.get('content-type') ?? '',
  );
  if (!parsed) throw new Error('not multipart');
  return parsed;
}

describe('parseRelayRequest', () => {
  it('fills the reference §1.1 default models into the body sent upstream', async () => {
    expect(parseRelayRequest('/v1/moderations', { input: 'x' }).body.model).toBe('text-moderation-stable');
    expect(parseRelayRequest('/v1/images/generations', { prompt: 'x' }).model).toBe('dall-e');
    expect(parseRelayRequest('/v1/audio/speech', { input: 'x' }).model).toBe('tts-1');
    const transcription = parseRelayRequest('/v1/audio/transcriptions', await upload({}, true));
    expect(transcription.model).toBe('whisper-1');
    expect(refusal(() => parseRelayRequest('/v1/responses', { input: 'x' }))).toBe(
      'invalid_text_request: model is required',
    );
  });

  it('reads an image order with OpenAI defaults and refuses a bad n', () => {
    const request = parseRelayRequest('/v1/images/generations', { model: 'dall-e-3', prompt: 'a cat', n: 2 });
    expect(request.imageOrder).toEqual({ model: 'dall-e-3', n: 2, size: '1024x1024', quality: 'standard' });
    expect(request.answer).toBe('json');
    for (const n of [0, 11, 2 ** 40])
      expect(refusal(() => parseRelayRequest('/v1/images/generations', { prompt: 'x', n }))).toBe(
        'invalid_text_request: n must be an integer from 1 to 10',
      );
  });

  it('counts speech by characters, generates nothing, and passes the audio through unread', () => {
    const request = parseRelayRequest('/v1/audio/speech', { input: 'héllo 🌍', stream: true });
    expect(request).toMatchObject({ promptTokens: 7, maxTokens: 0, answer: 'bytes', stream: false });
  });

  it('streams Responses, capped by max_output_tokens, counting instructions and input items', () => {
    const request = parseRelayRequest('/v1/responses', {
      model: 'gpt-4o-mini',
      instructions: 'be brief',
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'hello there' }] }],
      stream: true,
      max_output_tokens: 50,
    });
    // 3 primer + (3 + 2) + (3 + 2)
    expect(request).toMatchObject({ answer: 'sse', stream: true, maxTokens: 50, promptTokens: 13 });
  });

  it('wants a multipart upload with a file for transcriptions', async () => {
    expect(refusal(() => parseRelayRequest('/v1/audio/transcriptions', { model: 'whisper-1' }))).toBe(
      'invalid_text_request: the body must be multipart/form-data',
    );
    const noFile = await upload({ model: 'whisper-1' }, false);
    expect(refusal(() => parseRelayRequest('/v1/audio/translations', noFile))).toBe(
      'invalid_text_request: file is required',
    );
    const request = parseRelayRequest(
      '/v1/audio/transcriptions',
      await upload({ model: 'w', stream: 'true' }, true),
    );
    expect(request).toMatchObject({ model: 'w', answer: 'transcript', stream: false, promptTokens: 0 });
    expect(request.upload).not.toBeNull();
  });
});
