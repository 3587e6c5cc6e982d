// AWS Bedrock (Claude): POST /model/{modelId}/invoke and /model/{modelId}/invoke-with-response-stream.
// The body is Anthropic's without `model`, with anthropic_version; streams are AWS event-stream frames
// whose payload {"bytes": base64} holds one Anthropic stream event.
import { bedrockError } from './bedrock-dialect';
import { claudeAnswer, claudeEvents, type ClaudeMessage } from './claude-answer';
import { readClaudeRequest, type ClaudeRequest } from './claude-request';
import { type MockContext } from './context';
import { sendRefusal } from './dialect';
import { encodeEventStreamMessage } from './event-stream';
import { type JsonObject } from './fields';
import { sendJson, sendStream } from './reply';

export const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';
// Inference profiles (us., eu., apac., global.) and ARNs name Claude models too; mock-* picks behaviours.
const CLAUDE_MODEL_ID = /^((us|eu|apac|global|us-gov)\.)?anthropic\.claude|^arn:aws:bedrock:|^mock-/;
const EVENT_HEADERS = {
  ':event-type': 'chunk',
  ':content-type': 'application/json',
  ':message-type': 'event',
};
const STREAM_HEAD = {
  'content-type': 'application/vnd.amazon.eventstream',
  'x-amzn-bedrock-content-type': 'application/json',
};
// Bedrock pads each payload so sizes do not give away the content; the decoder must ignore it.
const PADDING = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function malformed(detail: string): string {
  return `Malformed input request: ${detail}, please reformat your input and try again.`;
}

function readBody(ctx: MockContext): ClaudeRequest | null {
  const refuse = (message: string) => {
    sendRefusal(ctx.res, bedrockError(400, message), ctx.behaviour);
    return null;
  };
  if (!CLAUDE_MODEL_ID.test(ctx.model ?? '')) return refuse('The provided model identifier is invalid.');
  if (ctx.body.model !== undefined) return refuse(malformed('#: extraneous key [model] is not permitted'));
  if (ctx.body.anthropic_version === undefined)
    return refuse(malformed('#: required key [anthropic_version] not found'));
  if (ctx.body.anthropic_version !== BEDROCK_ANTHROPIC_VERSION)
    return refuse(
      malformed(
        `#/anthropic_version: ${JSON.stringify(ctx.body.anthropic_version)} is not a valid enum value`,
      ),
    );
  const req = readClaudeRequest(ctx.body);
  return typeof req === 'string' ? refuse(malformed(req)) : req;
}

export function invoke(ctx: MockContext): void {
  const req = readBody(ctx);
  if (req === null) return;
  const message = claudeAnswer(ctx, req, ctx.model ?? '');
  if (message.usage) {
    ctx.res.setHeader('x-amzn-bedrock-input-token-count', message.usage.input_tokens);
    ctx.res.setHeader('x-amzn-bedrock-output-token-count', message.usage.output_tokens);
  }
  sendJson(ctx.res, 200, message, ctx.behaviour);
}

export function invokeWithResponseStream(ctx: MockContext): void {
  const req = readBody(ctx);
  if (req === null) return;
  const frames = bedrockEvents(claudeAnswer(ctx, req, ctx.model ?? '')).map((event, i) =>
    encodeEventStreamMessage({
      headers: EVENT_HEADERS,
      payload: Buffer.from(
        JSON.stringify({
          bytes: Buffer.from(JSON.stringify(event)).toString('base64'),
          p: PADDING.slice(0, 1 + (i % PADDING.length)),
        }),
      ),
    }),
  );
  sendStream(ctx.res, frames, ctx.behaviour, STREAM_HEAD);
}

// Anthropic's events without ping; message_stop carries Bedrock's invocation metrics.
function bedrockEvents(message: ClaudeMessage): JsonObject[] {
  const events = claudeEvents(message, false);
  if (message.usage) {
    events[events.length - 1] = {
      type: 'message_stop',
      'amazon-bedrock-invocationMetrics': {
        inputTokenCount: message.usage.input_tokens,
        outputTokenCount: message.usage.output_tokens,
        invocationLatency: 1,
        firstByteLatency: 1,
      },
    };
  }
  return events;
}
