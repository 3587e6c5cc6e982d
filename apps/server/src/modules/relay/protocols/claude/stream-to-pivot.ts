import { type Json, type StreamEvent, type StreamTranscoder } from '../protocol';
import { objectOr, stringOr } from './claude-json';
import { finishReasonOf, nowSeconds } from './answer';
import { pivotErrorOf } from './errors';
import { mergeUsage, pivotUsageOf, reportedUsage } from './usage';

const STREAM_FAILED = {
  error: { message: 'The upstream stream failed', type: 'api_error', param: null, code: 'api_error' },
};

const indexOf = (data: Json): number => (typeof data.index === 'number' ? data.index : 0);

/**
 * Claude events → OpenAI chat chunks: a role chunk at message_start, content and tool-call deltas, a
 * finish_reason chunk at message_delta, then a usage chunk (`choices: []`) and '[DONE]' at message_stop (or
 * when the source ends without one). A Claude `error` event becomes one `{error:{…}}` data event and ends the
 * stream without '[DONE]': the openai SDK raises an APIError when it reads it.
 */
export class ClaudeToPivotStream implements StreamTranscoder {
  private id = '';
  private model = '';
  private readonly created = nowSeconds();
  private usage: Json | null = null;
  private done = false;
  /** Claude content-block index → OpenAI tool_calls index. */
  private readonly toolIndexes = new Map<number, number>();

  push(event: StreamEvent): StreamEvent[] {
    if (this.done) return [];
    const data = objectOr(event.data);
    switch (data.type) {
      case 'message_start':
        return this.start(objectOr(data.message));
      case 'content_block_start':
        return this.blockStart(indexOf(data), objectOr(data.content_block));
      case 'content_block_delta':
        return this.blockDelta(indexOf(data), objectOr(data.delta));
      case 'message_delta': {
        const reported = reportedUsage(data.usage);
        if (reported) this.usage = mergeUsage(this.usage ?? {}, reported);
        return [this.chunk({}, finishReasonOf(objectOr(data.delta).stop_reason) ?? 'stop')];
      }
      case 'message_stop':
        return this.close();
      case 'error':
        this.done = true;
        return [{ data: pivotErrorOf(data) ?? STREAM_FAILED }];
      default:
        // ping, content_block_stop: nothing to say in OpenAI's stream.
        return [];
    }
  }

  finish(): StreamEvent[] {
    return this.done ? [] : this.close();
  }

  private start(message: Json): StreamEvent[] {
    this.id = stringOr(message.id);
    this.model = stringOr(message.model);
    const reported = reportedUsage(message.usage);
    this.usage = reported && { ...reported };
    return [this.chunk({ role: 'assistant', content: '' })];
  }

  private blockStart(index: number, block: Json): StreamEvent[] {
    if (block.type === 'tool_use') {
      const toolIndex = this.toolIndexes.size;
      this.toolIndexes.set(index, toolIndex);
      const input = objectOr(block.input);
      // Claude starts with input {} and streams the JSON; a proxy may send the whole input up front.
      const args = Object.keys(input).length > 0 ? JSON.stringify(input) : '';
      const call = { index: toolIndex, id: stringOr(block.id), type: 'function' };
      return [
        this.chunk({ tool_calls: [{ ...call, function: { name: stringOr(block.name), arguments: args } }] }),
      ];
    }
    if (block.type === 'text') return this.textChunk('content', stringOr(block.text));
    if (block.type === 'thinking') return this.textChunk('reasoning_content', stringOr(block.thinking));
    return [];
  }

  private blockDelta(index: number, delta: Json): StreamEvent[] {
    switch (delta.type) {
      case 'text_delta':
        return this.textChunk('content', stringOr(delta.text));
      case 'thinking_delta':
        return this.textChunk('reasoning_content', stringOr(delta.thinking));
      case 'input_json_delta': {
        const toolIndex = this.toolIndexes.get(index);
        const args = stringOr(delta.partial_json);
        if (toolIndex === undefined || args === '') return [];
        return [this.chunk({ tool_calls: [{ index: toolIndex, function: { arguments: args } }] })];
      }
      default:
        // signature_delta, citations_delta: no OpenAI counterpart.
        return [];
    }
  }

  private textChunk(field: 'content' | 'reasoning_content', text: string): StreamEvent[] {
    return text === '' ? [] : [this.chunk({ [field]: text })];
  }

  private close(): StreamEvent[] {
    this.done = true;
    const events: StreamEvent[] = [];
    if (this.usage) {
      events.push({ data: { ...this.envelope(), choices: [], usage: pivotUsageOf(this.usage) } });
    }
    events.push({ data: '[DONE]' });
    return events;
  }

  private envelope(): Json {
    return { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.model };
  }

  private chunk(delta: Json, finishReason: string | null = null): StreamEvent {
    const choice = { index: 0, delta, logprobs: null, finish_reason: finishReason };
    return { data: { ...this.envelope(), choices: [choice] } };
  }
}
