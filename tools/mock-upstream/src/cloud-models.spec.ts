import { BEDROCK_FOUNDATION_MODELS, VERTEX_PUBLISHER_MODELS } from './cloud-models';
import { signRs256Jwt } from './jwt';
import { startMockUpstream, type MockUpstream } from './server';
import { signRequest } from './sigv4';
import { CLOUD_PLATFORM_SCOPE, createServiceAccount } from './vertex-auth';

const CREDENTIALS = { accessKeyId: 'AKIAMOCKLIST', secretAccessKey: 'list/secret+key' };
const sa = createServiceAccount('lister@proj-l.iam.gserviceaccount.com', 'proj-l');
let mock: MockUpstream;

beforeAll(async () => {
  mock = await startMockUpstream({ bedrockCredentials: [CREDENTIALS], vertexServiceAccounts: [sa.account] });
});
beforeEach(() => mock.reset());
afterAll(() => mock.close());

async function listFoundationModels(query: string, secretAccessKey = CREDENTIALS.secretAccessKey) {
  const url = `${mock.url}/foundation-models${query}`;
  const headers = signRequest({
    method: 'GET',
    url,
    headers: {},
    body: '',
    ...CREDENTIALS,
    secretAccessKey,
    region: 'eu-central-1',
    service: 'bedrock',
  });
  delete headers.host; // fetch sends it itself
  const res = await fetch(url, { headers });
  return { status: res.status, errorType: res.headers.get('x-amzn-errortype'), body: await res.json() };
}

async function accessToken(): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: sa.account.clientEmail, scope: CLOUD_PLATFORM_SCOPE, aud: `${mock.url}/token` };
  const assertion = signRs256Jwt({ ...claims, iat: now, exp: now + 3600 }, sa.keyFile('').private_key);
  const res = await fetch(`${mock.url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function listPublisherModels(path: string, token: string | null) {
  const res = await fetch(`${mock.url}${path}`, {
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('GET /foundation-models (Bedrock)', () => {
  it('lists the text models of a signed request, with the region of its credential scope in the ARNs', async () => {
    const { status, body } = await listFoundationModels('?byOutputModality=TEXT');
    expect(status).toBe(200);
    const summaries = (body as { modelSummaries: Array<Record<string, unknown>> }).modelSummaries;
    expect(summaries.map((s) => s.modelId)).toEqual(
      BEDROCK_FOUNDATION_MODELS.filter(([, , , output]) => output === 'TEXT').map(([id]) => id),
    );
    expect(summaries[0]).toMatchObject({
      modelArn: 'arn:aws:bedrock:eu-central-1::foundation-model/anthropic.claude-3-haiku-20240307-v1:0',
      providerName: 'Anthropic',
      outputModalities: ['TEXT'],
      inferenceTypesSupported: ['ON_DEMAND'],
      modelLifecycle: { status: 'ACTIVE' },
    });
  });

  it('filters by provider and refuses an unknown modality', async () => {
    const meta = await listFoundationModels('?byProvider=meta');
    expect(meta.body).toEqual({
      modelSummaries: [expect.objectContaining({ modelId: 'meta.llama3-8b-instruct-v1:0' })],
    });
    const wrong = await listFoundationModels('?byOutputModality=VIDEO');
    expect(wrong).toMatchObject({ status: 400, errorType: expect.stringMatching(/^ValidationException:/) });
  });

  it('refuses a signature made with another secret, as the runtime routes do', async () => {
    const refused = await listFoundationModels('?byOutputModality=TEXT', 'not-the-secret');
    expect(refused).toMatchObject({
      status: 403,
      errorType: expect.stringMatching(/^InvalidSignatureException:/),
      body: { message: expect.stringMatching(/^The request signature we calculated does not match/) },
    });
    const unsigned = await fetch(`${mock.url}/foundation-models`);
    expect(unsigned.status).toBe(403);
  });
});

describe('GET /v1beta1/publishers/{publisher}/models (Vertex AI Model Garden)', () => {
  it('lists each publisher’s models for an issued token', async () => {
    const token = await accessToken();
    for (const publisher of ['google', 'anthropic']) {
      const { status, body } = await listPublisherModels(`/v1beta1/publishers/${publisher}/models`, token);
      expect(status).toBe(200);
      expect(body.nextPageToken).toBeUndefined();
      expect(body.publisherModels).toEqual(
        VERTEX_PUBLISHER_MODELS[publisher].map((id): unknown =>
          expect.objectContaining({ name: `publishers/${publisher}/models/${id}`, launchStage: 'GA' }),
        ),
      );
    }
    expect((await listPublisherModels('/v1beta1/publishers/nobody/models', token)).body).toEqual({});
  });

  it('pages with pageSize and pageToken', async () => {
    const token = await accessToken();
    const path = '/v1beta1/publishers/google/models?pageSize=3';
    const first = await listPublisherModels(path, token);
    expect(first.body.publisherModels).toHaveLength(3);
    const next = encodeURIComponent(String(first.body.nextPageToken));
    const second = await listPublisherModels(`${path}&pageToken=${next}`, token);
    expect(second.body).toEqual({
      publisherModels: [expect.objectContaining({ name: 'publishers/google/models/text-embedding-005' })],
    });
    expect((await listPublisherModels(`${path}&pageToken=bogus`, token)).status).toBe(400);
  });

  it('refuses a missing or unknown token with 401 UNAUTHENTICATED', async () => {
    for (const token of [null, 'ya29.never-issued']) {
      const { status, body } = await listPublisherModels('/v1beta1/publishers/google/models', token);
      expect({ status, body }).toMatchObject({ status: 401, body: { error: { status: 'UNAUTHENTICATED' } } });
    }
  });
});
