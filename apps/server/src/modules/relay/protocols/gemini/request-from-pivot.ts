import { type Json } from '../protocol';
import { compact, isObject, numberOf, objectOf, objectsOf, stringOf } from './gemini-values';
import { conversationOf } from './messages-from-pivot';
import { toGeminiSchema } from './schema';

function functionDeclarationOf(tool: Json): Json | null {
  if (tool.type !== 'function' || !isObject(tool.function)) return null;
  const fn = tool.function;
  const parameters = toGeminiSchema(fn.parameters);
  // A tool without arguments must omit parameters: Gemini refuses an OBJECT schema with no properties.
  const hasArguments = isObject(parameters.properties) || parameters.type !== 'object';
  return compact({
    name: stringOf(fn.name) ?? '',
    description: stringOf(fn.description),
    parameters: isObject(fn.parameters) && hasArguments ? parameters : undefined,
  });
}

function toolsOf(tools: unknown): Json[] | undefined {
  const declarations = objectsOf(tools)
    .map(functionDeclarationOf)
    .filter((declaration): declaration is Json => declaration !== null);
  return declarations.length > 0 ? [{ functionDeclarations: declarations }] : undefined;
}

function toolConfigOf(choice: unknown): Json | undefined {
  if (choice === 'auto') return { functionCallingConfig: { mode: 'AUTO' } };
  if (choice === 'none') return { functionCallingConfig: { mode: 'NONE' } };
  if (choice === 'required') return { functionCallingConfig: { mode: 'ANY' } };
  const name = isObject(choice) ? stringOf(objectOf(choice.function).name) : undefined;
  return name ? { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [name] } } : undefined;
}

function responseFormatOf(format: unknown): Json {
  if (!isObject(format)) return {};
  if (format.type === 'json_object') return { responseMimeType: 'application/json' };
  if (format.type !== 'json_schema') return {};
  const schema = objectOf(format.json_schema).schema;
  return compact({
    responseMimeType: 'application/json',
    responseSchema: isObject(schema) && Object.keys(schema).length > 0 ? toGeminiSchema(schema) : undefined,
  });
}

// Google's own mapping of reasoning_effort (its OpenAI-compatible endpoint) to thinking budgets.
const THINKING_BUDGET: Record<string, number> = {
  none: 0,
  minimal: 1024,
  low: 1024,
  medium: 8192,
  high: 24576,
};

function thinkingConfigOf(effort: unknown): Json | undefined {
  const budget = typeof effort === 'string' ? THINKING_BUDGET[effort] : undefined;
  if (budget === undefined) return undefined;
  return budget === 0 ? { thinkingBudget: 0 } : { thinkingBudget: budget, includeThoughts: true };
}

function stopSequencesOf(stop: unknown): string[] | undefined {
  if (typeof stop === 'string') return [stop];
  return Array.isArray(stop) ? stop.filter((item): item is string => typeof item === 'string') : undefined;
}

function generationConfigOf(pivot: Json): Json | undefined {
  const config = compact({
    temperature: numberOf(pivot.temperature),
    topP: numberOf(pivot.top_p),
    topK: numberOf(pivot.top_k),
    candidateCount: numberOf(pivot.n),
    maxOutputTokens: numberOf(pivot.max_completion_tokens) ?? numberOf(pivot.max_tokens),
    stopSequences: stopSequencesOf(pivot.stop),
    presencePenalty: numberOf(pivot.presence_penalty),
    frequencyPenalty: numberOf(pivot.frequency_penalty),
    seed: numberOf(pivot.seed),
    ...responseFormatOf(pivot.response_format),
    thinkingConfig: thinkingConfigOf(pivot.reasoning_effort),
  });
  return Object.keys(config).length > 0 ? config : undefined;
}

/** An OpenAI chat body → a generateContent body (the model goes in the URL, not the body). */
export function requestFromPivot(pivot: Json): Json {
  const { systemParts, contents } = conversationOf(pivot.messages);
  return compact({
    contents,
    systemInstruction: systemParts.length > 0 ? { parts: systemParts } : undefined,
    tools: toolsOf(pivot.tools),
    toolConfig: toolConfigOf(pivot.tool_choice),
    generationConfig: generationConfigOf(pivot),
  });
}
