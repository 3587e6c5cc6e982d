import { Injectable } from '@nestjs/common';
import { type Usage } from '../billing/billing.types';
import { PriceCalculator } from '../billing/price-calculator';
import { UsageRecorder } from '../billing/usage-recorder';
import { newRequestId, type ProbeRequest, type Selection } from '../relay/probes';
import { UsersService } from '../users/users.service';

export const TEST_TOKEN_NAME = 'model test';

export interface TestLogEntry {
  /** The model as asked for (before the channel's model_mapping). */
  model: string;
  selection: Selection;
  request: ProbeRequest;
  usage: Usage | null;
  elapsedMs: number;
}

/** The type-2 log row of a successful channel test: priced like a call, but nothing is deducted. */
@Injectable()
export class TestLogWriter {
  constructor(
    private readonly users: UsersService,
    private readonly prices: PriceCalculator,
    private readonly recorder: UsageRecorder,
  ) {}

  async record({ model, selection, request, usage, elapsedMs }: TestLogEntry): Promise<void> {
    // Reference §6: tests are logged as the root user's, in its group.
    const root = await this.users.findRoot();
    if (!root) return;
    const counted = usage ?? { promptTokens: 0, completionTokens: 0 };
    // Accepting unpriced models: a test of a model nobody has priced yet is still worth a row.
    const price = this.prices.priceFor(model, root.group, true);
    const channelId = selection.channel.id;
    this.recorder.recordConsumption({
      userId: root.id,
      username: root.username,
      tokenId: 0,
      tokenName: TEST_TOKEN_NAME,
      modelName: model,
      group: root.group,
      channelId,
      isStream: false,
      useTime: Math.round(elapsedMs / 1000),
      promptTokens: counted.promptTokens,
      completionTokens: counted.completionTokens,
      quota: 0,
      content: '',
      other: this.prices.logOther(price, counted, {
        frt: elapsedMs,
        requestPath: request.endpoint,
        requestId: newRequestId(),
        usedChannels: [String(channelId)],
        upstreamModel: selection.modelMapped ? selection.upstreamModel : null,
      }),
    });
  }
}
