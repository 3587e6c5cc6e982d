import { type Json } from '../protocols/protocol';
import { isObject, stringOr } from '../protocols/claude/claude-json';
import { guessMimeType } from '../protocols/gemini/messages-from-pivot';
import { relayError } from '../errors/relay-errors';

/** A file fetched for a caller: its bytes and the content type it was served with ('' when none). */
export interface FetchedFile {
  contentType: string;
  bytes: Buffer;
}

export type FetchCallerUrl = (url: string) => Promise<FetchedFile>;

// Bedrock takes at most 20 images a request: more addresses would only make the gateway a downloader.
export const MAX_FETCHED_URLS = 20;

const MEDIA_BLOCKS = new Set(['image', 'document']);

/** `{type: 'image' | 'document', source: {type: 'url', url}}`: the provider would have to fetch it itself. */
function urlOfBlock(block: unknown): string | null {
  if (!isObject(block) || !MEDIA_BLOCKS.has(block.type as string) || !isObject(block.source)) return null;
  return block.source.type === 'url' ? stringOr(block.source.url) : null;
}

// Media sit in a message's content, and in the content of tool results inside it.
function* blocksOf(body: Readonly<Json>): Generator<unknown> {
  for (const message of Array.isArray(body.messages) ? body.messages : []) {
    if (!isObject(message) || !Array.isArray(message.content)) continue;
    for (const block of message.content) {
      yield block;
      if (isObject(block) && block.type === 'tool_result' && Array.isArray(block.content))
        yield* block.content;
    }
  }
}

function mediaTypeOf(block: Json, url: string, file: FetchedFile): string {
  const served = file.contentType.split(';')[0].trim().toLowerCase();
  if (block.type === 'document') return served === '' ? 'application/pdf' : served;
  return served.startsWith('image/') ? served : guessMimeType(url);
}

function inlined(block: unknown, files: ReadonlyMap<string, FetchedFile>): unknown {
  const url = urlOfBlock(block);
  if (url === null) {
    if (!isObject(block) || block.type !== 'tool_result' || !Array.isArray(block.content)) return block;
    return { ...block, content: block.content.map((inner) => inlined(inner, files)) };
  }
  const media = block as Json;
  const file = files.get(url) as FetchedFile;
  const data = file.bytes.toString('base64');
  return { ...media, source: { type: 'base64', media_type: mediaTypeOf(media, url, file), data } };
}

/**
 * A Claude body whose image and document URLs are fetched and sent inline (base64), for providers that take
 * no URL sources (Bedrock, Claude on Vertex AI). A body without any comes back as it is, after one walk over
 * its content blocks.
 */
export async function inlineMediaUrls(
  body: Readonly<Json>,
  fetchUrl: FetchCallerUrl,
): Promise<Readonly<Json>> {
  const urls = new Set<string>();
  for (const block of blocksOf(body)) {
    const url = urlOfBlock(block);
    if (url !== null) urls.add(url);
  }
  if (urls.size === 0) return body;
  if (urls.size > MAX_FETCHED_URLS)
    throw relayError('media_fetch_failed', { reason: `more than ${MAX_FETCHED_URLS} file URLs` });
  const files = new Map(await Promise.all([...urls].map(async (url) => [url, await fetchUrl(url)] as const)));
  const messages = (body.messages as unknown[]).map((message) =>
    isObject(message) && Array.isArray(message.content)
      ? { ...message, content: message.content.map((block) => inlined(block, files)) }
      : message,
  );
  return { ...body, messages };
}
