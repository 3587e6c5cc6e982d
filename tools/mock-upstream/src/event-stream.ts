// AWS event-stream framing (application/vnd.amazon.eventstream), as Bedrock streams answers:
// [total length u32][headers length u32][prelude CRC32][headers][payload][message CRC32], big-endian.
import { crc32 } from 'node:zlib';

export type HeaderValue = string | boolean | number | bigint | Buffer | Date;

export interface EventStreamMessage {
  headers: Record<string, HeaderValue>;
  payload: Buffer;
}

export class EventStreamError extends Error {}

const PRELUDE = 8;
const PRELUDE_WITH_CRC = 12;
const CRC = 4;
const MIN_MESSAGE = PRELUDE_WITH_CRC + CRC;

// Header value types of the wire format.
enum T {
  True = 0,
  False = 1,
  Byte = 2,
  Short = 3,
  Int = 4,
  Long = 5,
  Bytes = 6,
  String = 7,
  Timestamp = 8,
  Uuid = 9,
}

function encodeHeader(name: string, value: HeaderValue): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  let body: Buffer;
  if (typeof value === 'boolean') body = Buffer.from([value ? T.True : T.False]);
  else if (typeof value === 'number') {
    body = Buffer.alloc(5);
    body.writeUInt8(T.Int, 0);
    body.writeInt32BE(value, 1);
  } else if (typeof value === 'bigint') {
    body = Buffer.alloc(9);
    body.writeUInt8(T.Long, 0);
    body.writeBigInt64BE(value, 1);
  } else if (value instanceof Date) {
    body = Buffer.alloc(9);
    body.writeUInt8(T.Timestamp, 0);
    body.writeBigInt64BE(BigInt(value.getTime()), 1);
  } else {
    const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
    body = Buffer.alloc(3 + bytes.length);
    body.writeUInt8(typeof value === 'string' ? T.String : T.Bytes, 0);
    body.writeUInt16BE(bytes.length, 1);
    bytes.copy(body, 3);
  }
  return Buffer.concat([Buffer.from([nameBytes.length]), nameBytes, body]);
}

export function encodeEventStreamMessage(message: EventStreamMessage): Buffer {
  const headers = Buffer.concat(Object.entries(message.headers).map(([n, v]) => encodeHeader(n, v)));
  const total = PRELUDE_WITH_CRC + headers.length + message.payload.length + CRC;
  const out = Buffer.alloc(total);
  out.writeUInt32BE(total, 0);
  out.writeUInt32BE(headers.length, 4);
  out.writeUInt32BE(crc32(out.subarray(0, PRELUDE)), PRELUDE);
  headers.copy(out, PRELUDE_WITH_CRC);
  message.payload.copy(out, PRELUDE_WITH_CRC + headers.length);
  out.writeUInt32BE(crc32(out.subarray(0, total - CRC)), total - CRC);
  return out;
}

function decodeHeaders(bytes: Buffer): Record<string, HeaderValue> {
  const headers: Record<string, HeaderValue> = {};
  let at = 0;
  while (at < bytes.length) {
    const nameLength = bytes.readUInt8(at);
    const name = bytes.toString('utf8', at + 1, at + 1 + nameLength);
    at += 1 + nameLength;
    const type = bytes.readUInt8(at) as T;
    at += 1;
    switch (type) {
      case T.True:
      case T.False:
        headers[name] = type === T.True;
        break;
      case T.Byte:
        headers[name] = bytes.readInt8(at);
        at += 1;
        break;
      case T.Short:
        headers[name] = bytes.readInt16BE(at);
        at += 2;
        break;
      case T.Int:
        headers[name] = bytes.readInt32BE(at);
        at += 4;
        break;
      case T.Long:
        headers[name] = bytes.readBigInt64BE(at);
        at += 8;
        break;
      case T.Timestamp:
        headers[name] = new Date(Number(bytes.readBigInt64BE(at)));
        at += 8;
        break;
      case T.Uuid:
        headers[name] = Buffer.from(bytes.subarray(at, at + 16));
        at += 16;
        break;
      case T.Bytes:
      case T.String: {
        const length = bytes.readUInt16BE(at);
        const value = bytes.subarray(at + 2, at + 2 + length);
        headers[name] = type === T.String ? value.toString('utf8') : Buffer.from(value);
        at += 2 + length;
        break;
      }
      default:
        throw new EventStreamError(`unknown header type ${String(type)}`);
    }
  }
  return headers;
}

// Collects bytes as they arrive (a frame may be split across chunks) and yields whole, CRC-checked messages.
export class EventStreamDecoder {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): EventStreamMessage[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const messages: EventStreamMessage[] = [];
    while (this.pending.length >= PRELUDE_WITH_CRC) {
      const total = this.pending.readUInt32BE(0);
      if (crc32(this.pending.subarray(0, PRELUDE)) !== this.pending.readUInt32BE(PRELUDE))
        throw new EventStreamError('event-stream prelude CRC mismatch');
      if (total < MIN_MESSAGE)
        throw new EventStreamError(`event-stream message length ${total} is too short`);
      if (this.pending.length < total) break;
      const frame = this.pending.subarray(0, total);
      this.pending = this.pending.subarray(total);
      if (crc32(frame.subarray(0, total - CRC)) !== frame.readUInt32BE(total - CRC))
        throw new EventStreamError('event-stream message CRC mismatch');
      const headersLength = frame.readUInt32BE(4);
      const headersEnd = PRELUDE_WITH_CRC + headersLength;
      messages.push({
        headers: decodeHeaders(frame.subarray(PRELUDE_WITH_CRC, headersEnd)),
        payload: Buffer.from(frame.subarray(headersEnd, total - CRC)),
      });
    }
    return messages;
  }

  // Throws when the stream ended inside a message.
  finish(): void {
    if (this.pending.length > 0)
      throw new EventStreamError(`event-stream ended inside a message (${this.pending.length} bytes left)`);
  }
}
