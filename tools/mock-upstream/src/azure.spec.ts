import { startMockUpstream, type MockUpstream } from './server';

let mock: MockUpstream;
const CHAT = { messages: [{ role: 'user', content: 'hi there' }] };

function post(path: string, body: unknown, headers: Record<string, string> = { 'api-key': 'k' }) {
  return fetch(`${mock.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  mock = await startMockUpstream();
});
afterAll(() => mock.close());

describe('Azure OpenAI routes', () => {
  it('answers a deployment as its model, recording the api-version query', async () => {
    const path = '/openai/deployments/my-gpt/chat/completions';
    const response = await post(`${path}?api-version=2024-12-01-preview`, CHAT);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      model: 'my-gpt',
      choices: [{ message: { content: 'echo: hi there' } }],
    });
    expect(mock.requests().at(-1)).toMatchObject({ path, query: 'api-version=2024-12-01-preview' });
  });

  it('refuses a missing or bad api-key (401), a missing api-version (404) and an unknown one (400)', async () => {
    const path = '/openai/deployments/my-gpt/chat/completions';
    const noKey = await post(`${path}?api-version=2024-12-01-preview`, CHAT, {});
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ error: { code: '401' } });
    const bearer = await post(`${path}?api-version=2024-12-01-preview`, CHAT, { authorization: 'Bearer k' });
    expect(bearer.status).toBe(401);
    expect(
      (await post(`${path}?api-version=2024-12-01-preview`, CHAT, { 'api-key': 'bad-key' })).status,
    ).toBe(401);
    const noVersion = await post(path, CHAT);
    expect(noVersion.status).toBe(404);
    expect(await noVersion.json()).toEqual({ error: { code: '404', message: 'Resource not found' } });
    expect((await post(`${path}?api-version=v9`, CHAT)).status).toBe(400);
  });

  it('serves the Responses API on the v1 surface and acts out behaviours named by the deployment', async () => {
    const answer = await post('/openai/v1/responses?api-version=preview', { model: 'd', input: 'hi' });
    expect(await answer.json()).toMatchObject({ object: 'response', status: 'completed' });
    const failing = await post(
      '/openai/deployments/mock-429/chat/completions?api-version=2024-12-01-preview',
      CHAT,
    );
    expect(failing.status).toBe(429);
    expect(await failing.json()).toMatchObject({ error: { code: '429' } });
  });
});
