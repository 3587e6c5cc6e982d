import { type Locale } from '../../../common/i18n/locale';
import { type ErrorLog } from '../../logs/log-rows';
import { openAiErrorAnswer } from '../errors/openai-error';
import { type RelayCaller } from '../auth/token-authenticator';
import { UpstreamFailure } from '../providers/upstream-failure';

/** What the relay knows about a call that failed, whatever stage it reached. */
export interface FailedCall {
  path: string;
  caller: RelayCaller;
  /** The caller's body as sent (the model and stream flag are read leniently: it may be what failed). */
  body: unknown;
  requestId: string;
  startedAt: number;
  ip: string;
  locale: Locale;
}

const field = (body: unknown, name: string): unknown =>
  body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;

/** Status, OpenAI error fields and channel of the failure, as the caller was answered. */
function describe(error: unknown, call: FailedCall) {
  if (error instanceof UpstreamFailure) {
    // The provider's own words (already redacted), not the "saturated" text a final 429 is answered with.
    return { status: error.status, error: error.body.error, origin: error.origin };
  }
  const answer = openAiErrorAnswer(error, { method: 'POST', url: call.path }, call.locale, call.requestId);
  const suffix = ` (request id: ${call.requestId})`;
  const message = answer.body.error.message;
  return {
    status: answer.status,
    error: {
      ...answer.body.error,
      message: message.endsWith(suffix) ? message.slice(0, -suffix.length) : message,
    },
    origin: null,
  };
}

/** The token a log row names; playground calls log token 0 named `playground-{group}` (reference §1.1). */
export function loggedTokenOf(caller: RelayCaller): { tokenId: number; tokenName: string } {
  if (caller.token) return { tokenId: caller.token.id, tokenName: caller.token.name };
  return { tokenId: 0, tokenName: `playground-${caller.group}` };
}

/** The type-6 row of reference §3.6 for a relay failure that reached the caller. */
export function errorLogOf(failure: unknown, call: FailedCall): ErrorLog {
  const { status, error, origin } = describe(failure, call);
  const model = field(call.body, 'model');
  const channel = origin?.channel;
  return {
    userId: call.caller.user.id,
    username: call.caller.user.username,
    ...loggedTokenOf(call.caller),
    modelName: typeof model === 'string' ? model : '',
    group: call.caller.group,
    channelId: channel?.id ?? 0,
    isStream: field(call.body, 'stream') === true,
    useTime: Math.round((Date.now() - call.startedAt) / 1000),
    content: error.message,
    ip: call.ip,
    other: {
      error_type: error.type,
      error_code: error.code ?? '',
      status_code: status,
      ...(channel && { channel_id: channel.id, channel_name: channel.name, channel_type: channel.type }),
      request_path: call.path,
      request_id: call.requestId,
      admin_info: { use_channel: [...(origin?.usedChannels ?? [])] },
    },
  };
}
