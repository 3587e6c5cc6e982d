import { Brackets, type Repository, type SelectQueryBuilder } from 'typeorm';
import { AbilityEntity } from './ability.entity';
import { type ChannelEntity } from './channel.entity';
import { likeContains } from '../../infra/database/sql-helpers';

export interface ChannelFilter {
  /** Part of the name, tag or base URL, or an exact id (keys are sealed, so never searched). */
  keyword?: string;
  /** Exact group / model from the channel's lists. */
  group?: string;
  model?: string;
  type?: number;
}

export interface ChannelListView {
  idSort: boolean;
  tagMode: boolean;
  offset: number;
  limit: number;
}

export interface ChannelPage {
  channels: ChannelEntity[];
  /** Channels, or in tag mode rows (a tag, or an untagged channel). */
  total: number;
  /** Matching channels per type, whatever the type filter. */
  typeCounts: Record<string, number>;
}

// In tag mode a tag is one row and an untagged channel is a row of its own.
const ROW_KEY = "CASE WHEN c.tag = '' THEN 'c:' || CAST(c.id AS VARCHAR) ELSE 't:' || c.tag END";
const INT32_DIGITS = /^\d{1,9}$/;

/** The channel list and search queries (used by ChannelsRepository only). */
export class ChannelListQueries {
  constructor(private readonly channels: Repository<ChannelEntity>) {}

  async page(filter: ChannelFilter, view: ChannelListView): Promise<ChannelPage> {
    const typeCounts = await this.typeCounts(filter);
    if (view.tagMode) return { ...(await this.tagPage(filter, view)), typeCounts };
    const [channels, total] = await this.ordered(this.filtered(filter), view.idSort)
      .offset(view.offset)
      .limit(view.limit)
      .getManyAndCount();
    return { channels, total, typeCounts };
  }

  private filtered(filter: ChannelFilter, withType = true): SelectQueryBuilder<ChannelEntity> {
    const query = this.channels.createQueryBuilder('c');
    const keyword = filter.keyword?.trim();
    if (keyword) {
      const like = likeContains(keyword);
      query.andWhere(
        new Brackets((where) => {
          where
            .where(`LOWER(c.name) LIKE :like ESCAPE '\\'`, { like })
            .orWhere(`LOWER(c.tag) LIKE :like ESCAPE '\\'`)
            .orWhere(`LOWER(c.baseUrl) LIKE :like ESCAPE '\\'`);
          if (INT32_DIGITS.test(keyword)) where.orWhere('c.id = :keywordId', { keywordId: Number(keyword) });
        }),
      );
    }
    if (filter.group || filter.model) {
      // The abilities are group × model of each channel: an exact per-element match on both lists.
      const served = query.subQuery().select('a.channelId').from(AbilityEntity, 'a');
      if (filter.group) served.andWhere('a.group = :group');
      if (filter.model) served.andWhere('a.model = :model');
      query.andWhere(`c.id IN ${served.getQuery()}`, { group: filter.group, model: filter.model });
    }
    if (withType && filter.type !== undefined) query.andWhere('c.type = :type', { type: filter.type });
    return query;
  }

  private ordered(
    query: SelectQueryBuilder<ChannelEntity>,
    idSort: boolean,
  ): SelectQueryBuilder<ChannelEntity> {
    return idSort
      ? query.orderBy('c.id', 'DESC')
      : query.orderBy('c.priority', 'DESC').addOrderBy('c.id', 'DESC');
  }

  private async typeCounts(filter: ChannelFilter): Promise<Record<string, number>> {
    const rows = await this.filtered(filter, false)
      .select('c.type', 'type')
      .addSelect('COUNT(*)', 'n')
      .groupBy('c.type')
      .getRawMany<{ type: number | string; n: number | string }>();
    return Object.fromEntries(rows.map((row) => [String(row.type), Number(row.n)]));
  }

  /** Pages over rows (tags and untagged channels); answers every channel of the page's rows. */
  private async tagPage(
    filter: ChannelFilter,
    view: ChannelListView,
  ): Promise<Omit<ChannelPage, 'typeCounts'>> {
    const counted = await this.filtered(filter)
      .select(`COUNT(DISTINCT ${ROW_KEY})`, 'n')
      .getRawOne<{ n: number | string }>();
    const rows = await this.filtered(filter)
      .select(ROW_KEY, 'row_key')
      .addSelect('MAX(c.priority)', 'top_priority')
      .addSelect('MAX(c.id)', 'top_id')
      .groupBy(ROW_KEY)
      .orderBy(view.idSort ? 'top_id' : 'top_priority', 'DESC')
      .addOrderBy(view.idSort ? 'row_key' : 'top_id', 'DESC')
      .offset(view.offset)
      .limit(view.limit)
      .getRawMany<{ row_key: string }>();
    return {
      channels: await this.channelsOfRows(
        rows.map((row) => row.row_key),
        view,
      ),
      total: Number(counted?.n ?? 0),
    };
  }

  private async channelsOfRows(rowKeys: string[], view: ChannelListView): Promise<ChannelEntity[]> {
    const tags = rowKeys.filter((key) => key.startsWith('t:')).map((key) => key.slice(2));
    const ids = rowKeys.filter((key) => key.startsWith('c:')).map((key) => Number(key.slice(2)));
    if (rowKeys.length === 0) return [];
    const query = this.channels.createQueryBuilder('c').where(
      new Brackets((where) => {
        if (tags.length > 0) where.orWhere('c.tag IN (:...tags)', { tags });
        if (ids.length > 0) where.orWhere('c.id IN (:...ids)', { ids });
      }),
    );
    const channels = await this.ordered(query, view.idSort).getMany();
    const position = new Map(rowKeys.map((key, index) => [key, index]));
    const rowOf = (channel: ChannelEntity) =>
      position.get(channel.tag ? `t:${channel.tag}` : `c:${channel.id}`) ?? 0;
    // Stable sort: inside a row the SQL order (priority or id) is kept.
    return channels.sort((a, b) => rowOf(a) - rowOf(b));
  }
}
