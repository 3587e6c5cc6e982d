import { type Json } from '../protocol';
import { objectOf, objectsOf, parseLoose, stringOf } from './gemini-values';
import { functionCallParts, textOfContent } from './parts';

export interface GeminiConversation {
  systemParts: Json[];
  contents: Json[];
}

const DATA_URL = /^data:([^;,]+)(?:;[^,]*)?;base64,(.*)$/s;

// Gemini wants a MIME type for every file reference; the extension is the only hint a URL gives.
const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
  pdf: 'application/pdf',
  mp3: 'audio/mp3',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  mov: 'video/mov',
  webm: 'video/webm',
};

export function guessMimeType(url: string): string {
  const path = url.split(/[?#]/)[0];
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  return MIME_BY_EXTENSION[extension] ?? 'image/jpeg';
}

/** A data: URL → inlineData; an http(s) URL → fileData. */
export function mediaPart(url: string): Json | null {
  const data = DATA_URL.exec(url);
  if (data) return { inlineData: { mimeType: data[1], data: data[2] } };
  if (/^https?:\/\//i.test(url)) return { fileData: { fileUri: url, mimeType: guessMimeType(url) } };
  return null;
}

function userPart(part: Json): Json | null {
  switch (part.type) {
    case 'text':
      return stringOf(part.text) ? { text: part.text } : null;
    case 'image_url':
      return mediaPart(stringOf(objectOf(part.image_url).url) ?? stringOf(part.image_url) ?? '');
    case 'input_audio': {
      const audio = objectOf(part.input_audio);
      const data = stringOf(audio.data);
      return data ? { inlineData: { mimeType: `audio/${stringOf(audio.format) ?? 'wav'}`, data } } : null;
    }
    case 'file':
      return mediaPart(stringOf(objectOf(part.file).file_data) ?? '');
    default:
      return null;
  }
}

// Gemini refuses empty text parts, so empty strings are dropped rather than sent.
function userParts(content: unknown): Json[] {
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  return objectsOf(content)
    .map(userPart)
    .filter((part): part is Json => part !== null);
}

function functionResponsePart(message: Json, toolNames: ReadonlyMap<string, string>): Json {
  const name = toolNames.get(stringOf(message.tool_call_id) ?? '') ?? stringOf(message.name) ?? '';
  const text = textOfContent(message.content);
  const parsed = parseLoose(text);
  const response =
    parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : { content: text };
  return { functionResponse: { name, response } };
}

/** OpenAI messages → Gemini's system instruction and contents (user/model turns, same roles merged). */
export function conversationOf(messages: unknown): GeminiConversation {
  const conversation: GeminiConversation = { systemParts: [], contents: [] };
  const toolNames = new Map<string, string>();
  const add = (role: 'user' | 'model', parts: Json[]): void => {
    if (parts.length === 0) return;
    const last = conversation.contents.at(-1);
    // Merged a part at a time: spreading 100k+ parts into push() overflows the call stack.
    if (last?.role === role) for (const part of parts) (last.parts as Json[]).push(part);
    else conversation.contents.push({ role, parts });
  };
  for (const message of objectsOf(messages)) {
    switch (message.role) {
      case 'system':
      case 'developer': {
        const text = textOfContent(message.content);
        if (text !== '') conversation.systemParts.push({ text });
        break;
      }
      case 'assistant': {
        for (const call of objectsOf(message.tool_calls)) {
          const id = stringOf(call.id);
          if (id) toolNames.set(id, stringOf(objectOf(call.function).name) ?? '');
        }
        const text = textOfContent(message.content);
        add('model', [...(text === '' ? [] : [{ text }]), ...functionCallParts(message.tool_calls, true)]);
        break;
      }
      case 'tool':
      case 'function':
        // Gemini answers function calls in a user turn; parallel results merge into one turn.
        add('user', [functionResponsePart(message, toolNames)]);
        break;
      default:
        add('user', userParts(message.content));
    }
  }
  return conversation;
}
