import { codecFor } from '../protocols/codecs';
import { type StreamTranscoder } from '../protocols/protocol';
import { SseDecoder } from '../protocols/sse';
import {
  ConvertingStream,
  JsonArrayFraming,
  SSE_FRAMING,
  UsageChunkFilter,
} from '../protocols/stream-conversion';
import { type UpstreamSuccess } from '../upstream/relay-attempts';
import { type RelayRequest } from '../requests/relay-request';
import { SseForwarder } from './sse-forwarder';

/**
 * A stream in the caller's protocol and framing passes through byte for byte (only read for billing);
 * anything else is decoded, converted through the pivot and re-encoded.
 */
export function streamReader(
  request: RelayRequest,
  success: UpstreamSuccess,
): SseForwarder | ConvertingStream {
  const upstream = codecFor(success.protocol);
  const dropUsage = request.inbound === 'openai' && !request.callerWantsUsage;
  const same = request.inbound === success.protocol;
  const jsonArray = request.answer === 'json-array';
  if (same && success.decoder === null && !jsonArray)
    return new SseForwarder(upstream.streamMeter(), dropUsage);
  const steps: StreamTranscoder[] = same
    ? []
    : [
        upstream.streamToPivot(),
        ...(dropUsage ? [new UsageChunkFilter()] : []),
        codecFor(request.inbound).streamFromPivot(request.model),
      ];
  const framing = jsonArray ? new JsonArrayFraming() : SSE_FRAMING;
  return new ConvertingStream(success.decoder ?? new SseDecoder(), upstream.streamMeter(), steps, framing);
}

/** The content type of a stream the relay writes itself, by answer kind. */
export const STREAM_CONTENT_TYPES: Partial<Record<RelayRequest['answer'], string>> = {
  sse: 'text/event-stream; charset=utf-8',
  'json-array': 'application/json; charset=utf-8',
};
