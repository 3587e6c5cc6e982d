import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In, type Repository } from 'typeorm';
import { type PageWindow } from '../../common/http/pagination';
import { TaskEntity } from './task.entity';

/** The filters of GET /api/task/ and /api/task/self (spec 001 §7); times in seconds. */
export interface TaskFilter {
  platform: string;
  userId?: number;
  channelId?: number;
  taskId?: string;
  start?: number;
  end?: number;
}

/** What a poll changes on a task: any of its progress fields. */
export type TaskChanges = Partial<
  Pick<TaskEntity, 'status' | 'progress' | 'failReason' | 'startTime' | 'finishTime' | 'data'>
>;

/** A task at this progress is done: the poller's index leaves it out and no update touches it. */
export const FINISHED_PROGRESS = '100%';

/** All SQL of the `tasks` table. */
@Injectable()
export class TasksRepository {
  private readonly tasks: Repository<TaskEntity>;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    this.tasks = dataSource.getRepository(TaskEntity);
  }

  insert(task: Omit<TaskEntity, 'id' | 'pollClaim' | 'pollUntil'>): Promise<TaskEntity> {
    return this.tasks.save(this.tasks.create({ ...task, pollClaim: '', pollUntil: 0 }));
  }

  /** A user's tasks of a platform among these platform ids. */
  findOwn(userId: number, platform: string, taskIds: readonly string[]): Promise<TaskEntity[]> {
    if (taskIds.length === 0) return Promise.resolve([]);
    return this.tasks.find({ where: { userId, platform, taskId: In([...taskIds]) }, order: { id: 'ASC' } });
  }

  findByTaskId(platform: string, taskId: string): Promise<TaskEntity | null> {
    return this.tasks.findOneBy({ platform, taskId });
  }

  /** The task a channel's platform knows by this id. */
  findOnChannel(platform: string, channelId: number, taskId: string): Promise<TaskEntity | null> {
    return this.tasks.findOneBy({ platform, channelId, taskId });
  }

  /**
   * Claims up to `limit` unfinished tasks after `afterId` nobody holds, oldest first, for the run `claim` until `until`: the
   * claim is one conditional UPDATE, so of two runs racing for a task exactly one gets it.
   */
  async claimUnfinished(
    claim: string,
    afterId: number,
    now: number,
    until: number,
    limit: number,
  ): Promise<TaskEntity[]> {
    const free = await this.tasks
      .createQueryBuilder('task')
      .select('task.id', 'id')
      .where('task.progress <> :finished', { finished: FINISHED_PROGRESS })
      .andWhere('task.id > :afterId', { afterId })
      .andWhere('task.pollUntil < :now', { now })
      .orderBy('task.id', 'ASC')
      .limit(limit)
      .getRawMany<{ id: number }>();
    if (free.length === 0) return [];
    const ids = free.map((row) => Number(row.id));
    await this.tasks
      .createQueryBuilder()
      .update(TaskEntity)
      .set({ pollClaim: claim, pollUntil: until })
      .where('id IN (:...ids)', { ids })
      .andWhere('poll_until < :now', { now })
      .execute();
    return this.tasks.find({ where: { id: In(ids), pollClaim: claim }, order: { id: 'ASC' } });
  }

  /** Applies a poll's changes unless the task finished meanwhile; false when it had. */
  async update(id: number, changes: TaskChanges, now: number, manager?: EntityManager): Promise<boolean> {
    const result = await (manager ?? this.dataSource.manager)
      .createQueryBuilder()
      .update(TaskEntity)
      .set({ ...changes, updatedAt: now })
      .where('id = :id', { id })
      .andWhere('progress <> :finished', { finished: FINISHED_PROGRESS })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Many polls' changes in one transaction (one commit, not one per task); answers how many applied. */
  updateMany(updates: ReadonlyArray<{ id: number; changes: TaskChanges }>, now: number): Promise<number> {
    if (updates.length === 0) return Promise.resolve(0);
    return this.transaction(async (manager) => {
      let applied = 0;
      for (const { id, changes } of updates) if (await this.update(id, changes, now, manager)) applied += 1;
      return applied;
    });
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** A page, newest first, and the number of matching rows. */
  listPage(filter: TaskFilter, window: PageWindow): Promise<[TaskEntity[], number]> {
    const query = this.tasks.createQueryBuilder('task').where('task.platform = :platform', {
      platform: filter.platform,
    });
    if (filter.userId !== undefined) query.andWhere('task.userId = :userId', { userId: filter.userId });
    if (filter.channelId) query.andWhere('task.channelId = :channelId', { channelId: filter.channelId });
    if (filter.taskId) query.andWhere('task.taskId = :taskId', { taskId: filter.taskId });
    if (filter.start) query.andWhere('task.submitTime >= :start', { start: filter.start });
    if (filter.end) query.andWhere('task.submitTime <= :end', { end: filter.end });
    return query
      .orderBy('task.submitTime', 'DESC')
      .addOrderBy('task.id', 'DESC')
      .offset(window.offset)
      .limit(window.limit)
      .getManyAndCount();
  }
}
