import { readRaw, StorageKey } from '../../lib/storage';

/** One configured chat app: its name and URL template with `{key}` and `{address}` (the Chats option). */
export interface ChatLink {
  name: string;
  template: string;
}

/** Spec 001 §8's chat link failures, as i18n keys under `chatLinks.errors`. */
export type ChatLinkProblem = 'unparsable' | 'notConfigured' | 'misconfigured';

export type ChatLinksRead = { links: ChatLink[] } | { problem: ChatLinkProblem };

/** The chat apps from local storage `chats` (written from the status answer), validated item by item. */
export function readChatLinks(): ChatLinksRead {
  const raw = readRaw(StorageKey.Chats);
  if (raw === null || raw === '') return { problem: 'notConfigured' };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { problem: 'unparsable' };
  }
  if (!Array.isArray(value)) return { problem: 'unparsable' };
  if (value.length === 0) return { problem: 'notConfigured' };
  const links: ChatLink[] = [];
  for (const item of value as unknown[]) {
    const entries: Array<[string, unknown]> =
      typeof item === 'object' && item !== null ? Object.entries(item as Record<string, unknown>) : [];
    if (entries.length !== 1) return { problem: 'misconfigured' };
    const [name, template] = entries[0];
    if (typeof template !== 'string' || template === '') return { problem: 'misconfigured' };
    links.push({ name, template });
  }
  return { links };
}

/** The link for one token: `{key}` is the full key, `{address}` the server address (URL-encoded). */
export function chatUrl(link: ChatLink, key: string, serverAddress: string): string {
  const address = (serverAddress || window.location.origin).replace(/\/+$/, '');
  return link.template.replaceAll('{key}', key).replaceAll('{address}', encodeURIComponent(address));
}
