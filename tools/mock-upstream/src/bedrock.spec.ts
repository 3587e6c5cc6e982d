import { EventStreamDecoder } from './event-stream';
import { startMockUpstream, type MockUpstream } from './server';
import { signRequest, type SigningParams } from './sigv4';

let mock: MockUpstream;
const CREDENTIALS = { accessKeyId: 'AKIAMOCK', secretAccessKey: 'mock/secret+key' };
const MODEL_ID = 'anthropic.claude-3-5-sonnet-20240620-v1:0';
const BODY = {
  anthropic_version: 'bedrock-2023-05-31',
  max_tokens: 50,
  system: 'Be brief.',
  messages: [{ role: 'user', content: 'say hello world' }],
};

type Overrides = Partial<SigningParams> & { sendBody?: string; dropHeaders?: string[] };

// Signs like an AWS client (the model id's ':' sent as %3A), then sends; overrides tamper with either side.
async function call(body: unknown = BODY, action = 'invoke', modelId = MODEL_ID, overrides: Overrides = {}) {
  const url = `${mock.url}/model/${encodeURIComponent(modelId)}/${action}`;
  const json = JSON.stringify(body);
  const headers = signRequest({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    body: json,
    ...CREDENTIALS,
    region: 'eu-west-3',
    service: 'bedrock',
    ...overrides,
  });
  delete headers.host; // fetch sends it itself
  for (const name of overrides.dropHeaders ?? []) delete headers[name];
  return fetch(url, { method: 'POST', headers, body: overrides.sendBody ?? json });
}

interface BedrockEvent {
  type: string;
  message?: { usage?: unknown };
  delta?: { text?: string };
  usage?: unknown;
  'amazon-bedrock-invocationMetrics'?: unknown;
}

async function streamEvents(res: Response): Promise<BedrockEvent[]> {
  const decoder = new EventStreamDecoder();
  const messages = decoder.push(Buffer.from(await res.arrayBuffer()));
  decoder.finish();
  return messages.map((m) => {
    expect(m.headers).toEqual({
      ':event-type': 'chunk',
      ':content-type': 'application/json',
      ':message-type': 'event',
    });
    const payload = JSON.parse(m.payload.toString()) as { bytes: string; p: unknown };
    expect(typeof payload.p).toBe('string');
    return JSON.parse(Buffer.from(payload.bytes, 'base64').toString()) as BedrockEvent;
  });
}

beforeAll(async () => {
  mock = await startMockUpstream({ bedrockCredentials: [CREDENTIALS] });
});
beforeEach(() => mock.reset());
afterAll(() => mock.close());

describe('POST /model/{modelId}/invoke', () => {
  it('answers an Anthropic message for a correctly signed request, token counts in headers', async () => {
    const res = await call();
    expect(res.status).toBe(200);
    expect(res.headers.get('x-amzn-bedrock-input-token-count')).toBe('5');
    expect(res.headers.get('x-amzn-bedrock-output-token-count')).toBe('4');
    expect(await res.json()).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: MODEL_ID,
      content: [{ type: 'text', text: 'echo: say hello world' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 5, output_tokens: 4 },
    });
    const [seen] = mock.requests();
    expect(seen.path).toBe('/model/anthropic.claude-3-5-sonnet-20240620-v1%3A0/invoke');
    expect(seen.headers.authorization).toContain('/eu-west-3/bedrock/aws4_request');
  });

  it('accepts a request without x-amz-content-sha256', async () => {
    expect((await call(BODY, 'invoke', MODEL_ID, { contentSha256Header: false })).status).toBe(200);
  });

  it.each([
    [
      'a wrong secret',
      { secretAccessKey: 'nope' },
      403,
      'InvalidSignatureException',
      /signature we calculated does not match/,
    ],
    [
      'an unknown access key',
      { accessKeyId: 'AKIAOTHER' },
      403,
      'UnrecognizedClientException',
      /security token/,
    ],
    [
      'another service',
      { service: 'sagemaker' },
      403,
      'InvalidSignatureException',
      /scoped to correct service/,
    ],
    [
      'a date 20 minutes old',
      { date: new Date(Date.now() - 20 * 60_000) },
      403,
      'InvalidSignatureException',
      /Signature expired/,
    ],
    [
      'a body changed after signing',
      { sendBody: JSON.stringify({ ...BODY, max_tokens: 5 }) },
      400,
      'ValidationException',
      /x-amz-content-sha256/,
    ],
    [
      'a body changed after unsigned-header signing',
      { contentSha256Header: false, sendBody: JSON.stringify({ ...BODY, max_tokens: 5 }) },
      403,
      'InvalidSignatureException',
      /does not match/,
    ],
    [
      'no Authorization header',
      { dropHeaders: ['authorization'] },
      403,
      'MissingAuthenticationTokenException',
      /Missing Authentication Token/,
    ],
  ])('refuses %s', async (_, overrides, status, exception, message) => {
    const res = await call(BODY, 'invoke', MODEL_ID, overrides);
    expect(res.status).toBe(status);
    expect(res.headers.get('x-amzn-errortype')).toMatch(new RegExp(`^${exception}:`));
    expect((await res.json()).message).toMatch(message);
  });

  it.each([
    [
      { ...BODY, model: 'claude' },
      MODEL_ID,
      'Malformed input request: #: extraneous key [model] is not permitted, please reformat your input and try again.',
    ],
    [
      { ...BODY, anthropic_version: undefined },
      MODEL_ID,
      'Malformed input request: #: required key [anthropic_version] not found, please reformat your input and try again.',
    ],
    [
      { ...BODY, max_tokens: undefined },
      MODEL_ID,
      'Malformed input request: max_tokens: Field required, please reformat your input and try again.',
    ],
    [BODY, 'amazon.titan-text-express-v1', 'The provided model identifier is invalid.'],
  ])('refuses an invalid body or model with 400 ValidationException (%#)', async (body, modelId, message) => {
    const res = await call(body, 'invoke', modelId);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
  });

  it('accepts cross-region inference profile ids', async () => {
    expect((await call(BODY, 'invoke', 'us.anthropic.claude-3-7-sonnet-20250219-v1:0')).status).toBe(200);
  });
});

describe('POST /model/{modelId}/invoke-with-response-stream', () => {
  it('streams Anthropic events (no ping) in event-stream frames, metrics on message_stop', async () => {
    const res = await call(BODY, 'invoke-with-response-stream');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.amazon.eventstream');
    const events = await streamEvents(res);
    expect(events.map((e) => e.type)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events[0].message?.usage).toMatchObject({ input_tokens: 5, output_tokens: 1 });
    expect(
      events
        .filter((e) => e.delta?.text)
        .map((e) => e.delta?.text)
        .join(''),
    ).toBe('echo: say hello world');
    expect(events[7].usage).toEqual({ output_tokens: 4 });
    expect(events[8]['amazon-bedrock-invocationMetrics']).toMatchObject({
      inputTokenCount: 5,
      outputTokenCount: 4,
    });
  });

  it('acts out behaviours: errors in Bedrock shape, cut streams, no usage', async () => {
    const limited = await call(BODY, 'invoke', 'mock-429');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-amzn-errortype')).toMatch(/^ThrottlingException:/);
    expect(await limited.json()).toEqual({ message: 'Too many requests, please wait before trying again.' });

    const cut = await call(BODY, 'invoke-with-response-stream', 'mock-cut-stream');
    const reader = cut.body!.getReader();
    const decoder = new EventStreamDecoder();
    const frames: unknown[] = [];
    await expect(
      (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          frames.push(...decoder.push(Buffer.from(value)));
        }
      })(),
    ).rejects.toThrow();
    expect(frames).toHaveLength(2);

    const bare = await streamEvents(await call(BODY, 'invoke-with-response-stream', 'mock-no-usage'));
    expect(bare[0].message?.usage).toBeUndefined();
    expect(bare.at(-1)).toEqual({ type: 'message_stop' });
  });
});
