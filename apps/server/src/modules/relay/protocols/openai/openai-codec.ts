import { type Usage } from '../../../billing/billing.types';
import { upstreamErrorBody } from '../../providers/openai/openai-errors';
import {
  textOfAnswer,
  textOfStreamEvent,
  usageOfAnswer,
  usageOfStreamEvent,
} from '../../providers/openai/openai-usage';
import {
  type Json,
  type ProtocolCodec,
  type StreamEvent,
  type StreamMeter,
  type StreamTranscoder,
} from '../protocol';

class OpenAiStreamMeter implements StreamMeter {
  usage: Usage | null = null;
  text = '';

  observe(event: StreamEvent): void {
    this.usage = usageOfStreamEvent(event.data) ?? this.usage;
    this.text += textOfStreamEvent(event.data);
  }
}

/** OpenAI chunks are the pivot already: only the model name changes, to the one the caller asked for. */
class RenamingStream implements StreamTranscoder {
  constructor(private readonly model: string | null) {}

  push(event: StreamEvent): StreamEvent[] {
    const { data } = event;
    if (this.model === null || data === null || typeof data !== 'object' || !('model' in data))
      return [event];
    return [{ data: { ...data, model: this.model } }];
  }

  finish(): StreamEvent[] {
    return [];
  }
}

/** OpenAI's chat completions protocol: the pivot itself, so its conversions are (nearly) identities. */
export const OPENAI_CODEC: ProtocolCodec = {
  protocol: 'openai',
  requestToPivot: (body: Json, model: string, stream: boolean) => ({ ...body, model, stream }),
  requestFromPivot: (pivot: Json) => pivot,
  answerToPivot: (answer: Json) => answer,
  answerFromPivot: (pivot: Json, model: string) => ({ ...pivot, model }),
  streamToPivot: () => new RenamingStream(null),
  streamFromPivot: (model: string) => new RenamingStream(model),
  usageOfAnswer,
  textOfAnswer,
  streamMeter: () => new OpenAiStreamMeter(),
  errorToPivot: upstreamErrorBody,
  errorFromPivot: (_status, error) => ({ ...error }),
};
