// Anthropic: POST /v1/messages and GET /v1/models (the latter when the caller sends x-api-key).
import { anthropicError } from './anthropic-dialect';
import { claudeAnswer, claudeEvents, type ClaudeMessage } from './claude-answer';
import { readClaudeRequest } from './claude-request';
import { type MockContext } from './context';
import { sendRefusal } from './dialect';
import { sendJson, sendStream, sseEvent } from './reply';

export function messages(ctx: MockContext): void {
  const req = readClaudeRequest(ctx.body);
  if (typeof req === 'string') return sendRefusal(ctx.res, anthropicError(400, req), ctx.behaviour);
  if (ctx.model === undefined || ctx.model === '')
    return sendRefusal(ctx.res, anthropicError(400, 'model: Field required'), ctx.behaviour);
  sendClaude(ctx, claudeAnswer(ctx, req, ctx.model), req.stream);
}

// A Message as JSON, or its events as server-sent events (`event: <type>\ndata: <json>\n\n`).
export function sendClaude(ctx: MockContext, message: ClaudeMessage, stream: boolean): void {
  if (!stream) return sendJson(ctx.res, 200, message, ctx.behaviour);
  const frames = claudeEvents(message, true).map((e) => sseEvent(String(e.type), e));
  sendStream(ctx.res, frames, ctx.behaviour);
}

export const CLAUDE_MODELS = [
  ['claude-opus-4-1-20250805', 'Claude Opus 4.1', '2025-08-05'],
  ['claude-sonnet-4-20250514', 'Claude Sonnet 4', '2025-05-14'],
  ['claude-3-7-sonnet-20250219', 'Claude Sonnet 3.7', '2025-02-19'],
  ['claude-3-5-sonnet-20241022', 'Claude Sonnet 3.5 (New)', '2024-10-22'],
  ['claude-3-5-haiku-20241022', 'Claude Haiku 3.5', '2024-10-22'],
  ['claude-3-haiku-20240307', 'Claude Haiku 3', '2024-03-07'],
] as const;

const MODEL_LIST = {
  data: CLAUDE_MODELS.map(([id, name, date]) => ({
    type: 'model',
    id,
    display_name: name,
    created_at: `${date}T00:00:00Z`,
  })),
  has_more: false,
  first_id: CLAUDE_MODELS[0][0],
  last_id: CLAUDE_MODELS[CLAUDE_MODELS.length - 1][0],
};

export function listClaudeModels(ctx: MockContext): void {
  sendJson(ctx.res, 200, MODEL_LIST, ctx.behaviour);
}
