import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChatTurn, ChatStreamError, streamChat } from '../chat-stream';
import type { PlaygroundSettings } from '../playground-defaults';

/** Spec 001 §4: an assistant message is loading, then incomplete while chunks arrive, then complete or error. */
export type MessageStatus = 'loading' | 'incomplete' | 'complete' | 'error';

export interface PlaygroundMessage {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  status: MessageStatus;
}

let nextId = 1;

// Failed answers carry error text, not the model's words: they are left out of the next call's context.
const context = (messages: PlaygroundMessage[]): ChatTurn[] =>
  messages.filter((message) => message.status === 'complete').map(({ role, content }) => ({ role, content }));

/** The conversation: send streams one answer, stop cuts it short, clear forgets the context. */
export function usePlaygroundChat(settings: PlaygroundSettings) {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<PlaygroundMessage[]>([]);
  const abort = useRef<AbortController | null>(null);
  const streaming = messages.some((m) => m.status === 'loading' || m.status === 'incomplete');

  const update = (id: number, change: (message: PlaygroundMessage) => Partial<PlaygroundMessage>) =>
    setMessages((all) => all.map((m) => (m.id === id ? { ...m, ...change(m) } : m)));

  const send = useCallback(
    async (text: string) => {
      const question: PlaygroundMessage = { id: nextId++, role: 'user', content: text, status: 'complete' };
      const answer: PlaygroundMessage = { id: nextId++, role: 'assistant', content: '', status: 'loading' };
      const turns: ChatTurn[] = [
        ...(settings.systemPrompt.trim()
          ? [{ role: 'system' as const, content: settings.systemPrompt }]
          : []),
        ...context(messages),
        { role: 'user', content: text },
      ];
      setMessages((all) => [...all, question, answer]);
      const controller = new AbortController();
      abort.current = controller;
      const request = {
        messages: turns,
        model: settings.model,
        group: settings.group,
        temperature: settings.temperature,
        max_tokens: settings.maxTokens,
      };
      try {
        await streamChat(
          request,
          (delta) => update(answer.id, (m) => ({ content: m.content + delta, status: 'incomplete' })),
          controller.signal,
        );
        update(answer.id, () => ({ status: 'complete' }));
      } catch (error) {
        if (controller.signal.aborted) return update(answer.id, () => ({ status: 'complete' }));
        const detail =
          error instanceof ChatStreamError && error.message ? error.message : t('playground.broken');
        update(answer.id, (m) => ({
          content: m.content ? `${m.content}\n\n${detail}` : detail,
          status: 'error',
        }));
      } finally {
        if (abort.current === controller) abort.current = null;
      }
    },
    [messages, settings, t],
  );

  return {
    messages,
    streaming,
    send,
    stop: () => abort.current?.abort(),
    clear: () => {
      abort.current?.abort();
      setMessages([]);
    },
  };
}
