import { startMockUpstream, type MockUpstream } from './server';
import { MOCK_FILES, WORKER_PATH } from './worker';

let mock: MockUpstream;

beforeAll(async () => {
  mock = await startMockUpstream({ workerKey: 'worker-secret' });
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const askWorker = (body: unknown) =>
  fetch(`${mock.url}${WORKER_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('files and the URL-fetching worker', () => {
  it('serves a file by name, 404 for others', async () => {
    const found = await fetch(`${mock.url}/__mock/files/cat.png`);
    expect(found.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await found.arrayBuffer())).toEqual(MOCK_FILES['cat.png'].bytes);
    expect((await fetch(`${mock.url}/__mock/files/dog.png`)).status).toBe(404);
  });

  it('answers the file a URL names on any host, for the right key only', async () => {
    const answer = await askWorker({ url: 'https://files.invalid/a/report.pdf?x=1', key: 'worker-secret' });
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(MOCK_FILES['report.pdf'].bytes);
    expect((await askWorker({ url: 'https://files.invalid/cat.png', key: 'wrong' })).status).toBe(401);
    expect((await askWorker({ url: 'https://files.invalid/none.png', key: 'worker-secret' })).status).toBe(
      404,
    );
    expect(mock.requests().map((r) => r.body)).toContainEqual({
      url: 'https://files.invalid/cat.png',
      key: 'wrong',
    });
  });

  it('records the body as sent, byte for byte', async () => {
    const text = '{ "url" :"https://x.invalid/cat.png",\n  "key":"worker-secret", "extra": [1,  2] }';
    await fetch(`${mock.url}${WORKER_PATH}`, { method: 'POST', body: text });
    expect(mock.requests()[0].rawBody).toBe(text);
  });
});
