import { callJson, UpstreamCallError } from '../relay/probes';
import { type RoutedChannel } from '../relay/routing/routing-table';
import { type UpstreamClient } from '../relay/upstream/upstream-client';
import { FETCH_TIMEOUT_MS } from './suno-upstream';

/** A Midjourney-proxy answer (reference §7): `result` is a task id or a seed, or for uploads a list of links. */
export interface MjAnswer<Result = string> {
  code: number;
  description: string;
  result: Result;
  properties: Record<string, unknown>;
}

/** A submission's answer: `result` is the new task's id. */
export type MjSubmitAnswer = MjAnswer;

/** One task as the proxy lists it (times in milliseconds). */
export interface MjTask {
  id: string;
  status?: string;
  progress?: string;
  failReason?: string;
  startTime?: number;
  finishTime?: number;
  [field: string]: unknown;
}

/** The proxy could not be asked, or did not answer with JSON: told to the client as code 4 is not. */
export class MjUnreachable extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

// Midjourney proxies read the key from mj-api-secret.
const headersOf = (key: string) => ({ 'mj-api-secret': key, 'content-type': 'application/json' });

/** {method} {base}{path}: the proxy's answer whatever its code (the caller decides what is charged). */
export async function askMj(
  client: UpstreamClient,
  channel: RoutedChannel,
  key: string,
  path: string,
  body?: Record<string, unknown>,
): Promise<MjAnswer<unknown>> {
  let answer: unknown;
  try {
    answer = await callJson(client, {
      url: `${channel.baseUrl}${path}`,
      method: body === undefined ? 'GET' : 'POST',
      headers: headersOf(key),
      body: body === undefined ? undefined : JSON.stringify(body),
      secrets: [key],
    });
  } catch (error) {
    if (!(error instanceof UpstreamCallError)) throw error;
    throw new MjUnreachable(error.status ?? 502, error.reason);
  }
  if (!isObject(answer) || typeof answer.code !== 'number')
    throw new MjUnreachable(502, 'the proxy answered without a code');
  return {
    code: answer.code,
    description: typeof answer.description === 'string' ? answer.description : '',
    result: answer.result,
    properties: isObject(answer.properties) ? answer.properties : {},
  };
}

/** POST {base}{path} with a submission: `result` is the task id ('' when there is none). */
export async function submitToMj(
  client: UpstreamClient,
  channel: RoutedChannel,
  key: string,
  path: string,
  body: Record<string, unknown>,
): Promise<MjSubmitAnswer> {
  const answer = await askMj(client, channel, key, path, body);
  return { ...answer, result: typeof answer.result === 'string' ? answer.result : '' };
}

/** POST {base}/mj/task/list-by-condition {ids}: the tasks the proxy knows among them. Throws UpstreamCallError. */
export async function listFromMj(
  client: UpstreamClient,
  channel: RoutedChannel,
  key: string,
  ids: readonly string[],
): Promise<MjTask[]> {
  const answer = await callJson(client, {
    url: `${channel.baseUrl}/mj/task/list-by-condition`,
    method: 'POST',
    headers: headersOf(key),
    body: JSON.stringify({ ids }),
    secrets: [key],
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!Array.isArray(answer)) throw new UpstreamCallError('the list answer is not a task list');
  return answer.filter((task): task is MjTask => isObject(task) && typeof task.id === 'string');
}
