// POST /v1/responses — the Responses API, non-stream and as its typed event stream.
import { cachedTokens, replyWordsHeader, type MockContext } from './context';
import { invalidRequest } from './errors';
import { nextId, nowSeconds, stringField, type JsonObject } from './fields';
import { sendJson, sendStream, sseEvent } from './reply';
import { buildReply, lastUserText, maxTokensOf, messagesPromptTokens, type Reply } from './usage';

interface ResponseUsage {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
}

// `input` is a string (one user message) or a list of message items; `instructions` counts as a
// leading system message. Tokens follow the chat rule.
function inputMessages(body: JsonObject): unknown[] | null {
  const input = body.input;
  const messages: unknown[] =
    typeof input === 'string' ? [{ role: 'user', content: input }] : Array.isArray(input) ? input : [];
  if (messages.length === 0) return null;
  const instructions = stringField(body, 'instructions');
  return instructions === undefined ? messages : [{ role: 'system', content: instructions }, ...messages];
}

export function responses(ctx: MockContext): void {
  const messages = inputMessages(ctx.body);
  if (messages === null) {
    sendJson(ctx.res, 400, invalidRequest("'input' is required", 'input'), ctx.behaviour);
    return;
  }
  const reply = buildReply(
    lastUserText(messages),
    maxTokensOf(ctx.body, 'max_output_tokens'),
    replyWordsHeader(ctx),
  );
  const promptTokens = messagesPromptTokens(messages);
  const cached = Math.min(cachedTokens(ctx) ?? 0, promptTokens);
  const usage: ResponseUsage | null = ctx.behaviour.noUsage
    ? null
    : {
        input_tokens: promptTokens,
        input_tokens_details: { cached_tokens: cached },
        output_tokens: reply.words.length,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: promptTokens + reply.words.length,
      };
  const shape = new ResponseShape(ctx.model ?? '', reply, usage);
  if (ctx.body.stream === true) sendStream(ctx.res, shape.events(), ctx.behaviour);
  else sendJson(ctx.res, 200, shape.response('final'), ctx.behaviour);
}

class ResponseShape {
  private readonly id = nextId('resp');
  private readonly itemId = nextId('msg');
  private readonly createdAt = nowSeconds();
  private sequence = 0;

  constructor(
    private readonly model: string,
    private readonly reply: Reply,
    private readonly usage: ResponseUsage | null,
  ) {}

  private part(): JsonObject {
    return { type: 'output_text', text: this.reply.text, annotations: [] };
  }

  private item(done: boolean): JsonObject {
    const content = done ? [this.part()] : [];
    return {
      id: this.itemId,
      type: 'message',
      status: done ? 'completed' : 'in_progress',
      role: 'assistant',
      content,
    };
  }

  response(stage: 'start' | 'final'): JsonObject {
    const final = stage === 'final';
    const status = !final ? 'in_progress' : this.reply.truncated ? 'incomplete' : 'completed';
    return {
      id: this.id,
      object: 'response',
      created_at: this.createdAt,
      status,
      incomplete_details: final && this.reply.truncated ? { reason: 'max_output_tokens' } : null,
      model: this.model,
      output: final ? [this.item(true)] : [],
      usage: final ? this.usage : null,
    };
  }

  private event(type: string, fields: JsonObject): string {
    const frame = sseEvent(type, { type, sequence_number: this.sequence, ...fields });
    this.sequence += 1;
    return frame;
  }

  events(): string[] {
    const at = { item_id: this.itemId, output_index: 0, content_index: 0 };
    const frames = [
      this.event('response.created', { response: this.response('start') }),
      this.event('response.in_progress', { response: this.response('start') }),
      this.event('response.output_item.added', { output_index: 0, item: this.item(false) }),
      this.event('response.content_part.added', {
        ...at,
        part: { type: 'output_text', text: '', annotations: [] },
      }),
    ];
    this.reply.words.forEach((word, i) => {
      frames.push(
        this.event('response.output_text.delta', { ...at, delta: i === 0 ? word : ` ${word}`, logprobs: [] }),
      );
    });
    frames.push(
      this.event('response.output_text.done', { ...at, text: this.reply.text, logprobs: [] }),
      this.event('response.content_part.done', { ...at, part: this.part() }),
      this.event('response.output_item.done', { output_index: 0, item: this.item(true) }),
    );
    const last = this.reply.truncated ? 'response.incomplete' : 'response.completed';
    frames.push(this.event(last, { response: this.response('final') }));
    return frames;
  }
}
