import { Injectable } from '@nestjs/common';
import { MJ_ACCEPTED_CODES, type MjTaskDto, TaskPlatform, TaskStatus } from '@tollgate/contracts';
import { AppConfig } from '../../infra/config/app-config';
import { publicAddress } from '../auth/public-address';
import { type Reservation } from '../billing/billing.types';
import { QuotaLedger } from '../billing/quota-ledger';
import { ChannelHealthService } from '../channels/channel-health.service';
import { OptionsService } from '../options/options.service';
import { type TokenCaller, TokenAuthenticator } from '../relay/auth/token-authenticator';
import { ChannelSelector, type Selection } from '../relay/routing/channel-selector';
import { UpstreamClient } from '../relay/upstream/upstream-client';
import { MjNotifyHooks } from './mj-notify-hooks';
import { askMj, type MjAnswer, type MjSubmitAnswer, submitToMj } from './mj-upstream';
import { type MjProperties, mjPropertiesOf, toMjDto } from './mj-tasks';
import {
  isFreeAction,
  mjModelOf,
  type MjSubmitKind,
  mjSubmitPath,
  planOf,
  requireImages,
} from './mj-submits';
import { TaskCharges } from './task-charges';
import { modelOfTask } from './task-platforms';
import { payerOf } from '../relay/auth/payer-of';
import { taskChannel } from './task-callers';
import { type TaskEntity } from './task.entity';
import { taskError } from './tasks.errors';
import { TasksRepository } from './tasks.repository';

/** Channel types 2 (Midjourney Proxy) and 5 (Midjourney Proxy Plus), reference §5. */
export const MJ_CHANNEL_TYPES: readonly number[] = [2, 5];
/** At most this many ids in one list-by-condition. */
export const MAX_LIST_IDS = 100;
// Reference §7: MjModeClearEnabled strips the speed flags from prompts.
const MODE_FLAGS = /\s*--(fast|relax|turbo)\b/g;
const NO_ACCOUNT_CODE = 3;
const UPLOAD_PATH = '/mj/submit/upload-discord-images';

export interface MjSubmission {
  caller: TokenCaller;
  body: unknown;
  requestId: string;
  ip: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Midjourney proxy relay (reference §7): imagine, describe, blend, shorten, face swap, uploads and the follow-ups
 * (change, simple-change, action, modal; on the original task's channel, which must be the caller's) priced by
 * `mj_<action>` × group ratio, held on the payer's balance, charged with a consumption log only when the proxy
 * accepted it (codes 1, 21, 22; the last two are answered as 1), given back otherwise with the proxy's answer
 * passed on. Fetches come from the table; image seeds from the task's own proxy.
 */
@Injectable()
export class MjService {
  constructor(
    private readonly authenticator: TokenAuthenticator,
    private readonly selector: ChannelSelector,
    private readonly charges: TaskCharges,
    private readonly ledger: QuotaLedger,
    private readonly client: UpstreamClient,
    private readonly options: OptionsService,
    private readonly tasks: TasksRepository,
    private readonly health: ChannelHealthService,
    private readonly hooks: MjNotifyHooks,
    private readonly config: AppConfig,
  ) {}

  async submit(kind: MjSubmitKind, submission: MjSubmission): Promise<MjSubmitAnswer> {
    const { caller } = submission;
    const body = this.cleaned(submission.body);
    const plan = planOf(kind, body);
    const original =
      plan.originalId === null ? null : await this.originalOf(caller, plan.originalId, plan.needsSuccess);
    const { action } = plan;
    const prompt = plan.prompt || (original ? mjPropertiesOf(original).input : '');
    const model = mjModelOf(action);
    this.authenticator.checkModel(caller, model);
    const { price, quota } = this.charges.priceOf(caller, model, isFreeAction(action));
    // Follow-ups go to the original task's channel: only its proxy knows the task.
    const selection = original
      ? this.selector.forced(original.channelId, model)
      : taskChannel(this.selector, caller, model, MJ_CHANNEL_TYPES);
    // With MjNotifyEnabled the proxy reports each step to us (POST /mj/notify), on a hook signed for this channel.
    const hook = this.hooks.hookFor(selection.channel.id);
    if (hook !== null) body.notifyHook = hook;
    const startedAt = Date.now();
    const reservation = await this.ledger.reserve(payerOf(caller), quota);
    const answer = await this.held(reservation, () =>
      submitToMj(this.client, selection.channel, selection.key, mjSubmitPath(kind), body),
    );
    if (!MJ_ACCEPTED_CODES.includes(answer.code) || answer.result === '') {
      await this.refused(answer, selection, reservation);
      return answer;
    }
    const properties: MjProperties = { input: prompt, code: answer.code, description: answer.description };
    await this.charges.charge({
      caller,
      selection,
      model,
      price,
      quota,
      reservation,
      startedAt,
      requestPath: mjSubmitPath(kind),
      requestId: submission.requestId,
      ip: submission.ip,
      task: {
        taskId: answer.result,
        platform: TaskPlatform.Midjourney,
        action,
        properties: JSON.stringify(properties),
      },
    });
    // 21 (exists) and 22 (queued) are accepted submissions: clients are told 1.
    return { ...answer, code: 1 };
  }

  /** POST /mj/submit/upload-discord-images: priced by mj_upload; the answer lists the images' links. */
  async upload(submission: MjSubmission): Promise<MjAnswer<string[]>> {
    const { caller } = submission;
    const body = this.cleaned(submission.body);
    requireImages(body.base64Array, 1);
    const model = mjModelOf('UPLOAD');
    this.authenticator.checkModel(caller, model);
    const { price, quota } = this.charges.priceOf(caller, model);
    const selection = taskChannel(this.selector, caller, model, MJ_CHANNEL_TYPES);
    const startedAt = Date.now();
    const reservation = await this.ledger.reserve(payerOf(caller), quota);
    const answer = await this.held(reservation, () =>
      askMj(this.client, selection.channel, selection.key, UPLOAD_PATH, body),
    );
    const links = Array.isArray(answer.result)
      ? answer.result.filter((link): link is string => typeof link === 'string' && link !== '')
      : [];
    const uploaded = { ...answer, result: links };
    if (!MJ_ACCEPTED_CODES.includes(answer.code) || links.length === 0) {
      await this.refused(answer, selection, reservation);
      return uploaded;
    }
    const properties: MjProperties = { input: '', code: answer.code, description: answer.description };
    await this.charges.charge({
      caller,
      selection,
      model,
      price,
      quota,
      reservation,
      startedAt,
      requestPath: UPLOAD_PATH,
      requestId: submission.requestId,
      ip: submission.ip,
      // Nothing to wait for: a finished drawing (under the request's id) showing the first image.
      task: {
        taskId: `upload-${submission.requestId}`,
        platform: TaskPlatform.Midjourney,
        action: 'UPLOAD',
        properties: JSON.stringify(properties),
        result: { imageUrl: links[0], urls: links },
      },
    });
    return { ...uploaded, code: 1 };
  }

  /** GET /mj/task/{id}/image-seed: asked of the caller's own task's channel; the proxy's answer passed on. */
  async imageSeed(caller: TokenCaller, id: string): Promise<MjAnswer<unknown>> {
    const [task] = await this.tasks.findOwn(caller.user.id, TaskPlatform.Midjourney, [id]);
    if (!task) throw taskError('task_not_found', { id });
    const { channel, key } = this.selector.forced(task.channelId, modelOfTask(task));
    return askMj(this.client, channel, key, `/mj/task/${encodeURIComponent(task.taskId)}/image-seed`);
  }

  // The proxy could not be asked: the hold goes back before the failure is told.
  private async held<T>(reservation: Reservation, ask: () => Promise<T>): Promise<T> {
    try {
      return await ask();
    } catch (error) {
      await this.ledger.refund(reservation);
      throw error;
    }
  }

  // A refusal costs nothing; code 3 (reference §7: the proxy has no account instance left) stops the channel.
  private async refused(answer: MjAnswer<unknown>, selection: Selection, reservation: Reservation) {
    await this.ledger.refund(reservation);
    if (answer.code === NO_ACCOUNT_CODE)
      await this.health.autoDisable(
        selection.channel.id,
        `Midjourney proxy answered code 3: ${answer.description}`,
        selection.channel.keys.length > 1 ? selection.keyIndex : undefined,
      );
  }

  // The task a follow-up acts on: the caller's own, finished unless MjActionCheckSuccessEnabled is off.
  private async originalOf(caller: TokenCaller, id: string, needsSuccess: boolean): Promise<TaskEntity> {
    const [original] = await this.tasks.findOwn(caller.user.id, TaskPlatform.Midjourney, [id]);
    if (!original) throw taskError('task_not_found', { id });
    const checked = needsSuccess && this.options.getBoolean('MjActionCheckSuccessEnabled');
    if (checked && original.status !== TaskStatus.Success)
      throw taskError('task_not_finished', { id, status: original.status });
    return original;
  }

  async fetchOne(caller: TokenCaller, id: string): Promise<MjTaskDto> {
    const [task] = await this.tasks.findOwn(caller.user.id, TaskPlatform.Midjourney, [id]);
    if (!task) throw taskError('task_not_found', { id });
    return toMjDto(task, this.forwardTo());
  }

  async list(caller: TokenCaller, ids: unknown): Promise<MjTaskDto[]> {
    if (!Array.isArray(ids) || ids.length > MAX_LIST_IDS || !ids.every((id) => typeof id === 'string'))
      throw taskError('invalid_ids', { max: MAX_LIST_IDS });
    const tasks = await this.tasks.findOwn(caller.user.id, TaskPlatform.Midjourney, ids);
    return tasks.map((task) => toMjDto(task, this.forwardTo()));
  }

  /** The task behind GET /mj/image/{id} (no auth: image links are shared), or null. */
  findForImage(id: string): Promise<TaskEntity | null> {
    return this.tasks.findByTaskId(TaskPlatform.Midjourney, id);
  }

  /**
   * Where image links point when MjForwardUrlEnabled (null: the proxy's own links): ServerAddress, else this
   * server (reference §12), so a client never gets a relative link.
   */
  forwardTo(): string | null {
    return this.options.getBoolean('MjForwardUrlEnabled') ? publicAddress(this.options, this.config) : null;
  }

  // Reference §7 body hygiene: the account filter only when its switch is on. The caller's notify hook never
  // goes on: the proxy would push our channel's task ids and links to an address anyone picks; with
  // MjNotifyEnabled submissions carry our own hook instead.
  private cleaned(raw: unknown): Record<string, unknown> {
    if (!isObject(raw)) throw taskError('invalid_body');
    const body = { ...raw };
    if (!this.options.getBoolean('MjAccountFilterEnabled')) delete body.accountFilter;
    delete body.notifyHook;
    if (this.options.getBoolean('MjModeClearEnabled') && typeof body.prompt === 'string')
      body.prompt = body.prompt.replace(MODE_FLAGS, '');
    return body;
  }
}
