import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository, type SelectQueryBuilder } from 'typeorm';
import { type PageWindow } from '../../common/http/pagination';
import { TokenEntity } from './token.entity';
import { likeContains } from '../../infra/database/sql-helpers';
import { addToRows, type RowDeltas } from '../../infra/database/row-deltas';

export type NewToken = Omit<TokenEntity, 'id'>;

/** Columns the owner may change; the key, owner and usage counters are never written from the console. */
export type TokenChanges = Partial<
  Omit<TokenEntity, 'id' | 'userId' | 'keyHash' | 'keySealed' | 'usedQuota' | 'createdTime' | 'accessedTime'>
>;

export interface TokenFilter {
  /** Part of the name, any case. */
  nameContains?: string;
  keyHash?: string;
}

/** All SQL of tokens. Every owner-facing query is scoped by user id. */
@Injectable()
export class TokensRepository {
  private readonly tokens: Repository<TokenEntity>;

  constructor(@Inject(DataSource) dataSource: DataSource) {
    this.tokens = dataSource.getRepository(TokenEntity);
  }

  listPage(userId: number, filter: TokenFilter, window: PageWindow): Promise<[TokenEntity[], number]> {
    return this.ownedQuery(userId, filter).skip(window.offset).take(window.limit).getManyAndCount();
  }

  /** Every matching token of the user (searches that must look at the keys themselves). */
  listAll(userId: number, filter: TokenFilter): Promise<TokenEntity[]> {
    return this.ownedQuery(userId, filter).getMany();
  }

  findOwned(userId: number, id: number): Promise<TokenEntity | null> {
    return this.tokens.findOne({ where: { id, userId } });
  }

  findByKeyHash(keyHash: string): Promise<TokenEntity | null> {
    return this.tokens.findOne({ where: { keyHash } });
  }

  async insertMany(tokens: NewToken[]): Promise<TokenEntity[]> {
    return this.tokens.save(tokens.map((token) => this.tokens.create(token)));
  }

  /**
   * Writes only the given columns, so a concurrent quota or status change by the relay is not overwritten;
   * the remaining quota changes by a difference, so concurrent spending is kept too.
   */
  async updateOwned(
    userId: number,
    id: number,
    changes: Omit<TokenChanges, 'remainQuota'>,
    remainAdded = 0,
  ): Promise<void> {
    if (remainAdded === 0) {
      if (Object.keys(changes).length > 0) await this.tokens.update({ id, userId }, changes);
      return;
    }
    await this.tokens
      .createQueryBuilder()
      .update(TokenEntity)
      .set({ ...changes, remainQuota: () => 'remain_quota + :remainAdded' })
      .setParameter('remainAdded', remainAdded)
      .where('id = :id AND user_id = :userId', { id, userId })
      .execute();
  }

  async deleteOwned(userId: number, id: number): Promise<boolean> {
    const result = await this.tokens.delete({ id, userId });
    return (result.affected ?? 0) > 0;
  }

  private ownedQuery(userId: number, filter: TokenFilter): SelectQueryBuilder<TokenEntity> {
    const query = this.tokens
      .createQueryBuilder('t')
      .where('t.user_id = :userId', { userId })
      .orderBy('t.id', 'DESC');
    if (filter.nameContains)
      query.andWhere("LOWER(t.name) LIKE :name ESCAPE '\\'", { name: likeContains(filter.nameContains) });
    if (filter.keyHash) query.andWhere('t.key_hash = :keyHash', { keyHash: filter.keyHash });
    return query;
  }

  /** Billing write-behind: adds each row's summed deltas, inside the ledger's transaction. */
  applyQuotaDeltas(
    rows: ReadonlyArray<RowDeltas<'remainQuota' | 'usedQuota'>>,
    manager: EntityManager,
  ): Promise<void> {
    return addToRows(manager, TokenEntity, ['remainQuota', 'usedQuota'], rows);
  }
}
