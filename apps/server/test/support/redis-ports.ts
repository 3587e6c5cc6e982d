import { type Redis } from 'ioredis';
import { RedisConnections } from '../../src/infra/redis/redis-connections';
import {
  deleteKeys,
  TEST_REDIS_URL,
  testConfig,
  testPrefix,
  type TestBackend,
} from '../../src/infra/redis/redis-testing';

/** Connections to the test Redis sharing one fresh key prefix; `close` deletes those keys and disconnects. */
export interface TestRedis {
  /** One per replica of the app. */
  connections: RedisConnections[];
  prefix: string;
  /**
   * Resolves once every command and subscriber connection is ready. On a starved 2-core host a first connect
   * can outlast its 2 s timeout and be made again; pub/sub messages published meanwhile are lost (seen twice
   * in full runs), so a test that counts deliveries starts after this.
   */
  ready: () => Promise<void>;
  close: () => Promise<void>;
}

function readyClient(client: Redis): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => client.once('ready', () => resolve()));
}

export function openTestRedis(replicas = 1): TestRedis {
  const prefix = testPrefix();
  const connections = Array.from(
    { length: replicas },
    () => new RedisConnections(testConfig(TEST_REDIS_URL, prefix), () => undefined),
  );
  return {
    connections,
    prefix,
    ready: async () => {
      const clients = connections.flatMap((connection) => [connection.command, connection.subscriber]);
      await Promise.all(clients.map(readyClient));
    },
    close: async () => {
      await deleteKeys(prefix);
      await Promise.all(connections.map((connection) => connection.onApplicationShutdown()));
    },
  };
}

export interface PortHarness<T> {
  port: T;
  close: () => Promise<void>;
}

/** The port's in-process twin, or its Redis driver on a command connection under a fresh prefix. */
export function openPort<T>(
  backend: TestBackend,
  twins: {
    memory: () => T & { onModuleDestroy(): void };
    redis: (command: Redis, prefix: string) => T;
  },
): PortHarness<T> {
  if (backend === 'memory') {
    const port = twins.memory();
    return { port, close: () => Promise.resolve(port.onModuleDestroy()) };
  }
  const redis = openTestRedis();
  return { port: twins.redis(redis.connections[0].command, redis.prefix), close: redis.close };
}
