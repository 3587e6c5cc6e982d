import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './server';

export interface MockProcess {
  url: string;
  stop(): Promise<void>;
}

/** The built mock upstream (`nx run mock-upstream:build`) in its own process, like the server under test. */
export async function startMock(): Promise<MockProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    'node',
    [path.resolve(__dirname, '../../../../tools/mock-upstream/dist/main.js')],
    { env: { ...process.env, PORT: String(port), MOCK_RECORD: '0' }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the mock upstream exited with code ${child.exitCode}`);
    const answer = await fetch(`${url}/v1/models`, { headers: { authorization: 'Bearer probe' } }).catch(
      () => null,
    );
    if (answer?.ok) break;
    if (Date.now() > deadline) throw new Error('the mock upstream did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
