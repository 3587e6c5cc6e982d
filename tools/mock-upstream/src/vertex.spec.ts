import { generateKeyPairSync } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { signRs256Jwt } from './jwt';
import { startMockUpstream, type MockUpstream } from './server';
import { parseSse } from './sse';
import { CLOUD_PLATFORM_SCOPE, createServiceAccount, type ServiceAccountKey } from './vertex-auth';

const sa = createServiceAccount('relay@proj-a.iam.gserviceaccount.com', 'proj-a');
let mock: MockUpstream;
let key: ServiceAccountKey;
const GEMINI_PATH = '/v1/projects/proj-a/locations/us-central1/publishers/google/models/gemini-2.0-flash';
const CLAUDE_PATH =
  '/v1/projects/proj-a/locations/us-east5/publishers/anthropic/models/claude-3-5-sonnet@20240620';
const GEMINI_BODY = { contents: [{ role: 'user', parts: [{ text: 'say hello world' }] }] };
const CLAUDE_BODY = {
  anthropic_version: 'vertex-2023-10-16',
  max_tokens: 50,
  messages: [{ role: 'user', content: 'say hello world' }],
};

function claims(overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: key.client_email,
    scope: CLOUD_PLATFORM_SCOPE,
    aud: key.token_uri,
    iat: now,
    exp: now + 3600,
    ...overrides,
  };
}

async function exchange(
  assertion: string,
  grantType = 'urn:ietf:params:oauth:grant-type:jwt-bearer',
  url = key.token_uri,
) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: grantType, assertion }).toString(),
  });
  return { status: res.status, body: await res.json() };
}

async function accessToken(target = mock): Promise<string> {
  const assertion = signRs256Jwt(claims({ aud: `${target.url}/token` }), key.private_key);
  const { body } = await exchange(assertion, undefined, `${target.url}/token`);
  return body.access_token as string;
}

function post(path: string, body: unknown, token: string, extra: Record<string, string> = {}, target = mock) {
  return fetch(`${target.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...extra },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  mock = await startMockUpstream({ vertexServiceAccounts: [sa.account] });
  key = sa.keyFile(`${mock.url}/token`);
});
beforeEach(() => mock.reset());
afterAll(() => mock.close());

describe('POST /token (JWT bearer grant)', () => {
  it('exchanges a JWT signed by the registered key for an access token', async () => {
    const assertion = signRs256Jwt(claims(), key.private_key, key.private_key_id);
    const { status, body } = await exchange(assertion);
    expect(status).toBe(200);
    expect(body).toEqual({
      access_token: expect.stringMatching(/^ya29\./),
      expires_in: 3600,
      token_type: 'Bearer',
    });
    expect(mock.requests()[0]).toMatchObject({
      path: '/token',
      body: { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion },
    });
  });

  it.each([
    [
      'signed with another key',
      () => signRs256Jwt(claims(), otherKey()),
      'invalid_grant',
      'Invalid JWT Signature.',
    ],
    [
      'expired',
      () => signRs256Jwt(claims({ iat: now() - 7200, exp: now() - 3600 }), key.private_key),
      'invalid_grant',
      expect.stringContaining('iat and exp'),
    ],
    [
      'living longer than an hour',
      () => signRs256Jwt(claims({ exp: now() + 7200 }), key.private_key),
      'invalid_grant',
      expect.stringContaining('short-lived'),
    ],
    [
      'for another audience',
      () => signRs256Jwt(claims({ aud: 'https://oauth2.googleapis.com/token' }), key.private_key),
      'invalid_grant',
      expect.stringContaining('audience'),
    ],
    [
      'without the cloud-platform scope',
      () => signRs256Jwt(claims({ scope: 'https://www.googleapis.com/auth/drive' }), key.private_key),
      'invalid_scope',
      expect.any(String),
    ],
    [
      'from an unknown account',
      () => signRs256Jwt(claims({ iss: 'who@else.iam.gserviceaccount.com' }), key.private_key),
      'invalid_grant',
      'Invalid grant: account not found',
    ],
    ['not a JWT', () => 'not.a.jwt', 'invalid_grant', expect.any(String)],
  ])('refuses a JWT %s', async (_, assertion, error, description) => {
    const { status, body } = await exchange(assertion());
    expect(status).toBe(400);
    expect(body).toEqual({ error, error_description: description });
  });

  it('refuses another grant type', async () => {
    const { status, body } = await exchange(signRs256Jwt(claims(), key.private_key), 'client_credentials');
    expect(status).toBe(400);
    expect(body.error).toBe('unsupported_grant_type');
  });
});

function now(): number {
  return Math.floor(Date.now() / 1000);
}

function otherKey(): string {
  return generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
}

describe('publisher models', () => {
  it('answers Gemini generateContent and alt=sse streams for a valid token, recording project and region', async () => {
    const token = await accessToken();
    const res = await post(`${GEMINI_PATH}:generateContent`, GEMINI_BODY, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      candidates: [
        { content: { role: 'model', parts: [{ text: 'echo: say hello world' }] }, finishReason: 'STOP' },
      ],
      usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 4, totalTokenCount: 7 },
      modelVersion: 'gemini-2.0-flash',
    });
    const stream = await post(`${GEMINI_PATH}:streamGenerateContent?alt=sse`, GEMINI_BODY, token);
    const chunks = parseSse(await stream.text()).map(
      (e) => JSON.parse(e.data) as { usageMetadata: { totalTokenCount: number } },
    );
    expect(chunks.at(-1)?.usageMetadata.totalTokenCount).toBe(7);
    const seen = mock.requests().filter((r) => r.path.startsWith('/v1/projects/'));
    expect(seen.map((r) => [r.path, r.query])).toEqual([
      [`${GEMINI_PATH}:generateContent`, ''],
      [`${GEMINI_PATH}:streamGenerateContent`, 'alt=sse'],
    ]);
  });

  it.each([
    ['no token', ''],
    ['a token never issued', 'ya29.forged'],
  ])('refuses %s with 401 UNAUTHENTICATED', async (_, token) => {
    const res = await post(`${GEMINI_PATH}:generateContent`, GEMINI_BODY, token);
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
  });

  it("refuses a token for another project's resources with 403", async () => {
    const res = await post(
      GEMINI_PATH.replace('proj-a', 'proj-b') + ':generateContent',
      GEMINI_BODY,
      await accessToken(),
    );
    expect(res.status).toBe(403);
    expect((await res.json()).error.status).toBe('PERMISSION_DENIED');
  });

  it('answers Claude rawPredict with an Anthropic message named by the URL model', async () => {
    const res = await post(`${CLAUDE_PATH}:rawPredict`, CLAUDE_BODY, await accessToken());
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      type: 'message',
      model: 'claude-3-5-sonnet@20240620',
      content: [{ type: 'text', text: 'echo: say hello world' }],
      usage: { input_tokens: 3, output_tokens: 4 },
    });
  });

  it('streams Claude events from streamRawPredict', async () => {
    const res = await post(
      `${CLAUDE_PATH}:streamRawPredict`,
      { ...CLAUDE_BODY, stream: true },
      await accessToken(),
    );
    const events = parseSse(await res.text()).map((e) => e.event);
    expect(events[0]).toBe('message_start');
    expect(events.at(-1)).toBe('message_stop');
  });

  it.each([
    [
      { ...CLAUDE_BODY, anthropic_version: undefined },
      "anthropic_version: Input should be 'vertex-2023-10-16'",
    ],
    [{ ...CLAUDE_BODY, model: 'claude-3-5-sonnet' }, 'model: Extra inputs are not permitted'],
    [{ ...CLAUDE_BODY, max_tokens: undefined }, 'max_tokens: Field required'],
  ])('refuses a bad Claude body in Anthropic shape (%#)', async (body, message) => {
    const res = await post(`${CLAUDE_PATH}:rawPredict`, body, await accessToken());
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ type: 'error', error: { type: 'invalid_request_error', message } });
  });

  it('acts out behaviours in Google shape', async () => {
    const token = await accessToken();
    const res = await post(`${GEMINI_PATH}:generateContent`, GEMINI_BODY, token, {
      'x-mock-behaviour': '500',
    });
    expect(res.status).toBe(500);
    expect((await res.json()).error).toMatchObject({ code: 500, status: 'INTERNAL' });
    const limited = await post(
      CLAUDE_PATH.replace('claude-3-5-sonnet@20240620', 'mock-429') + ':rawPredict',
      CLAUDE_BODY,
      token,
    );
    expect(limited.status).toBe(429);
    expect((await limited.json()).error.status).toBe('RESOURCE_EXHAUSTED');
  });
});

describe('token lifetime', () => {
  it('refuses a token once it has expired', async () => {
    const shortLived = await startMockUpstream({
      vertexServiceAccounts: [sa.account],
      vertexTokenTtlSeconds: 1,
    });
    try {
      const token = await accessToken(shortLived);
      expect((await post(`${GEMINI_PATH}:generateContent`, GEMINI_BODY, token, {}, shortLived)).status).toBe(
        200,
      );
      await sleep(1100);
      expect((await post(`${GEMINI_PATH}:generateContent`, GEMINI_BODY, token, {}, shortLived)).status).toBe(
        401,
      );
    } finally {
      await shortLived.close();
    }
  });
});
