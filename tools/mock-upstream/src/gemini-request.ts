// Reading a generateContent body (Gemini API and Vertex) and counting its prompt tokens.
import { asObject, positiveInt, type JsonObject } from './fields';
import { IMAGE_TOKENS, mentionsTool, stringsIn, stringWords } from './native-rules';
import { countWords } from './usage';

export type CallingMode = 'AUTO' | 'ANY' | 'NONE';

export interface GeminiRequest {
  contents: JsonObject[];
  system: JsonObject;
  maxOutputTokens: number | undefined;
  stopSequences: string[];
  candidateCount: number;
  thinkingBudget: number | undefined; // undefined = no thinking; Infinity = dynamic (-1)
  includeThoughts: boolean;
  functions: JsonObject[]; // every functionDeclaration of every tool
  callingMode: CallingMode;
  allowedFunctions: string[];
}

const MAX_CANDIDATES = 8;

function thinkingBudgetOf(config: JsonObject): number | undefined {
  const budget = config.thinkingBudget;
  if (budget === -1) return Infinity;
  return positiveInt(budget);
}

// The request, or the INVALID_ARGUMENT message Google would give.
export function readGeminiRequest(body: JsonObject): GeminiRequest | string {
  if (!Array.isArray(body.contents) || body.contents.length === 0)
    return '* GenerateContentRequest.contents: contents is not specified\n';
  const contents = body.contents.map(asObject);
  if (contents.some((c) => c.role !== undefined && c.role !== 'user' && c.role !== 'model'))
    return 'Please use a valid role: user, model.';
  const generation = asObject(body.generationConfig);
  const thinking = asObject(generation.thinkingConfig);
  const calling = asObject(asObject(body.toolConfig).functionCallingConfig);
  const mode = calling.mode;
  return {
    contents,
    system: asObject(body.systemInstruction),
    maxOutputTokens: positiveInt(generation.maxOutputTokens),
    stopSequences: Array.isArray(generation.stopSequences)
      ? generation.stopSequences.filter((s): s is string => typeof s === 'string')
      : [],
    candidateCount: Math.min(positiveInt(generation.candidateCount) ?? 1, MAX_CANDIDATES),
    thinkingBudget: thinkingBudgetOf(thinking),
    includeThoughts: thinking.includeThoughts === true,
    functions: (Array.isArray(body.tools) ? body.tools : []).flatMap((tool) => {
      const declarations = asObject(tool).functionDeclarations;
      return Array.isArray(declarations) ? declarations.map(asObject) : [];
    }),
    callingMode: mode === 'ANY' || mode === 'NONE' ? mode : 'AUTO',
    allowedFunctions: Array.isArray(calling.allowedFunctionNames)
      ? calling.allowedFunctionNames.filter((n): n is string => typeof n === 'string')
      : [],
  };
}

function partsOf(content: JsonObject): JsonObject[] {
  return Array.isArray(content.parts) ? content.parts.map(asObject) : [];
}

// Text words; inlineData / fileData a fixed IMAGE_TOKENS; functionResponse the words of its strings;
// functionCall nothing.
function partTokens(part: JsonObject): number {
  if (typeof part.text === 'string') return countWords(part.text);
  if (part.inlineData !== undefined || part.fileData !== undefined) return IMAGE_TOKENS;
  if (part.functionResponse !== undefined) return stringWords(asObject(part.functionResponse).response);
  return 0;
}

export function geminiPromptTokens(req: GeminiRequest): number {
  let total = 0;
  for (const part of partsOf(req.system)) total += partTokens(part);
  for (const content of req.contents) for (const part of partsOf(content)) total += partTokens(part);
  return total;
}

function lastUserContent(req: GeminiRequest): JsonObject {
  return req.contents.findLast((c) => c.role === undefined || c.role === 'user') ?? {};
}

function textOf(parts: readonly JsonObject[]): string {
  return parts
    .map((p) => p.text)
    .filter((t): t is string => typeof t === 'string')
    .join(' ');
}

// What the mock answers to: the last user content's text, else the strings of its function responses.
export function geminiPromptText(req: GeminiRequest): string {
  const parts = partsOf(lastUserContent(req));
  const text = textOf(parts);
  if (text !== '') return text;
  return stringsIn(parts.map((p) => asObject(p.functionResponse).response)).join(' ');
}

// The function to call, if any: mode ANY forces one (the first allowed); AUTO calls one when the last
// user content mentions the weather and carries no function responses.
export function chosenFunction(req: GeminiRequest): JsonObject | null {
  const allowed = req.allowedFunctions.length
    ? req.functions.filter((f) => req.allowedFunctions.includes(String(f.name)))
    : req.functions;
  if (allowed.length === 0 || req.callingMode === 'NONE') return null;
  if (req.callingMode === 'AUTO') {
    const parts = partsOf(lastUserContent(req));
    if (parts.some((p) => p.functionResponse !== undefined) || !mentionsTool(textOf(parts))) return null;
  }
  return allowed.find((f) => mentionsTool(`${String(f.name)} ${String(f.description)}`)) ?? allowed[0];
}
