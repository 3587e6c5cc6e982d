// The gateway's PostgreSQL database (created fresh, dropped after) and Redis keys (removed after).
import Redis from 'ioredis';
import { Client } from 'pg';

// The gateway's key prefix is fixed (AppConfig), so the benchmark owns a Redis database index instead.
const GATEWAY_KEY_PATTERN = 'tollgate:*';

async function withAdmin<T>(adminUrl: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `tollgate_bench_${process.pid}`;
  await withAdmin(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

/** Removes the gateway's keys from the benchmark's Redis database; returns how many there were. */
export async function deleteGatewayKeys(redisUrl: string): Promise<number> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', GATEWAY_KEY_PATTERN, 'COUNT', 1000);
      if (keys.length > 0) deleted += await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
    return deleted;
  } finally {
    redis.disconnect();
  }
}
