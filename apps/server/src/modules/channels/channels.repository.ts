import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In, type Repository } from 'typeorm';
import { addToRows, type RowDeltas } from '../../infra/database/row-deltas';
import { AbilityEntity } from './ability.entity';
import { type AbilitySource, abilityRows } from './abilities';
import { ChannelEntity } from './channel.entity';
import {
  type ChannelFilter,
  ChannelListQueries,
  type ChannelListView,
  type ChannelPage,
} from './channel-list.queries';

export type NewChannel = Omit<ChannelEntity, 'id'>;

// Rows per INSERT and ids per IN (…): well inside both drivers' bound-parameter limits.
const CHUNK = 500;

// Path ids are parsed without a range check: an id no 32-bit column can hold matches no channel.
const isRowId = (id: number): boolean => Number.isInteger(id) && id >= 1 && id <= 2_147_483_647;

const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

const ABILITY_SOURCE_COLUMNS: Record<keyof AbilitySource, true> = {
  id: true,
  models: true,
  group: true,
  status: true,
  priority: true,
  weight: true,
  tag: true,
};

/**
 * All SQL of the channel aggregate: channels and their abilities. Every write rewrites the abilities of the
 * channels it touched in the same transaction, so routing never sees a channel without matching abilities.
 */
@Injectable()
export class ChannelsRepository {
  private readonly channels: Repository<ChannelEntity>;
  private readonly queries: ChannelListQueries;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    this.channels = dataSource.getRepository(ChannelEntity);
    this.queries = new ChannelListQueries(this.channels);
  }

  async findById(id: number): Promise<ChannelEntity | null> {
    return isRowId(id) ? this.channels.findOne({ where: { id } }) : null;
  }

  async findByIds(ids: readonly number[]): Promise<ChannelEntity[]> {
    const found = await Promise.all(chunks(ids).map((part) => this.channels.findBy({ id: In(part) })));
    return found.flat();
  }

  findByTag(tag: string): Promise<ChannelEntity[]> {
    return this.channels.find({ where: { tag }, order: { id: 'ASC' } });
  }

  async findIdsByStatus(statuses: readonly number[]): Promise<number[]> {
    const rows = await this.channels.find({ select: { id: true }, where: { status: In([...statuses]) } });
    return rows.map((row) => row.id);
  }

  listPage(filter: ChannelFilter, view: ChannelListView): Promise<ChannelPage> {
    return this.queries.page(filter, view);
  }

  /** Model names served by any channel (or only by enabled ones), from the routing index; sorted. */
  /** Model names with abilities; only enabled ones and only in `groups` when those are given. */
  async distinctModels(enabledOnly: boolean, groups?: readonly string[]): Promise<string[]> {
    if (groups?.length === 0) return [];
    const query = this.dataSource
      .getRepository(AbilityEntity)
      .createQueryBuilder('a')
      .select('a.model', 'model')
      .distinct(true)
      .where('1 = 1');
    if (enabledOnly) query.andWhere('a.enabled = :enabled', { enabled: true });
    if (groups) query.andWhere('a.group IN (:...groups)', { groups });
    // Sorted here: PostgreSQL's collation and SQLite's byte order disagree.
    return (await query.getRawMany<{ model: string }>()).map((row) => row.model).sort();
  }

  insertMany(rows: readonly NewChannel[]): Promise<ChannelEntity[]> {
    return this.dataSource.transaction(async (manager) => {
      const saved: ChannelEntity[] = [];
      for (const part of chunks(rows)) {
        saved.push(
          ...(await manager.save(
            ChannelEntity,
            part.map((row) => manager.create(ChannelEntity, row)),
          )),
        );
      }
      await this.rewriteAbilities(manager, saved);
      return saved;
    });
  }

  /** Stores edited channels and their abilities together. */
  async saveMany(channels: readonly ChannelEntity[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      for (const part of chunks(channels)) await manager.save(ChannelEntity, part);
      await this.rewriteAbilities(manager, channels);
    });
  }

  /** Deletes the channels that exist among `ids` with their abilities; answers their ids. */
  deleteByIds(ids: readonly number[]): Promise<number[]> {
    return this.dataSource.transaction(async (manager) => {
      const deleted: number[] = [];
      for (const part of chunks(ids.filter(isRowId))) {
        const found = await manager.find(ChannelEntity, { select: { id: true }, where: { id: In(part) } });
        const existing = found.map((row) => row.id);
        if (existing.length === 0) continue;
        await manager.delete(AbilityEntity, { channelId: In(existing) });
        await manager.delete(ChannelEntity, { id: In(existing) });
        deleted.push(...existing);
      }
      return deleted;
    });
  }

  /** Throws away every ability and derives them again from the channels; answers the number of channels. */
  rebuildAllAbilities(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      await manager.createQueryBuilder().delete().from(AbilityEntity).execute();
      const channels = await manager.find(ChannelEntity, { select: ABILITY_SOURCE_COLUMNS });
      await this.insertAbilities(manager, channels);
      return channels.length;
    });
  }

  private async rewriteAbilities(manager: EntityManager, channels: readonly AbilitySource[]): Promise<void> {
    for (const part of chunks(channels.map((channel) => channel.id))) {
      await manager.delete(AbilityEntity, { channelId: In(part) });
    }
    await this.insertAbilities(manager, channels);
  }

  private async insertAbilities(manager: EntityManager, channels: readonly AbilitySource[]): Promise<void> {
    for (const part of chunks(channels.flatMap(abilityRows))) await manager.insert(AbilityEntity, part);
  }

  /** Measurements of channel tests and balance queries: plain columns, abilities untouched. */
  async recordMeasurement(
    id: number,
    fields: Partial<Pick<ChannelEntity, 'responseTime' | 'testTime' | 'balance' | 'balanceUpdatedTime'>>,
  ): Promise<void> {
    if (isRowId(id)) await this.channels.update({ id }, fields);
  }

  /** Billing write-behind: adds each channel's summed used quota, inside the ledger's transaction. */
  applyQuotaDeltas(rows: ReadonlyArray<RowDeltas<'usedQuota'>>, manager: EntityManager): Promise<void> {
    return addToRows(manager, ChannelEntity, ['usedQuota'], rows);
  }
}
