import { crc32 } from 'node:zlib';
import { type StreamDecoder, type StreamEvent } from '../../protocols/protocol';

// AWS event-stream framing: total length, headers length, prelude CRC (each uint32 BE), headers, payload,
// message CRC. CRC32 is node:zlib's (Node ≥ 20.15).
const PRELUDE_LENGTH = 12;
const CRC_LENGTH = 4;
const MIN_FRAME = PRELUDE_LENGTH + CRC_LENGTH;
// AWS caps a frame at 16 MiB; a larger length means the bytes are not a frame.
const MAX_FRAME = 16 * 1024 * 1024;

type HeaderValue = string | number | boolean | bigint | Buffer;

// Value sizes of the fixed-width header types (0 true, 1 false, 2 byte, 3 short, 4 int, 5 long, 8 time, 9 uuid).
const FIXED_SIZES = new Map<number, number>([
  [0, 0],
  [1, 0],
  [2, 1],
  [3, 2],
  [4, 4],
  [5, 8],
  [8, 8],
  [9, 16],
]);

const BYTES_TYPE = 6;
const STRING_TYPE = 7;

class FrameError extends Error {}

function readHeaders(bytes: Buffer): Map<string, HeaderValue> {
  const headers = new Map<string, HeaderValue>();
  let at = 0;
  while (at < bytes.length) {
    const nameLength = bytes.readUInt8(at);
    const name = bytes.toString('utf8', at + 1, at + 1 + nameLength);
    const type = bytes.readUInt8(at + 1 + nameLength);
    at += 2 + nameLength;
    if (type === BYTES_TYPE || type === STRING_TYPE) {
      const length = bytes.readUInt16BE(at);
      const value = bytes.subarray(at + 2, at + 2 + length);
      headers.set(name, type === STRING_TYPE ? value.toString('utf8') : value);
      at += 2 + length;
      continue;
    }
    const size = FIXED_SIZES.get(type);
    if (size === undefined) throw new FrameError(`unknown header type ${type}`);
    headers.set(name, type === 0 ? true : type === 1 ? false : bytes.subarray(at, at + size));
    at += size;
  }
  return headers;
}

interface Frame {
  headers: Map<string, HeaderValue>;
  payload: Buffer;
}

function readFrame(frame: Buffer): Frame {
  if (crc32(frame.subarray(0, 8)) !== frame.readUInt32BE(8))
    throw new FrameError('prelude checksum mismatch');
  const end = frame.length - CRC_LENGTH;
  if (crc32(frame.subarray(0, end)) !== frame.readUInt32BE(end))
    throw new FrameError('message checksum mismatch');
  const headersEnd = PRELUDE_LENGTH + frame.readUInt32BE(4);
  if (headersEnd > end) throw new FrameError('headers overrun the frame');
  return {
    headers: readHeaders(frame.subarray(PRELUDE_LENGTH, headersEnd)),
    payload: frame.subarray(headersEnd, end),
  };
}

// Bedrock's exception names → the Claude error type a caller would have had from Anthropic.
const CLAUDE_TYPE_OF_EXCEPTION = new Map<string, string>([
  ['throttlingException', 'rate_limit_error'],
  ['serviceUnavailableException', 'overloaded_error'],
  ['validationException', 'invalid_request_error'],
  ['modelTimeoutException', 'timeout_error'],
]);

const claudeError = (type: string, message: string): StreamEvent => ({
  event: 'error',
  data: { type: 'error', error: { type, message } },
});

function parseJson(payload: Buffer): Record<string, unknown> {
  const value: unknown = JSON.parse(payload.toString('utf8'));
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** One frame → the Claude event it carries (base64 JSON in `bytes`), or a Claude error for an exception. */
function eventOf({ headers, payload }: Frame): StreamEvent | null {
  const messageType = headers.get(':message-type');
  if (messageType === 'exception' || messageType === 'error') {
    const name = String(headers.get(':exception-type') ?? headers.get(':error-code') ?? '');
    const json = payload.length > 0 ? parseJson(payload) : {};
    const message =
      typeof json.message === 'string' ? json.message : String(headers.get(':error-message') ?? name);
    return claudeError(CLAUDE_TYPE_OF_EXCEPTION.get(name) ?? 'api_error', message);
  }
  if (messageType !== 'event' || headers.get(':event-type') !== 'chunk') return null;
  const bytes = parseJson(payload).bytes;
  if (typeof bytes !== 'string') return null;
  const data = parseJson(Buffer.from(bytes, 'base64'));
  return { event: typeof data.type === 'string' ? data.type : undefined, data };
}

/**
 * Bedrock's invoke-with-response-stream body (AWS event-stream frames) → Claude stream events, whatever the
 * chunk boundaries. A damaged frame (bad checksum, impossible length, unreadable JSON) or a stream cut
 * inside a frame ends the decoding with a Claude `error` event.
 */
export class AwsEventStreamDecoder implements StreamDecoder {
  private pending: Buffer = Buffer.alloc(0);
  private broken = false;

  push(chunk: Buffer): StreamEvent[] {
    if (this.broken) return [];
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const events: StreamEvent[] = [];
    try {
      while (this.pending.length >= PRELUDE_LENGTH) {
        const total = this.pending.readUInt32BE(0);
        if (total < MIN_FRAME || total > MAX_FRAME) throw new FrameError(`impossible frame length ${total}`);
        if (this.pending.length < total) break;
        const event = eventOf(readFrame(this.pending.subarray(0, total)));
        this.pending = this.pending.subarray(total);
        if (event) events.push(event);
      }
    } catch (error) {
      const reason = error instanceof FrameError ? error.message : 'unreadable frame';
      return [...events, this.fail(`Bedrock stream damaged: ${reason}`)];
    }
    return events;
  }

  finish(): StreamEvent[] {
    if (this.broken || this.pending.length === 0) return [];
    return [this.fail('Bedrock stream ended inside a frame')];
  }

  private fail(message: string): StreamEvent {
    this.broken = true;
    this.pending = Buffer.alloc(0);
    return claudeError('api_error', message);
  }
}
