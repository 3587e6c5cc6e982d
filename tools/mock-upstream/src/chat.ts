// POST /v1/chat/completions and /v1/completions.
import { cachedTokens, replyWordsHeader, type MockContext } from './context';
import { invalidRequest } from './errors';
import { asObject, nextId, nowSeconds, type JsonObject } from './fields';
import { sendJson, sendStream, sseData, SSE_DONE } from './reply';
import {
  buildReply,
  chatUsage,
  inputItems,
  itemTokens,
  lastUserText,
  maxTokensOf,
  messagesPromptTokens,
  type ChatUsage,
  type Reply,
} from './usage';

interface Generation {
  id: string;
  created: number;
  model: string;
  reply: Reply;
  usage: ChatUsage | undefined; // undefined under no-usage
  includeUsage: boolean; // stream_options.include_usage, unless no-usage
}

function generation(ctx: MockContext, prefix: string, prompt: string, promptTokens: number): Generation {
  const reply = buildReply(
    prompt,
    maxTokensOf(ctx.body, 'max_completion_tokens', 'max_tokens'),
    replyWordsHeader(ctx),
  );
  const noUsage = ctx.behaviour.noUsage;
  return {
    id: nextId(prefix),
    created: nowSeconds(),
    model: ctx.model ?? '',
    reply,
    usage: noUsage ? undefined : chatUsage(promptTokens, reply.words.length, cachedTokens(ctx)),
    includeUsage: !noUsage && asObject(ctx.body.stream_options).include_usage === true,
  };
}

export function chatCompletions(ctx: MockContext): void {
  const messages = ctx.body.messages;
  if (!Array.isArray(messages) || messages.length === 0) {
    sendJson(ctx.res, 400, invalidRequest("'messages' must be a non-empty array", 'messages'), ctx.behaviour);
    return;
  }
  const g = generation(ctx, 'chatcmpl', lastUserText(messages), messagesPromptTokens(messages));
  const finishReason = g.reply.truncated ? 'length' : 'stop';
  if (ctx.body.stream === true) {
    sendStream(ctx.res, chatFrames(g, finishReason), ctx.behaviour);
    return;
  }
  const answer: JsonObject = {
    id: g.id,
    object: 'chat.completion',
    created: g.created,
    model: g.model,
    system_fingerprint: 'fp_mock',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: g.reply.text, refusal: null },
        logprobs: null,
        finish_reason: finishReason,
      },
    ],
  };
  if (g.usage) answer.usage = g.usage;
  sendJson(ctx.res, 200, answer, ctx.behaviour);
}

// Role chunk, one chunk per word, a finish chunk, the usage chunk when asked for, [DONE].
function chatFrames(g: Generation, finishReason: string): string[] {
  const chunk = (choices: unknown[], usage: ChatUsage | null): string =>
    sseData({
      id: g.id,
      object: 'chat.completion.chunk',
      created: g.created,
      model: g.model,
      system_fingerprint: 'fp_mock',
      choices,
      // OpenAI sends usage: null on every chunk but the last once include_usage is on.
      ...(g.includeUsage ? { usage } : {}),
    });
  const delta = (d: JsonObject, finish: string | null = null) => [
    { index: 0, delta: d, logprobs: null, finish_reason: finish },
  ];
  const frames = [chunk(delta({ role: 'assistant', content: '', refusal: null }), null)];
  g.reply.words.forEach((word, i) =>
    frames.push(chunk(delta({ content: i === 0 ? word : ` ${word}` }), null)),
  );
  frames.push(chunk(delta({}, finishReason), null));
  if (g.includeUsage && g.usage) frames.push(chunk([], g.usage));
  frames.push(SSE_DONE);
  return frames;
}

export function completions(ctx: MockContext): void {
  const prompts = inputItems(ctx.body.prompt);
  if (prompts === null) {
    sendJson(ctx.res, 400, invalidRequest("'prompt' is required", 'prompt'), ctx.behaviour);
    return;
  }
  const first = typeof prompts[0] === 'string' ? prompts[0] : '';
  const g = generation(
    ctx,
    'cmpl',
    first,
    prompts.reduce<number>((sum, p) => sum + itemTokens(p), 0),
  );
  const finishReason = g.reply.truncated ? 'length' : 'stop';
  const base = { id: g.id, object: 'text_completion', created: g.created, model: g.model };
  const choice = (text: string, finish: string | null) => [
    { text, index: 0, logprobs: null, finish_reason: finish },
  ];
  if (ctx.body.stream === true) {
    const usageField = (usage: ChatUsage | null) => (g.includeUsage ? { usage } : {});
    const frames = g.reply.words.map((w, i) =>
      sseData({ ...base, choices: choice(i === 0 ? w : ` ${w}`, null), ...usageField(null) }),
    );
    frames.push(sseData({ ...base, choices: choice('', finishReason), ...usageField(null) }));
    if (g.includeUsage && g.usage) frames.push(sseData({ ...base, choices: [], usage: g.usage }));
    frames.push(SSE_DONE);
    sendStream(ctx.res, frames, ctx.behaviour);
    return;
  }
  const answer: JsonObject = { ...base, choices: choice(g.reply.text, finishReason) };
  if (g.usage) answer.usage = g.usage;
  sendJson(ctx.res, 200, answer, ctx.behaviour);
}
