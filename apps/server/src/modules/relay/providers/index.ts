import { OPENAI_ADAPTER } from './openai/openai-adapter';
import { type ProviderAdapter } from './provider';

// Every channel type the relay serves today speaks the OpenAI protocol (the catalogue's OpenAI-compatible
// types and custom base URLs); native protocols register their own adapter here by type.
const ADAPTERS = new Map<number, ProviderAdapter>();

/** The adapter for a channel type; the OpenAI one unless a native adapter is registered. */
export function adapterFor(type: number): ProviderAdapter {
  return ADAPTERS.get(type) ?? OPENAI_ADAPTER;
}
