import { type Json } from '../protocol';
import { isObject, stringOr } from './claude-json';

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

/** An OpenAI `image_url` (data: URL or web address) → a Claude image block. */
export function imageBlockFromUrl(url: string): Json {
  const inline = DATA_URL.exec(url);
  return inline
    ? { type: 'image', source: { type: 'base64', media_type: inline[1], data: inline[2] } }
    : { type: 'image', source: { type: 'url', url } };
}

/** An OpenAI `file` part carrying inline data (a PDF, usually) → a Claude document block; null otherwise. */
export function documentBlockFromFile(file: Json): Json | null {
  const inline = DATA_URL.exec(stringOr(file.file_data));
  if (!inline) return null;
  return { type: 'document', source: { type: 'base64', media_type: inline[1], data: inline[2] } };
}

/** A Claude image or document source → the address OpenAI parts carry (a data: URL when inline). */
export function urlOfSource(source: unknown): string | null {
  if (!isObject(source)) return null;
  if (source.type === 'base64') {
    return `data:${stringOr(source.media_type, 'application/octet-stream')};base64,${stringOr(source.data)}`;
  }
  return source.type === 'url' ? stringOr(source.url) || null : null;
}
