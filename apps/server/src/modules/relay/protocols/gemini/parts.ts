import { type Json } from '../protocol';
import { compact, isObject, objectOf, objectsOf, parseLoose, randomId, stringOf } from './gemini-values';

/** What one candidate's parts say in OpenAI's terms. */
export interface PivotPieces {
  content: string;
  reasoning: string;
  /** OpenAI tool calls (`{id, type, function:{name, arguments}}`, plus the Gemini signature when sent). */
  toolCalls: Json[];
}

// Gemini 3 wants the signature of each function call back on the next turn; Google's OpenAI-compatible
// endpoint carries it on the tool call as extra_content.google.thought_signature, and so do we.
const signatureOfToolCall = (toolCall: Json): string | undefined =>
  stringOf(objectOf(objectOf(toolCall.extra_content).google).thought_signature);

// Google's documented placeholder for function calls Gemini did not sign itself (history from another
// model or a client that dropped the signature); without one Gemini 3 refuses the turn with a 400.
export const FOREIGN_SIGNATURE = 'skip_thought_signature_validator';

function toolCallOfPart(part: Json): Json {
  const call = objectOf(part.functionCall);
  const signature = stringOf(part.thoughtSignature);
  return compact({
    id: stringOf(call.id) || randomId('call_'),
    type: 'function',
    function: { name: stringOf(call.name) ?? '', arguments: JSON.stringify(call.args ?? {}) },
    extra_content: signature === undefined ? undefined : { google: { thought_signature: signature } },
  });
}

// Chat completions have no image output: images a model draws come back as markdown data-URL images.
function imageMarkdown(part: Json): string {
  const data = objectOf(part.inlineData);
  const mimeType = stringOf(data.mimeType) ?? '';
  const base64 = stringOf(data.data);
  return mimeType.startsWith('image/') && base64 ? `![image](data:${mimeType};base64,${base64})` : '';
}

/** A candidate's parts → text, thinking and tool calls. */
export function piecesOfParts(parts: unknown): PivotPieces {
  const pieces: PivotPieces = { content: '', reasoning: '', toolCalls: [] };
  for (const part of objectsOf(parts)) {
    const text = stringOf(part.text);
    if (text !== undefined && part.thought === true) pieces.reasoning += text;
    else if (text !== undefined) pieces.content += text;
    else if (isObject(part.functionCall)) pieces.toolCalls.push(toolCallOfPart(part));
    else if (isObject(part.inlineData)) pieces.content += imageMarkdown(part);
  }
  return pieces;
}

/** The text of an OpenAI message content (a string or an array of text parts). */
export function textOfContent(content: unknown): string {
  if (typeof content === 'string') return content;
  return objectsOf(content)
    .map((part) => stringOf(part.text) ?? stringOf(part.refusal) ?? '')
    .join('');
}

/** OpenAI tool calls → Gemini functionCall parts; `signFirst` adds the placeholder signature when none came. */
export function functionCallParts(toolCalls: unknown, signFirst: boolean): Json[] {
  return objectsOf(toolCalls).map((toolCall, position) => {
    const fn = objectOf(toolCall.function);
    const parsed = parseLoose(stringOf(fn.arguments) ?? '{}');
    const signature =
      signatureOfToolCall(toolCall) ?? (signFirst && position === 0 ? FOREIGN_SIGNATURE : undefined);
    return compact({
      functionCall: { name: stringOf(fn.name) ?? '', args: isObject(parsed) ? parsed : {} },
      thoughtSignature: signature,
    });
  });
}

/** An OpenAI answer message or stream delta → Gemini parts (thinking first, then text, then calls). */
export function partsOfPivotMessage(message: Json): Json[] {
  const parts: Json[] = [];
  const reasoning = stringOf(message.reasoning_content) ?? stringOf(message.reasoning);
  if (reasoning) parts.push({ text: reasoning, thought: true });
  const text = textOfContent(message.content);
  if (text !== '') parts.push({ text });
  parts.push(...functionCallParts(message.tool_calls, false));
  return parts;
}
