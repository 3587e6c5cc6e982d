import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { request } from 'undici';
import { RelayReply } from '../src/modules/relay/streams/stream-writer';

// The relay's stream writer on a real Fastify server and socket: what the caller sees, and when.
describe('relay stream writer', () => {
  let app: FastifyInstance;
  let origin: string;
  let script: (reply: RelayReply) => Promise<void>;

  beforeAll(async () => {
    app = Fastify();
    app.post('/stream', async (_request, response: FastifyReply) => {
      const reply = new RelayReply(response, 'req-1');
      await script(reply);
    });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('sends the headers at once when the provider is slow to its first byte', async () => {
    // The provider's first byte waits until the caller has the headers: a writer that held them back for
    // it would leave the caller with nothing (no clock involved, so a busy machine cannot fail it).
    let firstByte = () => {};
    const providerWaits = new Promise<void>((resolve) => (firstByte = resolve));
    script = async (reply) => {
      reply.startStream();
      await providerWaits;
      await reply.write('data: late\n\n');
      reply.end();
    };
    const call = request(`${origin}/stream`, { method: 'POST' });
    const gaveUp = sleep(10_000, false, { ref: false });
    const headersFirst = await Promise.race([call.then(() => true), gaveUp]);
    firstByte();
    expect(headersFirst).toBe(true);
    const answer = await call;
    expect(answer.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(answer.headers['x-request-id']).toBe('req-1');
    expect(await answer.body.text()).toBe('data: late\n\n');
  });

  it('delivers every piece in order, whether written in one turn or across turns', async () => {
    script = async (reply) => {
      reply.startStream();
      await reply.write('data: 1\n\n');
      await reply.write('data: 2\n\n');
      await sleep(20);
      await reply.write('data: 3\n\n');
      await reply.write('');
      reply.end();
    };
    const answer = await request(`${origin}/stream`, { method: 'POST' });
    expect(await answer.body.text()).toBe('data: 1\n\ndata: 2\n\ndata: 3\n\n');
  });

  it('sends a piece larger than the socket buffer whole (backpressure)', async () => {
    const big = 'x'.repeat(4 * 1024 * 1024);
    script = async (reply) => {
      reply.startStream();
      await reply.write(big);
      await reply.write('!');
      reply.end();
    };
    const answer = await request(`${origin}/stream`, { method: 'POST' });
    expect(await answer.body.text()).toBe(`${big}!`);
  });

  it('keeps the last bytes, once the answer is complete, to send them with the end in one write', async () => {
    // What a raw caller reads, piece by piece: each socket write on loopback arrives as one piece.
    let settled = () => {};
    const settlement = new Promise<void>((resolve) => (settled = resolve));
    script = async (reply) => {
      reply.startStream();
      await reply.write('data: 1\n\n');
      await sleep(20);
      await reply.write('data: last\n\n');
      reply.keepUntilEnd();
      await settlement;
      reply.end();
    };
    const pieces: string[] = [];
    const socket = connect(Number(new URL(origin).port), '127.0.0.1');
    const ended = new Promise<void>((resolve) => {
      socket.on('data', (piece) => {
        pieces.push(piece.toString());
        if (piece.toString().endsWith('0\r\n\r\n')) resolve();
      });
    });
    socket.write('POST /stream HTTP/1.1\r\nhost: test\r\ncontent-length: 0\r\n\r\n');
    await sleep(200);
    // Written, answer complete, not settled: nothing of the last piece has left yet.
    const beforeSettling = pieces.join('');
    settled();
    await ended;
    socket.destroy();
    expect(beforeSettling).toContain('data: 1');
    expect(beforeSettling).not.toContain('data: last');
    expect(pieces.at(-1)).toMatch(/data: last\n\n\r\n0\r\n\r\n$/);
  });

  it('tells the pipeline when the caller leaves, also while its socket is full', async () => {
    let signal: RelayReply['signal'] | undefined;
    let stopped: () => void = () => undefined;
    const writerStopped = new Promise<void>((resolve) => (stopped = resolve));
    script = async (reply) => {
      signal = reply.signal;
      reply.startStream();
      for (let piece = 0; piece < 1000 && !reply.signal.aborted; piece += 1) {
        await reply.write('y'.repeat(1024 * 1024));
      }
      reply.end();
      stopped();
    };
    const answer = await request(`${origin}/stream`, { method: 'POST' });
    answer.body.destroy();
    await writerStopped;
    expect(signal?.aborted).toBe(true);
  });
});
