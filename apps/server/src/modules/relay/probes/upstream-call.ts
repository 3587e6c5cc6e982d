import { type OpenAiErrorBody } from '@tollgate/contracts';
import { upstreamErrorBody } from '../protocols/openai/openai-errors';
import { redactSecrets } from '../upstream/secrets';
import { type UpstreamClient, type UpstreamRequest } from '../upstream/upstream-client';

// Channel operations wait for one answer, never for a stream: a minute is plenty and frees the run.
export const OPS_TIMEOUT_MS = 60_000;

/** Why a channel-level call failed, already safe to show (no keys). */
export class UpstreamCallError extends Error {
  constructor(
    readonly reason: string,
    /** The provider's status; null when it could not be reached or its answer was unreadable. */
    readonly status: number | null = null,
    readonly body: OpenAiErrorBody | null = null,
  ) {
    super(reason);
  }
}

export interface JsonCall extends Omit<UpstreamRequest, 'signal'> {
  /** Redacted from every failure text. */
  secrets: readonly string[];
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function transportReason(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return `no answer within ${OPS_TIMEOUT_MS / 1000} s`;
  return `upstream request failed: ${error instanceof Error ? error.message : String(error)}`;
}

/** One request whose 2xx answer is JSON; any other outcome throws an UpstreamCallError. */
export async function callJson(client: UpstreamClient, call: JsonCall): Promise<unknown> {
  const { secrets, signal: outer, ...request } = call;
  const timeout = AbortSignal.timeout(OPS_TIMEOUT_MS);
  const signal = outer ? AbortSignal.any([outer, timeout]) : timeout;
  const redact = (text: string) => redactSecrets(text, secrets);
  let status: number;
  let text: string;
  try {
    const response = await client.request({ ...request, signal });
    status = response.status;
    text = await response.body.text();
  } catch (error) {
    throw new UpstreamCallError(redact(transportReason(error, signal)));
  }
  if (status < 200 || status >= 300) {
    const body = upstreamErrorBody(status, text);
    const error = { ...body.error, message: redact(body.error.message) };
    throw new UpstreamCallError(`status ${status}: ${error.message}`, status, { error });
  }
  const json = parseJson(text);
  if (json === undefined) throw new UpstreamCallError(`status ${status}: the answer is not JSON`, status);
  return json;
}
