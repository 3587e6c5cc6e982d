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
// Native providers (Anthropic, Gemini, Vertex AI, Bedrock): see the README's "Native providers".
export { CLAUDE_MODELS } from './anthropic';
export { BEDROCK_ANTHROPIC_VERSION } from './bedrock';
export { BEDROCK_FOUNDATION_MODELS, VERTEX_PUBLISHER_MODELS } from './cloud-models';
export {
  encodeEventStreamMessage,
  EventStreamDecoder,
  EventStreamError,
  type EventStreamMessage,
  type HeaderValue,
} from './event-stream';
export { GEMINI_MODELS } from './gemini';
export { signRs256Jwt } from './jwt';
export { IMAGE_TOKENS, TOOL_CALL_TOKENS, TOOL_TRIGGER } from './native-rules';
export { signRequest, type SigningParams } from './sigv4';
export { type BedrockCredential, type NativeOptions } from './state';
export { VERTEX_ANTHROPIC_VERSION } from './vertex';
export {
  CLOUD_PLATFORM_SCOPE,
  createServiceAccount,
  type MockServiceAccount,
  type ServiceAccountKey,
  type VertexServiceAccount,
} from './vertex-auth';
export { DEFAULT_WORKER_KEY, FILES_PATH, MOCK_FILES, type MockFile, WORKER_PATH } from './worker';
