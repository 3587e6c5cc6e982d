import { type OpenAiErrorBody } from '@tollgate/contracts';
import { formatText, type Locale } from '../../../common/i18n/locale';
import { type RoutedChannel } from '../routing/routing-table';

const SATURATED: Record<Locale, string> = {
  en: 'Upstream load is saturated, please retry later',
  zh: '当前分组上游负载已饱和，请稍后再试',
};

// global.hide_upstream_error_enabled (reference §12): the provider's words replaced by its status.
const HIDDEN: Record<Locale, string> = {
  en: 'Upstream error with status code {status}',
  zh: '上游错误，状态码 {status}',
};

/** Where a final failure came from, for the error log: the last channel tried and every channel tried. */
export interface FailureOrigin {
  channel: Pick<RoutedChannel, 'id' | 'name' | 'type'>;
  usedChannels: readonly string[];
}

/** A provider's refusal (or an unreachable provider) as the caller will see it. */
export class UpstreamFailure extends Error {
  /** Set by the attempts loop when this failure is the one the caller gets. */
  origin: FailureOrigin | null = null;
  private textHidden = false;

  constructor(
    /** After the channel's status_code_mapping. */
    readonly status: number,
    readonly body: OpenAiErrorBody,
    /** Decided on the provider's own status (reference §2.3). */
    readonly retryable: boolean,
    /** The provider's Retry-After header, passed on with a final 429. */
    readonly retryAfter: string | null = null,
  ) {
    super(body.error.message);
  }

  /**
   * The same failure with the provider's text replaced (global.hide_upstream_error_enabled), for the caller
   * only: the error log is written from the original.
   */
  withHiddenText(): UpstreamFailure {
    const hidden = new UpstreamFailure(this.status, this.body, this.retryable, this.retryAfter);
    hidden.origin = this.origin;
    hidden.textHidden = true;
    return hidden;
  }

  /**
   * The body sent to the caller: a final 429 says the upstream is saturated, a hidden text only the status;
   * the request id always ends it.
   */
  answer(requestId: string, locale: Locale): OpenAiErrorBody {
    const message = this.callerText(locale);
    return { error: { ...this.body.error, message: `${message} (request id: ${requestId})` } };
  }

  private callerText(locale: Locale): string {
    if (this.status === 429) return SATURATED[locale];
    if (this.textHidden) return formatText(HIDDEN[locale], { status: this.status });
    return this.body.error.message;
  }
}

/** Reference §2.3 (OpenAI-compatible channels): 429 and 307 yes, 5xx except 504/524, other 4xx except 400/408. */
export function isRetryableStatus(status: number): boolean {
  if (status === 429 || status === 307) return true;
  if (status >= 500) return status !== 504 && status !== 524;
  if (status >= 400) return status !== 400 && status !== 408;
  return false;
}

/** The channel's status_code_mapping ({"400":"500"}) applied to an error status. */
export function mappedStatus(channel: RoutedChannel, status: number): number {
  const mapped = Number(channel.statusCodeMapping[String(status)]);
  return Number.isInteger(mapped) && mapped >= 100 && mapped <= 599 ? mapped : status;
}

/** A provider that could not be reached or broke the connection: a generic text, never transport details. */
export function transportFailure(): UpstreamFailure {
  return new UpstreamFailure(
    500,
    {
      error: {
        message: 'The upstream request failed',
        type: 'upstream_error',
        param: null,
        code: 'do_request_failed',
      },
    },
    true,
  );
}
