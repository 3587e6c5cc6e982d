import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, type Socket } from 'node:net';
import { UpstreamClient } from '../src/modules/relay/upstream/upstream-client';

// A real HTTP server: the client is the relay's only way out, so it is tested on real sockets.
describe('relay upstream client (undici pool per origin)', () => {
  let server: Server;
  let origin: string;
  const sockets = new Set<Socket>();
  let handler: (request: IncomingMessage, response: ServerResponse) => void;

  beforeAll(async () => {
    server = createServer((request, response) => handler(request, response));
    server.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => sockets.clear());

  it('sends method, path, query, headers and body; answers status, headers and the body stream', async () => {
    handler = (request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        response.setHeader('x-echo', `${request.method} ${request.url} ${request.headers.authorization}`);
        response.writeHead(201, { 'content-type': 'application/json' });
        response.end(body);
      });
    };
    const client = new UpstreamClient();
    try {
      const answer = await client.request({
        url: `${origin}/v1/chat/completions?x=1`,
        method: 'POST',
        headers: { authorization: 'Bearer up', 'content-type': 'application/json' },
        body: '{"model":"m"}',
      });
      expect(answer.status).toBe(201);
      expect(answer.headers['x-echo']).toBe('POST /v1/chat/completions?x=1 Bearer up');
      expect(await answer.body.text()).toBe('{"model":"m"}');
    } finally {
      await client.onModuleDestroy();
    }
  });

  it('keeps connections alive across calls and streams chunks as they arrive', async () => {
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: 1\n\n');
      setTimeout(() => response.end('data: [DONE]\n\n'), 50);
    };
    const client = new UpstreamClient();
    try {
      for (let i = 0; i < 3; i++) {
        const answer = await client.request({ url: `${origin}/stream`, method: 'GET', headers: {} });
        const chunks: string[] = [];
        for await (const chunk of answer.body) chunks.push((chunk as Buffer).toString());
        expect(chunks).toEqual(['data: 1\n\n', 'data: [DONE]\n\n']);
        // The connection returns to the pool once undici has finished the response on its side.
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(sockets.size).toBe(1);
    } finally {
      await client.onModuleDestroy();
    }
  });

  it('gives up on a provider that sends no headers in time, and on a silent body', async () => {
    // undici checks timeouts of a second or more on a coarse (~0.5 s) timer: 1 s against a 2.5 s delay.
    const client = new UpstreamClient({ connectMs: 1000, headersMs: 1000, bodyMs: 1000, keepAliveMs: 1000 });
    try {
      handler = (_request, response) => setTimeout(() => response.end('late'), 2500);
      await expect(
        client.request({ url: `${origin}/slow`, method: 'GET', headers: {} }),
      ).rejects.toMatchObject({
        code: 'UND_ERR_HEADERS_TIMEOUT',
      });
      handler = (_request, response) => {
        response.writeHead(200);
        response.write('first');
        setTimeout(() => response.end('late'), 2500);
      };
      const answer = await client.request({ url: `${origin}/drip`, method: 'GET', headers: {} });
      await expect(answer.body.text()).rejects.toMatchObject({ code: 'UND_ERR_BODY_TIMEOUT' });
    } finally {
      await client.onModuleDestroy();
    }
  });

  it('aborts on the signal and closes its pools on shutdown', async () => {
    handler = (_request, response) => setTimeout(() => response.end('late'), 300);
    const client = new UpstreamClient();
    const controller = new AbortController();
    const pending = client.request({
      url: `${origin}/abort`,
      method: 'GET',
      headers: {},
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    handler = (_request, response) => response.end('ok');
    await client.request({ url: `${origin}/ok`, method: 'GET', headers: {} }).then((a) => a.body.text());
    await client.onModuleDestroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([...sockets].every((socket) => socket.destroyed || socket.readableEnded)).toBe(true);
  });

  it("aborts on an emitter's 'abort' too (the relay's caller-gone signal), before and after the headers", async () => {
    handler = (_request, response) => {
      response.writeHead(200);
      response.write('first');
      setTimeout(() => response.end('late'), 300);
    };
    const client = new UpstreamClient();
    try {
      const waiting = Object.assign(new EventEmitter(), { aborted: false });
      const pending = client.request({ url: `${origin}/a`, method: 'GET', headers: {}, signal: waiting });
      waiting.emit('abort');
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
      const reading = Object.assign(new EventEmitter(), { aborted: false });
      const answer = await client.request({
        url: `${origin}/b`,
        method: 'GET',
        headers: {},
        signal: reading,
      });
      reading.emit('abort');
      await expect(answer.body.text()).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      await client.onModuleDestroy();
    }
  });
});
