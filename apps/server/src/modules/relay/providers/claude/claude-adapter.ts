import { objectOr, objectsOf, stringOr } from '../../protocols/claude/claude-json';
import { type BuiltRequest } from '../provider';
import { type ChannelTarget, type ChatCall, type UpstreamAdapter } from '../upstream-adapter';
import { headerOverrides, modelHeaders, tuneClaudeBody } from './claude-tuning';

export const ANTHROPIC_VERSION = '2023-06-01';
// Anthropic pages its model list 20 at a time by default; 1000 is its maximum page.
const MODEL_PAGE = 1000;

const authHeaders = (key: string): Record<string, string> => ({
  'x-api-key': key,
  'anthropic-version': ANTHROPIC_VERSION,
});

/** Anthropic's own API (channel type 14): `POST {base}/v1/messages`, authenticated with `x-api-key`. */
export const CLAUDE_ADAPTER: UpstreamAdapter = {
  protocolOf: () => 'claude',
  takesCallerBody: () => true,

  buildChat({ selection, body, stream, options }: ChatCall): BuiltRequest {
    const { channel, key } = selection;
    const tuned = tuneClaudeBody(body, selection.upstreamModel, options);
    const { stream: _callerStream, ...rest } = tuned.body;
    const payload = { ...rest, ...(stream ? { stream: true } : {}), ...channel.paramOverride };
    return {
      url: `${channel.baseUrl}/v1/messages`,
      headers: {
        'content-type': 'application/json',
        ...authHeaders(key),
        ...modelHeaders(options, tuned.model),
        ...headerOverrides(channel, key),
      },
      body: JSON.stringify(payload),
    };
  },

  listModels: (target: ChannelTarget) => ({
    method: 'GET',
    url: `${target.baseUrl}/v1/models?limit=${MODEL_PAGE}`,
    headers: authHeaders(target.key),
    body: '',
    parse: (answer: unknown) =>
      objectsOf(objectOr(answer).data)
        .map((model) => stringOr(model.id))
        .filter((id) => id !== ''),
  }),
};
