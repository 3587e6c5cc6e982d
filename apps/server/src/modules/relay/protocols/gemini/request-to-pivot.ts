import { type Json } from '../protocol';
import { compact, isObject, numberOf, objectOf, objectsOf, stringOf } from './gemini-values';
import { toJsonSchema } from './schema';

interface PendingCall {
  id: string;
  name: string;
  answered: boolean;
}

interface CallQueue {
  calls: PendingCall[];
  /** Calls before it are all answered. */
  head: number;
}

function queueOf(index: Map<string, CallQueue>, key: string): CallQueue {
  let queue = index.get(key);
  if (!queue) index.set(key, (queue = { calls: [], head: 0 }));
  return queue;
}

/** Calls in the order they were made, each found by id or name without a scan (a scan per answer was quadratic). */
class PendingCalls {
  private readonly byId = new Map<string, CallQueue>();
  private readonly byName = new Map<string, CallQueue>();

  add(id: string, name: string): void {
    const call = { id, name, answered: false };
    queueOf(this.byId, id).calls.push(call);
    queueOf(this.byName, name).calls.push(call);
  }

  /** The first unanswered call with this id (or, with none given, this name), now answered. */
  answer(id: string | undefined, name: string): PendingCall | undefined {
    const queue = id ? this.byId.get(id) : this.byName.get(name);
    if (!queue) return undefined;
    while (queue.head < queue.calls.length) {
      const call = queue.calls[queue.head++];
      if (call.answered) continue;
      call.answered = true;
      return call;
    }
    return undefined;
  }
}

/** Turns Gemini turns into OpenAI messages; ids tie each functionResponse to the call it answers. */
class MessageBuilder {
  readonly messages: Json[] = [];
  private readonly pending = new PendingCalls();
  private nextId = 0;

  system(instruction: unknown): void {
    const parts =
      typeof instruction === 'string' ? [{ text: instruction }] : objectsOf(objectOf(instruction).parts);
    const text = parts.map((part) => stringOf(part.text) ?? '').join('\n');
    if (text !== '') this.messages.push({ role: 'system', content: text });
  }

  content(content: Json): void {
    const parts = objectsOf(content.parts);
    if (content.role === 'model') this.modelTurn(parts);
    else this.userTurn(parts);
  }

  private modelTurn(parts: Json[]): void {
    // Thinking parts are the model's own notes; other providers neither need nor accept them.
    const text = parts
      .filter((part) => part.thought !== true)
      .map((part) => stringOf(part.text) ?? '')
      .join('');
    const toolCalls = parts.filter((part) => isObject(part.functionCall)).map((part) => this.toolCall(part));
    if (text === '' && toolCalls.length === 0) return;
    this.messages.push(
      compact({
        role: 'assistant',
        content: text === '' ? null : text,
        tool_calls: toolCalls.length > 0 ? toolCalls : undefined,
      }),
    );
  }

  private toolCall(part: Json): Json {
    const call = objectOf(part.functionCall);
    const name = stringOf(call.name) ?? '';
    const id = stringOf(call.id) || `call_${this.nextId++}`;
    this.pending.add(id, name);
    return { id, type: 'function', function: { name, arguments: JSON.stringify(call.args ?? {}) } };
  }

  private userTurn(parts: Json[]): void {
    for (const part of parts.filter((item) => isObject(item.functionResponse))) {
      const response = objectOf(part.functionResponse);
      this.messages.push({
        role: 'tool',
        tool_call_id: this.answeredCallId(response),
        content: toolResultText(response.response),
      });
    }
    const content = parts.map(pivotContentPart).filter((item): item is Json => item !== null);
    if (content.length === 0) return;
    const textOnly = content.every((item) => item.type === 'text');
    this.messages.push({
      role: 'user',
      content: textOnly ? content.map((item) => item.text as string).join('') : content,
    });
  }

  private answeredCallId(response: Json): string {
    const name = stringOf(response.name) ?? '';
    const id = stringOf(response.id);
    return this.pending.answer(id, name)?.id ?? id ?? `call_${this.nextId++}`;
  }
}

// The reverse of requestFromPivot's wrapping: a plain-text result travels as {content: text}.
function toolResultText(response: unknown): string {
  const result = objectOf(response);
  const keys = Object.keys(result);
  if (keys.length === 1 && typeof result.content === 'string') return result.content;
  return JSON.stringify(response ?? {});
}

const AUDIO_FORMATS: Record<string, string> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/mp3': 'mp3',
  'audio/mpeg': 'mp3',
};

function pivotContentPart(part: Json): Json | null {
  const text = stringOf(part.text);
  if (text !== undefined) return part.thought === true ? null : { type: 'text', text };
  if (isObject(part.inlineData)) {
    const mimeType = stringOf(part.inlineData.mimeType) ?? 'application/octet-stream';
    const data = stringOf(part.inlineData.data) ?? '';
    const url = `data:${mimeType};base64,${data}`;
    if (mimeType.startsWith('image/')) return { type: 'image_url', image_url: { url } };
    const format = AUDIO_FORMATS[mimeType];
    if (format) return { type: 'input_audio', input_audio: { data, format } };
    return { type: 'file', file: { file_data: url, filename: 'file' } };
  }
  if (isObject(part.fileData))
    return { type: 'image_url', image_url: { url: stringOf(part.fileData.fileUri) ?? '' } };
  return null;
}

function toolsToPivot(tools: unknown): Json[] | undefined {
  const declarations = objectsOf(tools).flatMap((tool) =>
    objectsOf(tool.functionDeclarations ?? tool.function_declarations),
  );
  if (declarations.length === 0) return undefined;
  return declarations.map((declaration) => ({
    type: 'function',
    function: compact({
      name: stringOf(declaration.name) ?? '',
      description: stringOf(declaration.description),
      parameters: isObject(declaration.parametersJsonSchema)
        ? declaration.parametersJsonSchema
        : isObject(declaration.parameters)
          ? toJsonSchema(declaration.parameters)
          : undefined,
    }),
  }));
}

function toolChoiceToPivot(toolConfig: unknown): unknown {
  const config = objectOf(objectOf(toolConfig).functionCallingConfig);
  const allowed = Array.isArray(config.allowedFunctionNames) ? config.allowedFunctionNames : [];
  switch (config.mode) {
    case 'NONE':
      return 'none';
    case 'ANY':
      return allowed.length === 1 && typeof allowed[0] === 'string'
        ? { type: 'function', function: { name: allowed[0] } }
        : 'required';
    case 'AUTO':
    case 'VALIDATED':
      return 'auto';
    default:
      return undefined;
  }
}

function responseFormatToPivot(config: Json): Json | undefined {
  const schema = isObject(config.responseJsonSchema)
    ? config.responseJsonSchema
    : isObject(config.responseSchema)
      ? toJsonSchema(config.responseSchema)
      : undefined;
  if (schema) return { type: 'json_schema', json_schema: { name: 'response', schema } };
  return config.responseMimeType === 'application/json' ? { type: 'json_object' } : undefined;
}

/** A generateContent body → an OpenAI chat body; the model and streaming come from the route. */
export function requestToPivot(body: Json, model: string, stream: boolean): Json {
  const builder = new MessageBuilder();
  builder.system(body.systemInstruction);
  for (const content of objectsOf(body.contents)) builder.content(content);
  const config = objectOf(body.generationConfig);
  return compact({
    model,
    messages: builder.messages,
    stream: stream ? true : undefined,
    temperature: numberOf(config.temperature),
    top_p: numberOf(config.topP),
    max_tokens: numberOf(config.maxOutputTokens),
    stop: Array.isArray(config.stopSequences) ? config.stopSequences : undefined,
    n: numberOf(config.candidateCount),
    presence_penalty: numberOf(config.presencePenalty),
    frequency_penalty: numberOf(config.frequencyPenalty),
    seed: numberOf(config.seed),
    response_format: responseFormatToPivot(config),
    tools: toolsToPivot(body.tools),
    tool_choice: toolChoiceToPivot(body.toolConfig),
  });
}
