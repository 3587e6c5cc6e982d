export {
  BEHAVIOUR_NAMES,
  DEFAULT_CUT_AFTER,
  DEFAULT_DRIP_MS,
  DEFAULT_FIRST_BYTE_DELAY_MS,
  type Behaviour,
} from './behaviour';
export { EMBEDDING_DIMENSIONS } from './media';
export { MOCK_MODELS } from './models';
export { type RecordedRequest } from './recorder';
export { startMockUpstream, type MockUpstream, type MockUpstreamOptions } from './server';
export { parseSse, type SseEvent } from './sse';
export { buildReply, countWords, messagesPromptTokens } from './usage';
