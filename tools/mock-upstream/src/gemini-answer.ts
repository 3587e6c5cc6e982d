// The mock Gemini's answer to a generateContent request, whole or as stream chunks.
import { cachedTokens, replyWordsHeader, type MockContext } from './context';
import { nextId, type JsonObject } from './fields';
import { chosenFunction, geminiPromptText, geminiPromptTokens, type GeminiRequest } from './gemini-request';
import { applyStopSequences, argsFromSchema, thinkingWords, TOOL_CALL_TOKENS } from './native-rules';
import { buildReply } from './usage';

export interface GeminiUsage {
  promptTokenCount: number; // includes cachedContentTokenCount
  candidatesTokenCount: number; // every candidate's output, thoughts excluded
  totalTokenCount: number;
  cachedContentTokenCount?: number; // x-mock-cached-tokens
  thoughtsTokenCount?: number; // when thinking
}

export interface GeminiAnswer {
  parts: JsonObject[]; // of each candidate (all candidates are alike)
  finishReason: 'STOP' | 'MAX_TOKENS';
  candidateCount: number;
  usage: GeminiUsage | undefined; // undefined under no-usage
  modelVersion: string;
  responseId: string;
}

export function geminiAnswer(ctx: MockContext, req: GeminiRequest, model: string): GeminiAnswer {
  const prompt = geminiPromptText(req);
  const thoughts =
    req.thinkingBudget === undefined
      ? []
      : thinkingWords(prompt, Number.isFinite(req.thinkingBudget) ? req.thinkingBudget : undefined);
  const parts: JsonObject[] =
    req.includeThoughts && thoughts.length ? [{ text: thoughts.join(' '), thought: true }] : [];
  let outputTokens: number;
  let finishReason: GeminiAnswer['finishReason'] = 'STOP';
  const fn = chosenFunction(req);
  if (fn !== null) {
    parts.push({
      functionCall: { name: fn.name, args: argsFromSchema(fn.parameters ?? fn.parametersJsonSchema) },
    });
    outputTokens = TOOL_CALL_TOKENS;
  } else {
    // Thinking counts against maxOutputTokens, as on Gemini 2.5.
    const cap =
      req.maxOutputTokens === undefined ? undefined : Math.max(0, req.maxOutputTokens - thoughts.length);
    const { reply } = applyStopSequences(buildReply(prompt, cap, replyWordsHeader(ctx)), req.stopSequences);
    if (reply.text !== '') parts.push({ text: reply.text });
    outputTokens = reply.words.length;
    if (reply.truncated) finishReason = 'MAX_TOKENS';
  }
  return {
    parts,
    finishReason,
    candidateCount: req.candidateCount,
    usage: ctx.behaviour.noUsage
      ? undefined
      : usageOf(ctx, req, outputTokens * req.candidateCount, thoughts.length),
    modelVersion: model,
    responseId: nextId('resp'),
  };
}

function usageOf(ctx: MockContext, req: GeminiRequest, candidates: number, thoughts: number): GeminiUsage {
  const prompt = geminiPromptTokens(req);
  const usage: GeminiUsage = {
    promptTokenCount: prompt,
    candidatesTokenCount: candidates,
    totalTokenCount: prompt + candidates + thoughts,
  };
  const cached = cachedTokens(ctx);
  if (cached !== undefined) usage.cachedContentTokenCount = Math.min(cached, prompt);
  if (thoughts > 0) usage.thoughtsTokenCount = thoughts;
  return usage;
}

function response(answer: GeminiAnswer, parts: JsonObject[], last: boolean): JsonObject {
  // A candidate cut before its first word (thinking used the budget) has no parts at all, as on Gemini.
  const content = parts.length ? { role: 'model', parts } : { role: 'model' };
  const candidates = Array.from({ length: answer.candidateCount }, (_, index) =>
    last ? { content, finishReason: answer.finishReason, index } : { content, index },
  );
  const out: JsonObject = { candidates };
  if (answer.usage !== undefined)
    out.usageMetadata = last
      ? answer.usage
      : { promptTokenCount: answer.usage.promptTokenCount, totalTokenCount: answer.usage.promptTokenCount };
  out.modelVersion = answer.modelVersion;
  out.responseId = answer.responseId;
  return out;
}

export function geminiResponse(answer: GeminiAnswer): JsonObject {
  return response(answer, answer.parts, true);
}

// One chunk per thought part, function call and word; the last carries finishReason and the full usage,
// earlier ones only the prompt count (as Gemini streams it).
export function geminiChunks(answer: GeminiAnswer): JsonObject[] {
  const pieces: JsonObject[] = [];
  for (const part of answer.parts) {
    if (typeof part.text !== 'string' || part.thought === true) pieces.push(part);
    else part.text.split(' ').forEach((word, i) => pieces.push({ text: i === 0 ? word : ` ${word}` }));
  }
  if (pieces.length === 0) return [response(answer, [], true)];
  return pieces.map((piece, i) => response(answer, [piece], i === pieces.length - 1));
}
