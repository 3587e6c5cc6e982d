import { Injectable } from '@nestjs/common';
import { SUNO_ACTIONS, type SunoAction, type SunoTaskDto, TaskPlatform } from '@tollgate/contracts';
import { QuotaLedger } from '../billing/quota-ledger';
import { type TokenCaller, TokenAuthenticator } from '../relay/auth/token-authenticator';
import { ChannelSelector } from '../relay/routing/channel-selector';
import { UpstreamClient } from '../relay/upstream/upstream-client';
import { submitToSuno } from './suno-upstream';
import { TaskCharges } from './task-charges';
import { payerOf } from '../relay/auth/payer-of';
import { taskChannel } from './task-callers';
import { type TaskEntity } from './task.entity';
import { taskError } from './tasks.errors';
import { TasksRepository } from './tasks.repository';

/** Channel type 36 (reference §5): the only channels Suno calls go to. */
export const SUNO_CHANNEL_TYPE = 36;
/** At most this many ids in one POST /suno/fetch. */
export const MAX_FETCH_IDS = 100;

export interface SunoSubmission {
  caller: TokenCaller;
  action: string;
  body: unknown;
  requestId: string;
  ip: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The action of a submit path, or a refusal naming the ones there are. */
export function sunoAction(raw: string): SunoAction {
  const action = raw.toUpperCase();
  if (!Object.hasOwn(SUNO_ACTIONS, action))
    throw taskError('invalid_action', { action: raw, expected: Object.keys(SUNO_ACTIONS).join(', ') });
  return action as SunoAction;
}

/**
 * Suno relay (reference §7): a submission is priced by its action's ModelPrice × group ratio, held on the
 * payer's balance before the platform is asked, charged with a consumption log once the platform accepted it
 * (else given back), and stored for the poller. Client fetches are answered from the table.
 */
@Injectable()
export class SunoService {
  constructor(
    private readonly authenticator: TokenAuthenticator,
    private readonly selector: ChannelSelector,
    private readonly charges: TaskCharges,
    private readonly ledger: QuotaLedger,
    private readonly client: UpstreamClient,
    private readonly tasks: TasksRepository,
  ) {}

  /** Answers the platform's task id. */
  async submit(submission: SunoSubmission): Promise<string> {
    const { caller } = submission;
    const action = sunoAction(submission.action);
    const body = submission.body;
    if (!isObject(body)) throw taskError('invalid_body');
    if (text(body.prompt) === '' && text(body.gpt_description_prompt) === '') throw taskError('prompt_empty');
    const model = SUNO_ACTIONS[action];
    this.authenticator.checkModel(caller, model);
    const { price, quota } = this.charges.priceOf(caller, model);
    const selection = taskChannel(this.selector, caller, model, [SUNO_CHANNEL_TYPE]);
    const startedAt = Date.now();
    const reservation = await this.ledger.reserve(payerOf(caller), quota);
    let taskId: string;
    try {
      taskId = await submitToSuno(this.client, selection.channel, selection.key, action, body);
    } catch (error) {
      await this.ledger.refund(reservation);
      throw error;
    }
    await this.charges.charge({
      caller,
      selection,
      model,
      price,
      quota,
      reservation,
      startedAt,
      requestPath: `/suno/submit/${action}`,
      requestId: submission.requestId,
      ip: submission.ip,
      task: {
        taskId,
        platform: TaskPlatform.Suno,
        action,
        properties: JSON.stringify({ input: text(body.prompt) || text(body.gpt_description_prompt) }),
      },
    });
    return taskId;
  }

  /** The caller's tasks among these ids, in the platform's shape; unknown ids are left out. */
  async fetch(caller: TokenCaller, ids: unknown): Promise<SunoTaskDto[]> {
    if (!Array.isArray(ids) || ids.length > MAX_FETCH_IDS || !ids.every((id) => typeof id === 'string'))
      throw taskError('invalid_ids', { max: MAX_FETCH_IDS });
    const tasks = await this.tasks.findOwn(caller.user.id, TaskPlatform.Suno, ids);
    return tasks.map(toSunoDto);
  }

  async fetchOne(caller: TokenCaller, id: string): Promise<SunoTaskDto> {
    const [task] = await this.tasks.findOwn(caller.user.id, TaskPlatform.Suno, [id]);
    if (!task) throw taskError('task_not_found', { id });
    return toSunoDto(task);
  }
}

export function toSunoDto(task: TaskEntity): SunoTaskDto {
  return {
    task_id: task.taskId,
    action: task.action,
    status: task.status,
    fail_reason: task.failReason,
    submit_time: task.submitTime,
    start_time: task.startTime,
    finish_time: task.finishTime,
    progress: task.progress,
    data: JSON.parse(task.data) as unknown,
  };
}
