// The bare proxy as its own process (so it gets a core of its own like the gateway): UPSTREAM_URL, PORT (0 = any).
import { startBareProxy } from './bare-proxy';

async function main(): Promise<void> {
  const upstream = process.env.UPSTREAM_URL;
  if (!upstream) throw new Error('UPSTREAM_URL is required');
  const app = await startBareProxy(upstream, Number(process.env.PORT ?? 0));
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  console.log(`bare proxy listening on http://127.0.0.1:${address.port}`);
  const stop = (): void => {
    void app.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
