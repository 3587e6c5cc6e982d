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
  close: () => Promise<void>;
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
