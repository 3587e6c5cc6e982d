import { ChannelType } from '@tollgate/contracts';
import { AZURE_ADAPTER } from './azure/azure-adapter';
import { BEDROCK_ADAPTER } from './bedrock/bedrock-adapter';
import { CLAUDE_ADAPTER } from './claude/claude-adapter';
import { GEMINI_ADAPTER } from './gemini/gemini-adapter';
import { OPENAI_ADAPTER } from './openai/openai-adapter';
import { type ProviderAdapter } from './provider';
import { type UpstreamAdapter } from './upstream-adapter';
import { VERTEX_ADAPTER } from './vertex/vertex-adapter';

// Every channel type without a native adapter speaks the OpenAI protocol (the catalogue's OpenAI-compatible
// types, each with its URL layout, and custom URLs), on every OpenAI endpoint.
const OPENAI_FAMILY = new Map<number, ProviderAdapter>([[ChannelType.Azure, AZURE_ADAPTER]]);

// Providers with their own protocol: they serve chat, converted from and to the caller's protocol.
const NATIVE = new Map<number, UpstreamAdapter>([
  [ChannelType.Anthropic, CLAUDE_ADAPTER],
  [ChannelType.Aws, BEDROCK_ADAPTER],
  [ChannelType.Gemini, GEMINI_ADAPTER],
  [ChannelType.VertexAi, VERTEX_ADAPTER],
]);

/** The OpenAI-protocol adapter for a channel type that has no native one. */
export function adapterFor(type: number): ProviderAdapter {
  return OPENAI_FAMILY.get(type) ?? OPENAI_ADAPTER;
}

/** The native adapter of a channel type; undefined for the OpenAI family. */
export const nativeAdapterFor = (type: number): UpstreamAdapter | undefined => NATIVE.get(type);
