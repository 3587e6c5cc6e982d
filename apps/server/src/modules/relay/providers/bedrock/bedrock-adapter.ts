import { pickDefined } from '../../protocols/claude/claude-json';
import { type Json } from '../../protocols/protocol';
import { UpstreamFailure } from '../upstream-failure';
import { headerOverrides, modelHeaders, tuneClaudeBody } from '../claude/claude-tuning';
import { type BuiltRequest } from '../provider';
import {
  type ChannelTarget,
  type ChatCall,
  type ModelListRequest,
  type UpstreamAdapter,
} from '../upstream-adapter';
import { bedrockListedModels, bedrockModelId } from './bedrock-models';
import { AwsEventStreamDecoder } from './event-stream';
import { sha256Hex, signAwsRequest } from './sigv4';

const BEDROCK_VERSION = 'bedrock-2023-05-31';

// The Claude fields Bedrock's InvokeModel takes; it refuses others (model and stream live in the URL).
const BEDROCK_FIELDS = Object.fromEntries(
  [
    'system',
    'messages',
    'max_tokens',
    'temperature',
    'top_p',
    'top_k',
    'stop_sequences',
    'tools',
    'tool_choice',
    'thinking',
  ].map((name) => [name, name]),
);

export interface AwsKey {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** Reference §5: a type-33 key is `AccessKey|SecretKey|Region`. */
export function parseAwsKey(key: string): AwsKey {
  const [accessKeyId = '', secretAccessKey = '', region = '', ...extra] = key
    .split('|')
    .map((part) => part.trim());
  if (accessKeyId === '' || secretAccessKey === '' || region === '' || extra.length > 0) {
    throw new UpstreamFailure(
      500,
      {
        error: {
          message: 'The channel key is not in the form AccessKey|SecretKey|Region',
          type: 'upstream_error',
          param: null,
          code: 'invalid_channel_key',
        },
      },
      true,
    );
  }
  return { accessKeyId, secretAccessKey, region };
}

/** Bedrock takes anthropic-beta flags in the body, not as a header. */
function betasOf(headers: Record<string, string>): Json {
  const betas = (headers['anthropic-beta'] ?? '')
    .split(',')
    .map((flag) => flag.trim())
    .filter((flag) => flag !== '');
  return betas.length > 0 ? { anthropic_beta: betas } : {};
}

/**
 * AWS Bedrock's Claude models (channel type 33): the Claude body at `/model/{id}/invoke` (or
 * `/invoke-with-response-stream`, answered in AWS event-stream frames), signed with SigV4 at `clock()`.
 */
export const bedrockAdapter = (clock: () => Date = () => new Date()): UpstreamAdapter => ({
  protocolOf: () => 'claude',
  // Bedrock reads base64 image sources only.
  needsInlineMedia: () => true,

  buildChat({ selection, body, stream, options }: ChatCall): BuiltRequest {
    const { channel, key } = selection;
    const aws = parseAwsKey(key);
    const tuned = tuneClaudeBody(body, selection.upstreamModel, options);
    const payload = {
      anthropic_version: BEDROCK_VERSION,
      ...pickDefined(tuned.body, BEDROCK_FIELDS),
      ...betasOf(modelHeaders(options, tuned.model)),
      ...channel.paramOverride,
    };
    const base = channel.baseUrl || `https://bedrock-runtime.${aws.region}.amazonaws.com`;
    const modelId = encodeURIComponent(bedrockModelId(tuned.model, aws.region));
    const url = `${base}/model/${modelId}/${stream ? 'invoke-with-response-stream' : 'invoke'}`;
    const text = JSON.stringify(payload);
    const signed = signAwsRequest(
      {
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', 'x-amz-content-sha256': sha256Hex(text) },
        body: text,
        date: clock(),
      },
      { ...aws, service: 'bedrock' },
    );
    return { url, headers: { ...headerOverrides(channel, key), ...signed }, body: text };
  },

  streamDecoder: () => new AwsEventStreamDecoder(),

  listModels(target: ChannelTarget): ModelListRequest {
    const aws = parseAwsKey(target.key);
    // The list is on the control plane (bedrock.…), not the runtime host chats use; a channel base URL (a
    // proxy, the mock) serves both.
    const base = target.baseUrl || `https://bedrock.${aws.region}.amazonaws.com`;
    const url = `${base}/foundation-models?byOutputModality=TEXT`;
    const headers = signAwsRequest(
      { method: 'GET', url, headers: { 'x-amz-content-sha256': sha256Hex('') }, body: '', date: clock() },
      { ...aws, service: 'bedrock' },
    );
    return {
      method: 'GET',
      url,
      headers,
      body: '',
      parse: (answer) => bedrockListedModels(answer, aws.region),
    };
  },
});

export const BEDROCK_ADAPTER: UpstreamAdapter = bedrockAdapter();
