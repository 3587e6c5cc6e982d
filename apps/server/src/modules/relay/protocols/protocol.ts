import { type OpenAiErrorBody } from '@tollgate/contracts';
import { type Usage } from '../../billing/billing.types';

/** The wire protocols the relay speaks, both to callers (inbound) and to providers (upstream). */
export type Protocol = 'openai' | 'claude' | 'gemini';

export type Json = Record<string, unknown>;

/** The OpenAI-compatible endpoints the relay forwards; the value is OpenAI's path for it. */
export type RelayEndpoint =
  | '/v1/chat/completions'
  | '/v1/completions'
  | '/v1/embeddings'
  | '/v1/moderations'
  | '/v1/images/generations'
  | '/v1/audio/speech'
  | '/v1/audio/transcriptions'
  | '/v1/audio/translations'
  | '/v1/responses';

/**
 * One server-sent event with its data parsed. `event` is the SSE event name (Claude sends one; OpenAI and
 * Gemini do not). `data` is the parsed JSON, or the literal string '[DONE]' for OpenAI's end marker.
 */
export interface StreamEvent {
  event?: string;
  data: unknown;
}

/** Turns one protocol's stream into another's, event by event, keeping whatever state it needs. */
export interface StreamTranscoder {
  /** The target protocol's events for one source event (often none, sometimes several). */
  push(event: StreamEvent): StreamEvent[];
  /** Events that close the target stream once the source has ended (OpenAI [DONE], Claude message_stop). */
  finish(): StreamEvent[];
}

/** Turns a streamed answer's raw bytes into events (SSE for most; AWS event-stream frames for Bedrock). */
export interface StreamDecoder {
  push(chunk: Buffer): StreamEvent[];
  finish(): StreamEvent[];
}

/** Reads billing facts from one protocol's stream as it passes (Claude spreads usage over two events). */
export interface StreamMeter {
  observe(event: StreamEvent): void;
  /** The provider's own figures once seen; null when it sent none. */
  readonly usage: Usage | null;
  /** Generated text so far, counted locally when the provider sends no usage. */
  readonly text: string;
  /**
   * Where a meter can tell from the raw SSE block whether an event carries usage: takes the block, parses
   * only such events at once (answering them, null otherwise) and the rest only if its text is asked for
   * (no usage came, chat content is logged). Most events of a metered stream are then never parsed.
   */
  observeBlock?(block: string): StreamEvent | null;
}

/**
 * Everything protocol-specific about one wire protocol. Conversions go through a pivot: the OpenAI chat
 * completions shape (request body, answer, stream chunk). A caller and a provider on the same protocol
 * never go through the pivot: their bytes pass straight through.
 */
export interface ProtocolCodec {
  readonly protocol: Protocol;

  /** A caller's request in this protocol → an OpenAI chat body (model and stream come from the route for Gemini). */
  requestToPivot(body: Json, model: string, stream: boolean): Json;
  /** An OpenAI chat body → this protocol's request body (for a provider speaking it). */
  requestFromPivot(pivot: Json): Json;

  /** A provider's whole answer in this protocol → an OpenAI chat completion. */
  answerToPivot(answer: Json): Json;
  /** An OpenAI chat completion → this protocol's answer (for a caller speaking it); `model` = requested name. */
  answerFromPivot(pivot: Json, model: string): Json;

  /** This protocol's stream → OpenAI chat chunks (including a final usage chunk and '[DONE]'). */
  streamToPivot(): StreamTranscoder;
  /** OpenAI chat chunks → this protocol's stream events. */
  streamFromPivot(model: string): StreamTranscoder;

  /** Usage of a whole answer in this protocol (prompt includes cached and cache-creation tokens). */
  usageOfAnswer(answer: unknown): Usage | null;
  /** Generated text of a whole answer in this protocol. */
  textOfAnswer(answer: unknown): string;
  streamMeter(): StreamMeter;

  /** A provider's non-2xx body in this protocol → the OpenAI error shape (before any secret redaction). */
  errorToPivot(status: number, text: string): OpenAiErrorBody;
  /** The error body a caller of this protocol receives for an OpenAI-shaped error. */
  errorFromPivot(status: number, error: OpenAiErrorBody): Json;
}
