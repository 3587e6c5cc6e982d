import { crc32 } from 'node:zlib';
import {
  encodeEventStreamMessage,
  EventStreamDecoder,
  EventStreamError,
  type EventStreamMessage,
} from './event-stream';

const CHUNK: EventStreamMessage = {
  headers: { ':event-type': 'chunk', ':content-type': 'application/json', ':message-type': 'event' },
  payload: Buffer.from('{"bytes":"eyJ0eXBlIjoicGluZyJ9"}'),
};

describe('AWS event-stream framing', () => {
  it('lays out prelude, headers, payload and both CRCs', () => {
    const frame = encodeEventStreamMessage(CHUNK);
    expect(frame.readUInt32BE(0)).toBe(frame.length);
    expect(frame.readUInt32BE(8)).toBe(crc32(frame.subarray(0, 8)));
    expect(frame.readUInt32BE(frame.length - 4)).toBe(crc32(frame.subarray(0, frame.length - 4)));
    const headersLength = frame.readUInt32BE(4);
    // name length, ":event-type", type 7 (string), value length, "chunk"
    expect(frame.subarray(12, 12 + 1 + 11 + 1 + 2 + 5)).toEqual(
      Buffer.concat([
        Buffer.from([11]),
        Buffer.from(':event-type'),
        Buffer.from([7, 0, 5]),
        Buffer.from('chunk'),
      ]),
    );
    expect(frame.subarray(12 + headersLength, frame.length - 4).toString()).toBe(CHUNK.payload.toString());
  });

  it('round-trips every header type it encodes', () => {
    const message: EventStreamMessage = {
      headers: {
        text: 'héllo',
        yes: true,
        no: false,
        int: -42,
        long: 9_007_199_254_740_993n,
        bytes: Buffer.from([1, 2, 3]),
        when: new Date('2024-01-02T03:04:05.678Z'),
      },
      payload: Buffer.from('payload'),
    };
    const [decoded] = new EventStreamDecoder().push(encodeEventStreamMessage(message));
    expect(decoded).toEqual(message);
  });

  it('decodes frames split at every byte and several frames in one chunk', () => {
    const frames = Buffer.concat([
      encodeEventStreamMessage(CHUNK),
      encodeEventStreamMessage({ headers: {}, payload: Buffer.alloc(0) }),
    ]);
    const decoder = new EventStreamDecoder();
    const byByte = [...frames].flatMap((byte) => decoder.push(Buffer.from([byte])));
    expect(byByte).toHaveLength(2);
    expect(byByte[0]).toEqual(CHUNK);
    expect(() => decoder.finish()).not.toThrow();
    expect(new EventStreamDecoder().push(Buffer.concat([frames, frames]))).toHaveLength(4);
  });

  it('refuses a corrupted prelude or message, and a stream that ends mid-frame', () => {
    const badPrelude = encodeEventStreamMessage(CHUNK);
    badPrelude[3] ^= 1;
    expect(() => new EventStreamDecoder().push(badPrelude)).toThrow(
      new EventStreamError('event-stream prelude CRC mismatch'),
    );
    const badPayload = encodeEventStreamMessage(CHUNK);
    badPayload[badPayload.length - 6] ^= 1;
    expect(() => new EventStreamDecoder().push(badPayload)).toThrow(
      new EventStreamError('event-stream message CRC mismatch'),
    );
    const decoder = new EventStreamDecoder();
    expect(decoder.push(encodeEventStreamMessage(CHUNK).subarray(0, 20))).toEqual([]);
    expect(() => decoder.finish()).toThrow(EventStreamError);
  });
});
