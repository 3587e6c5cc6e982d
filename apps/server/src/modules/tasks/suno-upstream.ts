import { callJson, UpstreamCallError } from '../relay/probes';
import { type UpstreamClient } from '../relay/upstream/upstream-client';
import { type RoutedChannel } from '../relay/routing/routing-table';

/** A Suno API answer: `code` "success" with the data, else a failure (reference §7). */
export interface SunoAnswer<T> {
  code: string;
  message: string;
  data: T;
}

/** One task as Suno's fetch lists it. */
export interface SunoTask {
  task_id: string;
  action?: string;
  status?: string;
  fail_reason?: string;
  start_time?: number;
  finish_time?: number;
  progress?: string;
  data?: unknown;
}

/** A refused or failed submission, as the client will be told. */
export class SunoRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

// The poller waits this long for one channel's answer (reference §7).
export const FETCH_TIMEOUT_MS = 15_000;

const headersOf = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** POST {base}/suno/submit/{action}: the platform's task id, or a SunoRefusal. */
export async function submitToSuno(
  client: UpstreamClient,
  channel: RoutedChannel,
  key: string,
  action: string,
  body: Record<string, unknown>,
): Promise<string> {
  let answer: unknown;
  try {
    answer = await callJson(client, {
      url: `${channel.baseUrl}/suno/submit/${action}`,
      method: 'POST',
      headers: headersOf(key),
      body: JSON.stringify(body),
      secrets: [key],
    });
  } catch (error) {
    if (!(error instanceof UpstreamCallError)) throw error;
    throw new SunoRefusal(error.status ?? 502, 'upstream_error', error.reason);
  }
  if (
    !isObject(answer) ||
    answer.code !== 'success' ||
    typeof answer.data !== 'string' ||
    answer.data === ''
  ) {
    const message = isObject(answer) && typeof answer.message === 'string' ? answer.message : 'no task id';
    const code = isObject(answer) && typeof answer.code === 'string' ? answer.code : 'upstream_error';
    throw new SunoRefusal(502, code, message);
  }
  return answer.data;
}

/** POST {base}/suno/fetch {ids}: the tasks the platform knows among them. Throws UpstreamCallError. */
export async function fetchFromSuno(
  client: UpstreamClient,
  channel: RoutedChannel,
  key: string,
  ids: readonly string[],
): Promise<SunoTask[]> {
  const answer = await callJson(client, {
    url: `${channel.baseUrl}/suno/fetch`,
    method: 'POST',
    headers: headersOf(key),
    body: JSON.stringify({ ids }),
    secrets: [key],
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!isObject(answer) || answer.code !== 'success' || !Array.isArray(answer.data))
    throw new UpstreamCallError('the fetch answer is not a task list');
  return answer.data.filter((task): task is SunoTask => isObject(task) && typeof task.task_id === 'string');
}
