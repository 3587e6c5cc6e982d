import { crc32 } from 'node:zlib';
import { CLAUDE_CODEC } from '../../protocols/claude/claude-codec';
import { type StreamEvent } from '../../protocols/protocol';
import { AwsEventStreamDecoder } from './event-stream';

type Header = string | { int32: number };

/** One AWS event-stream frame, laid out by the spec independently of the decoder. */
function frame(headers: Record<string, Header>, payload: Buffer): Buffer {
  const encoded = Object.entries(headers).map(([name, value]) => {
    const label = Buffer.concat([Buffer.from([Buffer.byteLength(name)]), Buffer.from(name)]);
    if (typeof value !== 'string') {
      const int = Buffer.alloc(5);
      int.writeUInt8(4, 0);
      int.writeInt32BE(value.int32, 1);
      return Buffer.concat([label, int]);
    }
    const text = Buffer.from(value);
    const prefix = Buffer.alloc(3);
    prefix.writeUInt8(7, 0);
    prefix.writeUInt16BE(text.length, 1);
    return Buffer.concat([label, prefix, text]);
  });
  const headerBytes = Buffer.concat(encoded);
  const prelude = Buffer.alloc(12);
  prelude.writeUInt32BE(12 + headerBytes.length + payload.length + 4, 0);
  prelude.writeUInt32BE(headerBytes.length, 4);
  prelude.writeUInt32BE(crc32(prelude.subarray(0, 8)), 8);
  const message = Buffer.concat([prelude, headerBytes, payload]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(message), 0);
  return Buffer.concat([message, crc]);
}

const chunkFrame = (claudeEvent: object): Buffer =>
  frame(
    { ':event-type': 'chunk', ':content-type': 'application/json', ':message-type': 'event' },
    Buffer.from(
      JSON.stringify({ bytes: Buffer.from(JSON.stringify(claudeEvent)).toString('base64'), p: 'abcd' }),
    ),
  );

const CLAUDE_EVENTS = [
  {
    type: 'message_start',
    message: {
      id: 'msg_bdrk_1',
      model: 'claude-3-5-sonnet-20240620',
      usage: { input_tokens: 12, output_tokens: 1 },
    },
  },
  { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Héllo from Bedrock' } },
  { type: 'content_block_stop', index: 0 },
  { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 4 } },
  {
    type: 'message_stop',
    'amazon-bedrock-invocationMetrics': { inputTokenCount: 12, outputTokenCount: 4, invocationLatency: 300 },
  },
];

const STREAM = Buffer.concat(CLAUDE_EVENTS.map(chunkFrame));
const EXPECTED: StreamEvent[] = CLAUDE_EVENTS.map((data) => ({ event: data.type, data }));

const decodeAll = (pieces: readonly Buffer[]): StreamEvent[] => {
  const decoder = new AwsEventStreamDecoder();
  return [...pieces.flatMap((piece) => decoder.push(piece)), ...decoder.finish()];
};

describe('AwsEventStreamDecoder', () => {
  it('turns chunk frames into the Claude events inside their base64 `bytes`', () => {
    expect(decodeAll([STREAM])).toEqual(EXPECTED);
  });

  it('reassembles frames split anywhere, down to one byte at a time', () => {
    const bytes = [...STREAM].map((byte) => Buffer.from([byte]));
    expect(decodeAll(bytes)).toEqual(EXPECTED);
    const cut = 30; // inside the first frame's headers
    expect(
      decodeAll([STREAM.subarray(0, cut), STREAM.subarray(cut, cut + 200), STREAM.subarray(cut + 200)]),
    ).toEqual(EXPECTED);
  });

  it('skips frames that are not chunks and reads headers of other types', () => {
    const other = frame(
      { ':message-type': 'event', ':event-type': 'initial-response', count: { int32: 7 } },
      Buffer.from('{}'),
    );
    expect(decodeAll([other, chunkFrame(CLAUDE_EVENTS[0])])).toEqual([EXPECTED[0]]);
  });

  it('turns an exception frame into a Claude error event the codec passes on', () => {
    const exception = frame(
      {
        ':message-type': 'exception',
        ':exception-type': 'throttlingException',
        ':content-type': 'application/json',
      },
      Buffer.from('{"message":"Too many requests, please wait before trying again."}'),
    );
    const events = decodeAll([chunkFrame(CLAUDE_EVENTS[0]), exception]);
    expect(events[1]).toEqual({
      event: 'error',
      data: {
        type: 'error',
        error: { type: 'rate_limit_error', message: 'Too many requests, please wait before trying again.' },
      },
    });
    const transcoder = CLAUDE_CODEC.streamToPivot();
    const pivot = events.flatMap((event) => transcoder.push(event));
    expect(pivot.at(-1)?.data).toMatchObject({ error: { type: 'rate_limit_error' } });
  });

  it('stops with an error event at a damaged checksum, and at a stream cut inside a frame', () => {
    const damaged = Buffer.from(STREAM);
    damaged[40] ^= 0xff;
    const fromDamaged = decodeAll([damaged]);
    expect(fromDamaged).toHaveLength(1);
    expect(fromDamaged[0]).toMatchObject({
      event: 'error',
      data: { error: { message: expect.stringContaining('checksum') } },
    });
    const cut = decodeAll([STREAM.subarray(0, STREAM.length - 3)]);
    expect(cut.slice(0, -1)).toEqual(EXPECTED.slice(0, -1));
    expect(cut.at(-1)).toMatchObject({
      event: 'error',
      data: { error: { message: expect.stringContaining('inside a frame') } },
    });
  });

  it('feeds the Claude meter: usage and text of a Bedrock stream', () => {
    const meter = CLAUDE_CODEC.streamMeter();
    for (const event of decodeAll([STREAM])) meter.observe(event);
    expect(meter.usage).toEqual({ promptTokens: 12, completionTokens: 4 });
    expect(meter.text).toBe('Héllo from Bedrock');
  });
});
