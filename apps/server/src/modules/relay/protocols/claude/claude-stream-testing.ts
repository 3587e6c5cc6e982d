import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { type StreamEvent, type StreamTranscoder } from '../protocol';

// Test-only: a recorded Claude stream, and the official SDKs reading streams served from memory.

// A Claude stream as Anthropic sends it (text, then a tool call whose input arrives in pieces; cache reads).
export const claudeEvents = (): StreamEvent[] =>
  [
    {
      type: 'message_start',
      message: {
        id: 'msg_014p7gG3wDgGV9EUtLvnow3U',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5-20250929',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: 472,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 2048,
          output_tokens: 2,
        },
      },
    },
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    { type: 'ping' },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Okay, let me check' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: ' the weather.' } },
    { type: 'content_block_stop', index: 0 },
    {
      type: 'content_block_start',
      index: 1,
      content_block: {
        type: 'tool_use',
        id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6',
        name: 'get_weather',
        input: {},
      },
    },
    { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '' } },
    {
      type: 'content_block_delta',
      index: 1,
      delta: { type: 'input_json_delta', partial_json: '{"location":' },
    },
    {
      type: 'content_block_delta',
      index: 1,
      delta: { type: 'input_json_delta', partial_json: ' "San Francisco"}' },
    },
    { type: 'content_block_stop', index: 1 },
    {
      type: 'message_delta',
      delta: { stop_reason: 'tool_use', stop_sequence: null },
      usage: { output_tokens: 89 },
    },
    { type: 'message_stop' },
  ].map((data) => ({ event: data.type, data }));

export const run = (transcoder: StreamTranscoder, events: readonly StreamEvent[]): StreamEvent[] => [
  ...events.flatMap((event) => transcoder.push(event)),
  ...transcoder.finish(),
];

const toSse = (events: readonly StreamEvent[]): string =>
  events
    .map((event) => {
      const data = typeof event.data === 'string' ? event.data : JSON.stringify(event.data);
      return `${event.event ? `event: ${event.event}\n` : ''}data: ${data}\n\n`;
    })
    .join('');

const serving = (events: readonly StreamEvent[]) => () =>
  Promise.resolve(new Response(toSse(events), { headers: { 'content-type': 'text/event-stream' } }));

export const openAiOver = (events: readonly StreamEvent[]) =>
  new OpenAI({ apiKey: 'k', baseURL: 'http://sdk.test/v1', maxRetries: 0, fetch: serving(events) });

const anthropicOver = (events: readonly StreamEvent[]) =>
  new Anthropic({ apiKey: 'k', baseURL: 'http://sdk.test', maxRetries: 0, fetch: serving(events) });

export const claudeFinalMessage = (events: readonly StreamEvent[]) =>
  anthropicOver(events)
    .messages.stream({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] })
    .finalMessage();
