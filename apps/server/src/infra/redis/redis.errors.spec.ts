import { Redis } from 'ioredis';
import { MaxRetriesPerRequestError } from 'ioredis/built/errors';
import { isRedisUnreachable, redisOutageOf } from './redis.errors';

/** What ioredis rejects a command with on a client that has ended (no socket is ever opened). */
async function closedConnectionError(): Promise<unknown> {
  const client = new Redis({ lazyConnect: true });
  client.disconnect();
  return client.get('x').catch((error: unknown) => error);
}

describe('Redis outage errors', () => {
  it('recognises ioredis failing a command for want of a connection or a reply', async () => {
    const unreachable = [
      await closedConnectionError(),
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      new Error('Command timed out'),
      new MaxRetriesPerRequestError(0),
    ];
    for (const error of unreachable) expect([error, isRedisUnreachable(error)]).toEqual([error, true]);
  });

  it('leaves a refused command and any other failure alone', () => {
    const others: unknown[] = [
      // What Redis answers a wrong command with (ioredis's ReplyError).
      Object.assign(new Error('WRONGTYPE Operation against a key holding the wrong kind of value'), {
        name: 'ReplyError',
      }),
      new Error('Connection is closed'),
      'Command timed out',
      null,
    ];
    for (const error of others) expect([error, redisOutageOf(error)]).toEqual([error, null]);
  });

  it('becomes the 503 domain error, worth a retry in a second', async () => {
    const error = redisOutageOf(await closedConnectionError());
    expect(error).toMatchObject({
      code: 'service_unavailable',
      retryAfterSeconds: 1,
      definition: { kind: 'unavailable', en: expect.stringContaining('temporarily unavailable') as string },
    });
  });
});
