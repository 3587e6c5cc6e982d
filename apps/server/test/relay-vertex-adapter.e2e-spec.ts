import { type MockUpstream, parseSse, startMockUpstream } from '@tollgate/mock-upstream';
import { request } from 'undici';
import { type Json } from '../src/modules/relay/protocols/protocol';
import { GEMINI_CODEC } from '../src/modules/relay/protocols/gemini/gemini-codec';
import { testOptions, testSelection } from '../src/modules/relay/providers/adapter-testing';
import { type BuiltRequest } from '../src/modules/relay/providers/provider';
import { type UpstreamAdapter } from '../src/modules/relay/providers/upstream-adapter';
import { AccessTokenCache } from '../src/modules/relay/providers/vertex/access-tokens';
import { createVertexAdapter } from '../src/modules/relay/providers/vertex/vertex-adapter';
import {
  type TestServiceAccount,
  testServiceAccount,
} from '../src/modules/relay/providers/vertex/vertex-testing';
import { UpstreamFailure } from '../src/modules/relay/providers/upstream-failure';

const GEMINI_BODY = { contents: [{ role: 'user', parts: [{ text: 'Say hello' }] }] };
const CLAUDE_BODY = {
  model: 'claude-3-5-sonnet-20240620',
  max_tokens: 50,
  messages: [{ role: 'user', content: 'Say hello' }],
};

const EMAIL = 'relay@proj-1.iam.gserviceaccount.com';

const registered = (account: TestServiceAccount) => ({
  clientEmail: EMAIL,
  publicKeyPem: account.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  projectId: 'proj-1',
});

/** The key file with its token_uri pointed at a mock. */
const keyFor = (account: TestServiceAccount, mock: MockUpstream): string =>
  JSON.stringify({ ...JSON.parse(account.key), token_uri: `${mock.url}/token` });

// The Vertex adapter against the mock's token endpoint and Vertex routes over real HTTP: the JWT it signs
// is accepted, the token it caches opens the model routes, and failures never show the key.
describe('Vertex adapter against the mock Vertex AI', () => {
  const account = testServiceAccount('https://oauth2.googleapis.com/token', EMAIL);
  let mock: MockUpstream;
  let key: string;

  beforeAll(async () => {
    mock = await startMockUpstream({ vertexServiceAccounts: [registered(account)] });
    key = keyFor(account, mock);
  });
  afterAll(() => mock.close());
  beforeEach(() => mock.reset());

  const build = async (
    adapter: UpstreamAdapter,
    model: string,
    body: Json,
    stream = false,
    channelKey = key,
  ) =>
    adapter.buildChat({
      selection: testSelection({ type: 41, baseUrl: mock.url, other: 'us-east5' }, channelKey, model),
      body,
      stream,
      options: testOptions(),
    });

  async function send(built: BuiltRequest) {
    const answer = await request(built.url, { method: 'POST', headers: built.headers, body: built.body });
    return { status: answer.statusCode, text: await answer.body.text() };
  }

  const tokenRequests = (): number => mock.requests().filter((recorded) => recorded.path === '/token').length;

  it('shares one token fetch between ten concurrent calls, and the token opens generateContent', async () => {
    const adapter = createVertexAdapter(new AccessTokenCache());
    const built = await Promise.all(
      Array.from({ length: 10 }, () => build(adapter, 'gemini-2.0-flash', GEMINI_BODY)),
    );
    expect(tokenRequests()).toBe(1);
    expect(new Set(built.map((one) => one.headers.authorization)).size).toBe(1);
    expect(built[0].headers.authorization).toMatch(/^Bearer ya29\./);
    const answer = await send(built[0]);
    expect(answer.status).toBe(200);
    expect(mock.requests().at(-1)?.path).toBe(
      '/v1/projects/proj-1/locations/us-east5/publishers/google/models/gemini-2.0-flash:generateContent',
    );
    const json = JSON.parse(answer.text) as Json;
    expect(GEMINI_CODEC.usageOfAnswer(json)?.promptTokens).toBeGreaterThan(0);
    expect(GEMINI_CODEC.textOfAnswer(json)).not.toBe('');
  });

  it('streams Gemini over SSE with the same token', async () => {
    const adapter = createVertexAdapter(new AccessTokenCache());
    const answer = await send(await build(adapter, 'gemini-2.0-flash', GEMINI_BODY, true));
    expect(answer.status).toBe(200);
    const meter = GEMINI_CODEC.streamMeter();
    for (const event of parseSse(answer.text)) meter.observe({ data: JSON.parse(event.data) });
    expect(meter.usage?.completionTokens).toBeGreaterThan(0);
  });

  it('sends Claude models to rawPredict and streamRawPredict in Anthropic’s shape', async () => {
    const adapter = createVertexAdapter(new AccessTokenCache());
    const whole = await send(await build(adapter, 'claude-3-5-sonnet-20240620', CLAUDE_BODY));
    expect(whole.status).toBe(200);
    expect(JSON.parse(whole.text)).toMatchObject({ type: 'message', role: 'assistant' });
    expect(mock.requests().at(-1)?.path).toBe(
      '/v1/projects/proj-1/locations/us-east5/publishers/anthropic/models/claude-3-5-sonnet@20240620:rawPredict',
    );
    const streamed = await send(await build(adapter, 'claude-3-5-sonnet-20240620', CLAUDE_BODY, true));
    expect(streamed.status).toBe(200);
    const names = parseSse(streamed.text).map((event) => event.event);
    expect(names[0]).toBe('message_start');
    expect(names).toContain('message_stop');
  });

  it('fetches a new token once the cached one is within five minutes of expiring', async () => {
    const shortLived = await startMockUpstream({
      vertexTokenTtlSeconds: 301,
      vertexServiceAccounts: [registered(account)],
    });
    try {
      const shortKey = keyFor(account, shortLived);
      const adapter = createVertexAdapter(new AccessTokenCache());
      const call = () =>
        adapter.buildChat({
          selection: testSelection(
            { type: 41, baseUrl: shortLived.url, other: 'global' },
            shortKey,
            'gemini-2.0-flash',
          ),
          body: GEMINI_BODY,
          stream: false,
          options: testOptions(),
        });
      const first = await call();
      expect((await call()).headers.authorization).toBe(first.headers.authorization);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const renewed = await call();
      expect(renewed.headers.authorization).not.toBe(first.headers.authorization);
      expect(shortLived.requests().filter((recorded) => recorded.path === '/token')).toHaveLength(2);
      const answer = await request(renewed.url, {
        method: 'POST',
        headers: renewed.headers,
        body: renewed.body,
      });
      expect(answer.statusCode).toBe(200);
      await answer.body.dump();
    } finally {
      await shortLived.close();
    }
  });

  it('reports a refused or broken key as a 401 channel failure that quotes neither key nor assertion', async () => {
    const adapter = createVertexAdapter(new AccessTokenCache());
    const stranger = testServiceAccount(`${mock.url}/token`, 'stranger@proj-1.iam.gserviceaccount.com');
    const refused = await build(adapter, 'gemini-2.0-flash', GEMINI_BODY, false, stranger.key).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(UpstreamFailure);
    const failure = refused as UpstreamFailure;
    expect(failure.status).toBe(401);
    expect(failure.retryable).toBe(true);
    expect(failure.body.error.message).toBe(
      'Vertex AI authentication failed: token endpoint answered 400: invalid_grant Invalid grant: account not found',
    );
    const privateKeyLine = stranger.privateKeyPem.split('\n')[1];
    const broken = await build(
      adapter,
      'gemini-2.0-flash',
      GEMINI_BODY,
      false,
      stranger.key.slice(0, -2),
    ).catch((error: unknown) => error);
    for (const error of [refused, broken] as UpstreamFailure[]) {
      expect(JSON.stringify(error.body)).not.toContain(privateKeyLine);
      expect(error.message).not.toContain('eyJ');
    }
    expect((broken as UpstreamFailure).body.error.message).toBe(
      'Vertex AI authentication failed: the key is not service-account JSON',
    );
  });

  it('reports an unreachable token endpoint as a retryable 500', async () => {
    const adapter = createVertexAdapter(new AccessTokenCache());
    const unreachable = JSON.stringify({ ...JSON.parse(account.key), token_uri: 'http://127.0.0.1:9/token' });
    const failure = await build(adapter, 'gemini-2.0-flash', GEMINI_BODY, false, unreachable).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(UpstreamFailure);
    expect((failure as UpstreamFailure).status).toBe(500);
    expect((failure as UpstreamFailure).retryable).toBe(true);
    expect((failure as UpstreamFailure).body.error.message).toBe(
      'Vertex AI authentication failed: token endpoint unreachable',
    );
  });
});
