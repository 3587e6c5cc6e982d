import { type Usage } from '../../../billing/billing.types';
import { type ProtocolCodec, type StreamEvent, type StreamMeter } from '../protocol';
import { answerFromPivot, answerToPivot, textOfGemini } from './answer';
import { errorFromPivot, errorToPivot } from './errors';
import { isObject } from './gemini-values';
import { requestFromPivot } from './request-from-pivot';
import { requestToPivot } from './request-to-pivot';
import { PivotToGeminiStream } from './stream-from-pivot';
import { GeminiToPivotStream } from './stream-to-pivot';
import { usageOfMetadata } from './usage';

const usageOfAnswer = (answer: unknown): Usage | null =>
  isObject(answer) ? usageOfMetadata(answer.usageMetadata) : null;

/** Gemini sends usageMetadata on every stream event, growing as it goes: the latest one wins. */
class GeminiStreamMeter implements StreamMeter {
  usage: Usage | null = null;
  text = '';

  observe(event: StreamEvent): void {
    this.text += textOfGemini(event.data);
    this.usage = usageOfAnswer(event.data) ?? this.usage;
  }
}

/** Google's generateContent protocol (Gemini API and Vertex AI). */
export const GEMINI_CODEC: ProtocolCodec = {
  protocol: 'gemini',
  requestToPivot,
  requestFromPivot,
  answerToPivot,
  answerFromPivot,
  streamToPivot: () => new GeminiToPivotStream(),
  streamFromPivot: (model) => new PivotToGeminiStream(model),
  usageOfAnswer,
  textOfAnswer: textOfGemini,
  streamMeter: () => new GeminiStreamMeter(),
  errorToPivot,
  errorFromPivot,
};
