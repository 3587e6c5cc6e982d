import { randomUUID } from 'node:crypto';
import { type Json, type StreamEvent, type StreamTranscoder } from '../protocol';
import { isObject, objectOr, objectsOf, stringOr } from './claude-json';
import { stopReasonOf } from './answer';
import { claudeUsageOf } from './usage';

type BlockKind = 'text' | 'thinking' | 'tool';

interface OpenBlock {
  index: number;
  kind: BlockKind;
  /** The OpenAI tool_calls index a tool_use block was opened for. */
  toolIndex?: number;
}

const event = (type: string, fields: Json = {}): StreamEvent => ({ event: type, data: { type, ...fields } });

const toolUseId = (call: Json): string => stringOr(call.id) || `toolu_${randomUUID()}`;

/**
 * OpenAI chat chunks → Claude events: message_start at the first chunk (usage 0 until the usage chunk), one
 * content block at a time (thinking, text, tool_use with input_json_delta), and message_delta (stop_reason,
 * usage) plus message_stop once the source says '[DONE]' or ends. Claude cannot reopen a closed block while
 * some providers interleave the argument pieces of parallel calls: the first call streams live, later ones are
 * held and sent whole when the choice finishes, so no piece is lost whatever the order.
 */
export class PivotToClaudeStream implements StreamTranscoder {
  private started = false;
  private done = false;
  private nextIndex = 0;
  private open: OpenBlock | null = null;
  /** The call streamed live, once its block is open (null before the first call). */
  private liveTool: number | null = null;
  /** Later calls by OpenAI index, in the order they started. */
  private readonly heldTools = new Map<number, { id: string; name: string; args: string }>();
  private stopReason: string | null = null;
  private usage: Json | null = null;

  constructor(private readonly model: string) {}

  push(source: StreamEvent): StreamEvent[] {
    if (this.done) return [];
    if (source.data === '[DONE]') return this.close();
    const chunk = objectOr(source.data);
    if (isObject(chunk.error)) return this.fail(chunk.error);
    const events = this.start(chunk);
    if (isObject(chunk.usage)) this.usage = claudeUsageOf(chunk.usage);
    // Claude has one choice per message: the first (index 0) is the one carried.
    for (const choice of objectsOf(chunk.choices).filter((item) => (item.index ?? 0) === 0)) {
      events.push(...this.delta(objectOr(choice.delta)));
      if (typeof choice.finish_reason === 'string') {
        this.stopReason = stopReasonOf(choice.finish_reason);
        events.push(...this.closeBlock(), ...this.releaseHeldTools());
      }
    }
    return events;
  }

  finish(): StreamEvent[] {
    return this.done ? [] : this.close();
  }

  private start(chunk: Json): StreamEvent[] {
    if (this.started) return [];
    this.started = true;
    const message = {
      id: stringOr(chunk.id) || `msg_${randomUUID()}`,
      type: 'message',
      role: 'assistant',
      model: this.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: claudeUsageOf(objectOr(chunk.usage)),
    };
    return [event('message_start', { message })];
  }

  private delta(delta: Json): StreamEvent[] {
    const events: StreamEvent[] = [];
    const reasoning = stringOr(delta.reasoning_content) || stringOr(delta.reasoning);
    if (reasoning !== '') {
      events.push(
        ...this.ensure('thinking'),
        this.blockDelta({ type: 'thinking_delta', thinking: reasoning }),
      );
    }
    const text = stringOr(delta.content);
    if (text !== '') events.push(...this.ensure('text'), this.blockDelta({ type: 'text_delta', text }));
    for (const call of objectsOf(delta.tool_calls)) events.push(...this.toolDelta(call));
    return events;
  }

  private toolDelta(call: Json): StreamEvent[] {
    const toolIndex = typeof call.index === 'number' ? call.index : 0;
    const fn = objectOr(call.function);
    const args = stringOr(fn.arguments);
    const events: StreamEvent[] = [];
    if (this.liveTool === null) {
      this.liveTool = toolIndex;
      const block = { type: 'tool_use', id: toolUseId(call), name: stringOr(fn.name), input: {} };
      events.push(...this.closeBlock(), this.openBlock('tool', block, toolIndex));
    }
    if (toolIndex === this.liveTool) {
      // Pieces of the live call after text closed its block have nowhere to go (no provider sends that).
      if (args !== '' && this.open?.toolIndex === toolIndex) {
        events.push(this.blockDelta({ type: 'input_json_delta', partial_json: args }));
      }
      return events;
    }
    const held = this.heldTools.get(toolIndex);
    if (held) held.args += args;
    else this.heldTools.set(toolIndex, { id: toolUseId(call), name: stringOr(fn.name), args });
    return events;
  }

  private releaseHeldTools(): StreamEvent[] {
    const events: StreamEvent[] = [];
    for (const [toolIndex, { id, name, args }] of this.heldTools) {
      events.push(
        ...this.closeBlock(),
        this.openBlock('tool', { type: 'tool_use', id, name, input: {} }, toolIndex),
      );
      if (args !== '') events.push(this.blockDelta({ type: 'input_json_delta', partial_json: args }));
    }
    this.heldTools.clear();
    return [...events, ...this.closeBlock()];
  }

  private ensure(kind: 'text' | 'thinking'): StreamEvent[] {
    if (this.open?.kind === kind) return [];
    const block =
      kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '', signature: '' };
    return [...this.closeBlock(), this.openBlock(kind, block)];
  }

  private openBlock(kind: BlockKind, block: Json, toolIndex?: number): StreamEvent {
    this.open = { index: this.nextIndex++, kind, toolIndex };
    return event('content_block_start', { index: this.open.index, content_block: block });
  }

  private blockDelta(delta: Json): StreamEvent {
    return event('content_block_delta', { index: this.open?.index ?? 0, delta });
  }

  private closeBlock(): StreamEvent[] {
    if (!this.open) return [];
    const stop = event('content_block_stop', { index: this.open.index });
    this.open = null;
    return [stop];
  }

  private close(): StreamEvent[] {
    this.done = true;
    const usage = this.usage ?? { output_tokens: 0 };
    return [
      ...this.start({}),
      ...this.closeBlock(),
      ...this.releaseHeldTools(),
      event('message_delta', {
        delta: { stop_reason: this.stopReason ?? 'end_turn', stop_sequence: null },
        usage,
      }),
      event('message_stop'),
    ];
  }

  private fail(error: Json): StreamEvent[] {
    this.done = true;
    const message = stringOr(error.message) || 'The upstream stream failed';
    return [event('error', { error: { type: 'api_error', message } })];
  }
}
