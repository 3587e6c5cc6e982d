import { type Redis } from 'ioredis';
import { type CacheStore } from './redis.ports';
import { assertNonNegativeInteger, assertSafeInteger, ttlMs } from './integer-args';
import { oneWritePerTurn } from './socket-batching';

// The TTL is set only when the key has none, so a counter's window starts at its first increment.
const INCR_BY_WITH_TTL = `
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) == -1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return value`;

// A balance change must never recreate a balance that expired or was dropped (it is reloaded instead).
const INCR_BY_IF_PRESENT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
if ARGV[2] ~= '' then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return value`;

// Check and debit in one script: concurrent debits can never take the balance below zero.
const DECR_BY_IF_ENOUGH = `
local current = redis.call('GET', KEYS[1])
if not current then return false end
if tonumber(current) < tonumber(ARGV[1]) then return false end
local value = redis.call('DECRBY', KEYS[1], ARGV[1])
if ARGV[2] ~= '' then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return value`;

interface CacheScripts {
  tollgateIncrByWithTtl(key: string, delta: number, ttlMs: number): Promise<number>;
  tollgateIncrByIfPresent(key: string, delta: number, ttlMs: number | ''): Promise<number | null>;
  tollgateDecrByIfEnough(key: string, amount: number, ttlMs: number | ''): Promise<number | null>;
}

export class IoredisCacheStore implements CacheStore {
  private readonly client: Redis & CacheScripts;

  constructor(
    client: Redis,
    private readonly prefix: string,
  ) {
    client.defineCommand('tollgateIncrByWithTtl', { numberOfKeys: 1, lua: INCR_BY_WITH_TTL });
    client.defineCommand('tollgateIncrByIfPresent', { numberOfKeys: 1, lua: INCR_BY_IF_PRESENT });
    client.defineCommand('tollgateDecrByIfEnough', { numberOfKeys: 1, lua: DECR_BY_IF_ENOUGH });
    // defineCommand adds the methods at runtime; this is their typed face.
    this.client = client as Redis & CacheScripts;
  }

  get(key: string): Promise<string | null> {
    oneWritePerTurn(this.client);
    return this.client.get(this.prefix + key);
  }

  async set(key: string, value: string, ttlSeconds?: number): Promise<void> {
    const ttl = ttlMs(ttlSeconds);
    oneWritePerTurn(this.client);
    if (ttl === undefined) await this.client.set(this.prefix + key, value);
    else await this.client.set(this.prefix + key, value, 'PX', ttl);
  }

  async del(...keys: string[]): Promise<number> {
    if (keys.length === 0) return 0;
    oneWritePerTurn(this.client);
    return await this.client.del(...keys.map((key) => this.prefix + key));
  }

  async incrBy(key: string, delta: number, ttlSeconds?: number): Promise<number> {
    assertSafeInteger('delta', delta);
    const ttl = ttlMs(ttlSeconds);
    oneWritePerTurn(this.client);
    if (ttl === undefined) return await this.client.incrby(this.prefix + key, delta);
    return await this.client.tollgateIncrByWithTtl(this.prefix + key, delta, ttl);
  }

  async incrByIfPresent(key: string, delta: number, ttlSeconds?: number): Promise<number | null> {
    assertSafeInteger('delta', delta);
    oneWritePerTurn(this.client);
    return await this.client.tollgateIncrByIfPresent(this.prefix + key, delta, ttlMs(ttlSeconds) ?? '');
  }

  async decrByIfEnough(key: string, amount: number, ttlSeconds?: number): Promise<number | null> {
    assertNonNegativeInteger('amount', amount);
    oneWritePerTurn(this.client);
    return await this.client.tollgateDecrByIfEnough(this.prefix + key, amount, ttlMs(ttlSeconds) ?? '');
  }

  async ping(): Promise<void> {
    await this.client.ping();
  }
}
