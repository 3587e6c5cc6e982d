import { DEFAULT_WORKER_KEY, MOCK_FILES, type RecordedRequest, WORKER_PATH } from '@tollgate/mock-upstream';
import { BadRequestError } from 'openai';
import { CallerUrlFetcher } from '../src/modules/relay/media/caller-url-fetcher';
import { CHANNEL, type RelayFixture, rejectionOf, startRelayFixture } from './support/relay-fixtures';

const AWS = { accessKeyId: 'AKIAMOCKWORKER', secretAccessKey: 'worker/Secret+Key=7' };
const BEDROCK_MODEL = 'claude-3-haiku-20240307';
const CLAUDE_MODEL = 'claude-3-5-haiku-20241022';
// No such host resolves: only a worker can answer for it.
const UNREACHABLE_IMAGE = 'https://files.invalid/pictures/cat.png';
const CAT_BASE64 = MOCK_FILES['cat.png'].bytes.toString('base64');

const withImage = (url: string) => [
  {
    role: 'user' as const,
    content: [
      { type: 'text' as const, text: 'what is this' },
      { type: 'image_url' as const, image_url: { url } },
    ],
  },
];

type ClaudeBlock = { type: string; source?: Record<string, unknown> };
const imageBlocksOf = (request: RecordedRequest | undefined): ClaudeBlock[] =>
  ((request?.body as { messages?: { content: ClaudeBlock[] }[] } | undefined)?.messages ?? [])
    .flatMap((message) => message.content)
    .filter((block) => block.type === 'image');

// WorkerUrl / WorkerValidKey (issue 15): files at callers' addresses that a provider takes only inline
// (Bedrock, Claude on Vertex AI) are fetched through the worker when one is set; the mock plays the worker.
// The fetch path does not depend on the storage backend: PostgreSQL + Redis only.
describe('relay options: caller file URLs through the worker (full)', () => {
  let f: RelayFixture;
  let key: string;
  const workerCalls = () => f.mock.requests().filter((r) => r.path === WORKER_PATH);
  const bedrockCall = () => f.mock.requests().find((r) => r.path.startsWith('/model/'));
  const ask = (model: string, url: string) =>
    f
      .openai(key, { 'accept-language': 'en' })
      .chat.completions.create({ model, max_tokens: 16, messages: withImage(url) });

  beforeAll(async () => {
    f = await startRelayFixture('full', { bedrockCredentials: [AWS] });
    await f.setOption('ModelRatio', JSON.stringify({ [BEDROCK_MODEL]: 1, [CLAUDE_MODEL]: 1 }));
    await f.setOption('LogErrorEnabled', 'true');
    await f.addChannel({
      type: CHANNEL.bedrock,
      key: `${AWS.accessKeyId}|${AWS.secretAccessKey}|us-east-1`,
      models: BEDROCK_MODEL,
    });
    await f.addChannel({ type: CHANNEL.anthropic, key: 'sk-ant-worker', models: CLAUDE_MODEL });
    key = await f.newToken();
  });
  afterAll(() => f.close());
  beforeEach(() => f.mock.reset());

  describe('with WorkerUrl set', () => {
    beforeAll(async () => {
      await f.setOption('WorkerUrl', `${f.mock.url}${WORKER_PATH}`);
      await f.setOption('WorkerValidKey', DEFAULT_WORKER_KEY);
    });
    afterAll(async () => {
      await f.setOption('WorkerUrl', '');
      await f.setOption('WorkerValidKey', '');
    });

    it('asks the worker for the image with its key and sends Bedrock the bytes it answered', async () => {
      const answer = await ask(BEDROCK_MODEL, UNREACHABLE_IMAGE);
      expect(answer.choices[0].message.content).toBeTruthy();
      expect(workerCalls().map((call) => call.body)).toEqual([
        { url: UNREACHABLE_IMAGE, key: DEFAULT_WORKER_KEY },
      ]);
      expect(imageBlocksOf(bedrockCall())).toEqual([
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: CAT_BASE64 } },
      ]);
    });

    it('refuses the call uncharged when the worker refuses (a wrong key), naming no worker detail', async () => {
      await f.setOption('WorkerValidKey', 'not-the-worker-key');
      try {
        const before = await f.aliceQuota();
        const logged = (await f.consumeLogs()).length;
        const error = await rejectionOf(ask(BEDROCK_MODEL, UNREACHABLE_IMAGE), BadRequestError);
        expect(error.code).toBe('media_fetch_failed');
        expect(error.message).toMatch(
          /^400 A file URL in the request could not be fetched: it answered HTTP 401 \(request id: .+\)$/,
        );
        expect(workerCalls()).toHaveLength(1);
        expect(bedrockCall()).toBeUndefined();
        expect(await f.aliceQuota()).toBe(before);
        expect(await f.consumeLogs()).toHaveLength(logged);
      } finally {
        await f.setOption('WorkerValidKey', DEFAULT_WORKER_KEY);
      }
    });

    it('leaves the address to a provider that fetches it itself (Anthropic)', async () => {
      await ask(CLAUDE_MODEL, UNREACHABLE_IMAGE);
      expect(workerCalls()).toEqual([]);
      expect(imageBlocksOf(f.mock.requests().at(-1))).toEqual([
        { type: 'image', source: { type: 'url', url: UNREACHABLE_IMAGE } },
      ]);
    });
  });

  describe('without a worker', () => {
    afterEach(() => {
      f.t.app.get(CallerUrlFetcher).allowLocalTargets = false;
    });

    it('fetches the file itself, and never from a private address', async () => {
      const local = `${f.mock.url}/__mock/files/cat.png`;
      const refused = await rejectionOf(ask(BEDROCK_MODEL, local), BadRequestError);
      expect(refused.message).toContain('could not be fetched: the address is not public');
      expect(f.mock.requests()).toEqual([]);

      // Tests serve the file from this machine: only they open that door.
      f.t.app.get(CallerUrlFetcher).allowLocalTargets = true;
      await ask(BEDROCK_MODEL, local);
      expect(f.mock.requests().map((r) => `${r.method} ${r.path}`)).toEqual([
        'GET /__mock/files/cat.png',
        expect.stringMatching(/^POST \/model\//),
      ]);
      expect(imageBlocksOf(bedrockCall())[0].source).toMatchObject({ type: 'base64', data: CAT_BASE64 });
    });

    it('refuses what is not an http(s) address', async () => {
      const error = await rejectionOf(ask(BEDROCK_MODEL, 'ftp://files.example.com/cat.png'), BadRequestError);
      expect(error.message).toContain('it is not an http(s) address');
    });
  });
});
