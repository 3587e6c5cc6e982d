import { type ProtocolCodec } from '../protocol';
import { isObject } from './claude-json';
import { claudeAnswerFromPivot, claudeAnswerToPivot, claudeTextOfAnswer } from './answer';
import { claudeErrorFromPivot, claudeErrorToPivot } from './errors';
import { claudeRequestFromPivot } from './request-from-pivot';
import { claudeRequestToPivot } from './request-to-pivot';
import { ClaudeStreamMeter } from './stream-meter';
import { PivotToClaudeStream } from './stream-from-pivot';
import { ClaudeToPivotStream } from './stream-to-pivot';
import { billingUsageOf } from './usage';

/** Anthropic's Messages API (`/v1/messages`), spoken by Anthropic, Bedrock and Vertex Claude models. */
export const CLAUDE_CODEC: ProtocolCodec = {
  protocol: 'claude',
  requestToPivot: claudeRequestToPivot,
  requestFromPivot: claudeRequestFromPivot,
  answerToPivot: claudeAnswerToPivot,
  answerFromPivot: claudeAnswerFromPivot,
  streamToPivot: () => new ClaudeToPivotStream(),
  streamFromPivot: (model) => new PivotToClaudeStream(model),
  usageOfAnswer: (answer) =>
    isObject(answer) && isObject(answer.usage) ? billingUsageOf(answer.usage) : null,
  textOfAnswer: claudeTextOfAnswer,
  streamMeter: () => new ClaudeStreamMeter(),
  errorToPivot: claudeErrorToPivot,
  errorFromPivot: claudeErrorFromPivot,
};
