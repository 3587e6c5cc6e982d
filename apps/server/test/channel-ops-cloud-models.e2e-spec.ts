import {
  createServiceAccount,
  type MockUpstream,
  startMockUpstream,
  VERTEX_PUBLISHER_MODELS,
} from '@tollgate/mock-upstream';
import { CHANNEL, type RelayGateway, startRelayGateway } from './support/relay-gateway';
import { BACKENDS } from './support/test-app';

const AWS = { accessKeyId: 'AKIAMOCKMODELS', secretAccessKey: 'models/Secret+Key=7' };
const awsKey = (region: string, secret = AWS.secretAccessKey) => `${AWS.accessKeyId}|${secret}|${region}`;
// The mock's text models, Claude only, each one served through an inference profile followed by it.
const bedrockModels = (geography: string) => [
  'anthropic.claude-3-haiku-20240307-v1:0',
  'anthropic.claude-3-5-sonnet-20240620-v1:0',
  'anthropic.claude-3-7-sonnet-20250219-v1:0',
  `${geography}.anthropic.claude-3-7-sonnet-20250219-v1:0`,
  'anthropic.claude-sonnet-4-5-20250929-v1:0',
  `${geography}.anthropic.claude-sonnet-4-5-20250929-v1:0`,
];
const VERTEX_MODELS = [...VERTEX_PUBLISHER_MODELS.google, ...VERTEX_PUBLISHER_MODELS.anthropic];
const SIGNATURE_MISMATCH =
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.';

// "Fetch models" in the channel drawer for the cloud hosts: Bedrock's ListFoundationModels signed with SigV4,
// Vertex AI Model Garden's publisher lists with the channel's cached access token.
describe.each(BACKENDS)('model lists of Bedrock and Vertex AI channels (%s)', (backend) => {
  // A new key per backend: the relay caches Vertex tokens per key, and each run has its own mock.
  const account = createServiceAccount();
  const stranger = createServiceAccount('stranger@mock-project.iam.gserviceaccount.com');
  let g: RelayGateway;
  let elsewhere: MockUpstream;

  beforeAll(async () => {
    g = await startRelayGateway(backend, {
      vertexServiceAccounts: [account.account],
      bedrockCredentials: [AWS],
    });
    // Issues no tokens of its own: the ones from g.mock's /token are unknown to it.
    elsewhere = await startMockUpstream();
  });
  afterAll(async () => {
    await g.close();
    await elsewhere.close();
  });
  beforeEach(() => g.mock.reset());

  const get = (path: string, lang = 'en') =>
    g.t.http().get(path).set(g.root.headers).set('Accept-Language', lang);
  const post = (body: object, lang = 'en') =>
    g.t.http().post('/api/channel/fetch_models').set(g.root.headers).set('Accept-Language', lang).send(body);
  const keyFile = (sa = account) => sa.keyFile(`${g.mock.url}/token`);
  const addVertex = (fields: Record<string, unknown> = {}) =>
    g.addChannel({
      type: CHANNEL.vertex,
      key: JSON.stringify(keyFile()),
      other: 'us-east5',
      models: 'm',
      ...fields,
    });
  const channelRows = () => g.data.query('SELECT * FROM channels ORDER BY id');

  it('lists the Claude models of a Bedrock channel from a SigV4-signed ListFoundationModels', async () => {
    const id = await g.addChannel({ type: CHANNEL.bedrock, key: awsKey('us-east-1'), models: 'm' });
    expect((await get(`/api/channel/fetch_models/${id}`)).body).toEqual({
      success: true,
      message: '',
      data: bedrockModels('us'),
    });
    const before = await channelRows();
    const draft = await post({ type: CHANNEL.bedrock, key: awsKey('eu-west-3'), base_url: g.mock.url });
    expect(draft.body).toEqual({ success: true, message: '', data: bedrockModels('eu') });

    expect(g.mock.requests().map((r) => [r.method, r.path, r.query])).toEqual([
      ['GET', '/foundation-models', 'byOutputModality=TEXT'],
      ['GET', '/foundation-models', 'byOutputModality=TEXT'],
    ]);
    expect(g.mock.requests().map((r) => r.headers.authorization)).toEqual([
      expect.stringMatching(
        /^AWS4-HMAC-SHA256 Credential=AKIAMOCKMODELS\/\d{8}\/us-east-1\/bedrock\/aws4_request, /,
      ),
      expect.stringMatching(/Credential=AKIAMOCKMODELS\/\d{8}\/eu-west-3\/bedrock\/aws4_request, /),
    ]);
    expect(await channelRows()).toEqual(before);
  });

  it('lists the Gemini and Claude models of a Vertex AI channel with one cached access token', async () => {
    const id = await addVertex();
    const expected = { success: true, message: '', data: VERTEX_MODELS };
    expect((await get(`/api/channel/fetch_models/${id}`)).body).toEqual(expected);
    expect((await get(`/api/channel/fetch_models/${id}`)).body).toEqual(expected);
    // A key file pasted as the download has it, over many lines: the whole text is the one key.
    const pasted = JSON.stringify(keyFile(), null, 2);
    expect((await post({ type: CHANNEL.vertex, key: pasted, base_url: g.mock.url })).body).toEqual(expected);

    const requests = g.mock.requests();
    expect(requests.map((r) => r.path)).toEqual([
      '/token',
      ...Array.from({ length: 3 }, () => [
        '/v1beta1/publishers/google/models',
        '/v1beta1/publishers/anthropic/models',
      ]).flat(),
    ]);
    const lists = requests.slice(1);
    expect(new Set(lists.map((r) => r.headers.authorization)).size).toBe(1);
    expect(lists[0].headers.authorization).toMatch(/^Bearer ya29\.mock-/);
    expect(lists.map((r) => r.query)).toEqual(lists.map(() => 'pageSize=1000'));
  });

  it('shows a refused signature or token in the provider’s words, without a secret, storing nothing', async () => {
    const wrongSecret = await g.addChannel({
      type: CHANNEL.bedrock,
      key: awsKey('us-east-1', 'not-the/real+secret'),
      models: 'm',
    });
    const unknownAccount = await addVertex({ key: JSON.stringify(keyFile(stranger)) });
    const foreignToken = await addVertex({ base_url: elsewhere.url });
    const before = await channelRows();

    const bedrock = await get(`/api/channel/fetch_models/${wrongSecret}`);
    expect(bedrock.body).toEqual({
      success: false,
      message: `Failed to fetch the model list: status 403: ${SIGNATURE_MISMATCH}`,
    });
    expect(JSON.stringify(bedrock.body)).not.toContain('not-the/real+secret');
    expect((await get(`/api/channel/fetch_models/${wrongSecret}`, 'zh')).body).toEqual({
      success: false,
      message: `获取模型列表失败：status 403: ${SIGNATURE_MISMATCH}`,
    });
    expect((await get(`/api/channel/fetch_models/${unknownAccount}`)).body).toEqual({
      success: false,
      message:
        'Failed to fetch the model list: Vertex AI authentication failed: token endpoint answered 400: invalid_grant Invalid grant: account not found',
    });
    const foreign = await get(`/api/channel/fetch_models/${foreignToken}`);
    expect(foreign.body).toEqual({
      success: false,
      message: expect.stringMatching(
        /^Failed to fetch the model list: status 401: Request had invalid authentication credentials\./,
      ),
    });
    expect(foreign.body.message).not.toMatch(/ya29|PRIVATE KEY/);
    const malformed = await post({
      type: CHANNEL.bedrock,
      key: 'AKIAMOCKMODELS|only-two',
      base_url: g.mock.url,
    });
    expect(malformed.body).toEqual({
      success: false,
      message:
        'Failed to fetch the model list: The channel key is not in the form AccessKey|SecretKey|Region',
    });

    // The stranger's token exchange is refused (the channel's own token may come from the cache).
    const paths = g.mock.requests().map((r) => r.path);
    expect(paths.filter((path) => path !== '/token')).toEqual(['/foundation-models', '/foundation-models']);
    expect(paths).toContain('/token');
    // The first refused list ends the fetch.
    expect(elsewhere.requests().map((r) => r.path)).toEqual(['/v1beta1/publishers/google/models']);
    expect(await channelRows()).toEqual(before);
  });
});
