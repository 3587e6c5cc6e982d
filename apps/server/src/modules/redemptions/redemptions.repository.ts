import { Inject, Injectable } from '@nestjs/common';
import { RedemptionStatus } from '@tollgate/contracts';
import { DataSource, In, type Repository } from 'typeorm';
import { type PageWindow } from '../../common/http/pagination';
import { RedemptionUseEntity } from './redemption-use.entity';
import { RedemptionEntity } from './redemption.entity';
import { isUniqueViolation, likeContains } from '../../infra/database/sql-helpers';

export type NewRedemption = Omit<RedemptionEntity, 'id'>;
export type RedemptionChanges = Partial<
  Pick<RedemptionEntity, 'name' | 'quota' | 'isGift' | 'maxUses' | 'validFrom' | 'validUntil'>
>;

// PostgreSQL unique_violation; SQLite primary-key/unique constraint codes.

/** All SQL of redemption codes and their redemptions. */
@Injectable()
export class RedemptionsRepository {
  private readonly codes: Repository<RedemptionEntity>;
  private readonly uses: Repository<RedemptionUseEntity>;

  constructor(@Inject(DataSource) dataSource: DataSource) {
    this.codes = dataSource.getRepository(RedemptionEntity);
    this.uses = dataSource.getRepository(RedemptionUseEntity);
  }

  /** Newest first; `keyword` matches the name (any case), part of the code, or the id. */
  listPage(window: PageWindow, keyword?: string): Promise<[RedemptionEntity[], number]> {
    const query = this.codes.createQueryBuilder('r').orderBy('r.id', 'DESC');
    if (keyword) {
      const id = /^\d{1,9}$/.test(keyword) ? Number(keyword) : -1;
      query.where(
        "(LOWER(r.name) LIKE :pattern ESCAPE '\\' OR LOWER(r.key) LIKE :pattern ESCAPE '\\' OR r.id = :id)",
        { pattern: likeContains(keyword), id },
      );
    }
    return query.skip(window.offset).take(window.limit).getManyAndCount();
  }

  findById(id: number): Promise<RedemptionEntity | null> {
    return this.codes.findOne({ where: { id } });
  }

  findByKey(key: string): Promise<RedemptionEntity | null> {
    return this.codes.findOne({ where: { key } });
  }

  async keyExists(key: string): Promise<boolean> {
    return (await this.codes.count({ where: { key } })) > 0;
  }

  async insertMany(rows: NewRedemption[]): Promise<void> {
    await this.codes.insert(rows);
  }

  /** Edits a code only while it is still unused (a redemption may land between read and write). */
  async updateIfUnused(id: number, changes: RedemptionChanges): Promise<boolean> {
    const result = await this.codes.update({ id, status: RedemptionStatus.Unused }, changes);
    return (result.affected ?? 0) > 0;
  }

  /** Enables or disables a code that has not been used up. */
  async setStatusIfNotUsed(id: number, status: number): Promise<boolean> {
    const result = await this.codes.update(
      { id, status: In([RedemptionStatus.Unused, RedemptionStatus.Disabled]) },
      { status },
    );
    return (result.affected ?? 0) > 0;
  }

  async delete(id: number): Promise<boolean> {
    return ((await this.codes.delete({ id })).affected ?? 0) > 0;
  }

  async disableUnused(ids: number[]): Promise<number> {
    const result = await this.codes.update(
      { id: In(ids), status: RedemptionStatus.Unused },
      { status: RedemptionStatus.Disabled },
    );
    return result.affected ?? 0;
  }

  async deleteDisabled(): Promise<number> {
    return (await this.codes.delete({ status: RedemptionStatus.Disabled })).affected ?? 0;
  }

  countByName(name: string): Promise<number> {
    return this.codes.count({ where: { name } });
  }

  async deleteByName(name: string): Promise<number> {
    return (await this.codes.delete({ name })).affected ?? 0;
  }

  /** Records that a user redeems a code; false when this user already has (the primary key says so). */
  async addUse(redemptionId: number, userId: number, createdTime: number): Promise<boolean> {
    try {
      await this.uses.insert({ redemptionId, userId, createdTime });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async removeUse(redemptionId: number, userId: number): Promise<void> {
    await this.uses.delete({ redemptionId, userId });
  }

  /**
   * Claims one redemption in a single conditional UPDATE, so concurrent redeemers cannot both win:
   * the code must still be unused, inside its validity window and (gifts) below max_uses.
   * A one-use code becomes used; a gift code becomes used when it reaches max_uses.
   */
  async claim(id: number, isGift: boolean, userId: number, now: number): Promise<boolean> {
    const used = RedemptionStatus.Used;
    const query = this.codes
      .createQueryBuilder()
      .update(RedemptionEntity)
      .set({
        usedCount: () => 'used_count + 1',
        status: () =>
          isGift
            ? `CASE WHEN max_uses <> -1 AND used_count + 1 >= max_uses THEN ${used} ELSE status END`
            : `${used}`,
        usedUserId: userId,
        redeemedTime: now,
      })
      .where('id = :id AND status = :unused AND is_gift = :isGift', {
        id,
        unused: RedemptionStatus.Unused,
        isGift,
      })
      .andWhere('(valid_from = 0 OR valid_from <= :now) AND (valid_until = 0 OR valid_until > :now)', {
        now,
      });
    if (isGift) query.andWhere('(max_uses = -1 OR used_count < max_uses)');
    return ((await query.execute()).affected ?? 0) === 1;
  }

  /** Undoes a claim whose credit failed, so the code can be redeemed again. */
  async releaseClaim(id: number, userId: number): Promise<void> {
    await this.codes
      .createQueryBuilder()
      .update(RedemptionEntity)
      .set({
        usedCount: () => 'used_count - 1',
        status: () =>
          `CASE WHEN status = ${RedemptionStatus.Used} THEN ${RedemptionStatus.Unused} ELSE status END`,
      })
      .where('id = :id AND used_count > 0', { id })
      .execute();
    await this.removeUse(id, userId);
  }
}
