// `npm run mock-upstream`: the mock as a standalone process (PORT, default 3999; HOST; MOCK_RECORD=0).
import { startMockUpstream } from './server';

const DEFAULT_PORT = 3999;

async function main(): Promise<void> {
  const port = process.env.PORT === undefined ? DEFAULT_PORT : Number(process.env.PORT);
  const mock = await startMockUpstream({
    port,
    host: process.env.HOST ?? '127.0.0.1',
    record: process.env.MOCK_RECORD !== '0',
  });
  console.log(`mock upstream listening on ${mock.url} (OpenAI base URL ${mock.url}/v1)`);
  const stop = (): void => {
    void mock.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
