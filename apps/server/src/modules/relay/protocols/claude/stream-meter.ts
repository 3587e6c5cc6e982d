import { type Usage } from '../../../billing/billing.types';
import { type Json, type StreamEvent, type StreamMeter } from '../protocol';
import { objectOr, stringOr } from './claude-json';
import { billingUsageOf, mergeUsage, reportedUsage } from './usage';

/**
 * Billing facts of a Claude stream: input and cache counts from message_start, the output total from the
 * last message_delta (which may also restate the input counts), and the generated text (text and thinking
 * deltas) for when no usage arrives.
 */
export class ClaudeStreamMeter implements StreamMeter {
  private claudeUsage: Json | null = null;
  private generated = '';

  observe(event: StreamEvent): void {
    const data = objectOr(event.data);
    if (data.type === 'message_start' || data.type === 'message_delta') {
      const reported = reportedUsage(
        data.type === 'message_start' ? objectOr(data.message).usage : data.usage,
      );
      if (reported) this.claudeUsage = mergeUsage(this.claudeUsage ?? {}, reported);
    } else if (data.type === 'content_block_delta') {
      const delta = objectOr(data.delta);
      this.generated += stringOr(delta.text) || stringOr(delta.thinking);
    }
  }

  get usage(): Usage | null {
    return this.claudeUsage ? billingUsageOf(this.claudeUsage) : null;
  }

  get text(): string {
    return this.generated;
  }
}
