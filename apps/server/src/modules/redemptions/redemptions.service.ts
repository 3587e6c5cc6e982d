import { Injectable } from '@nestjs/common';
import { REDEMPTION_DEFAULTS, RedemptionStatus } from '@tollgate/contracts';
import { type PageQueryDto, pageWindow } from '../../common/http/pagination';
import { nowSeconds } from '../../infra/database/columns';
import { OptionsService } from '../options/options.service';
import { type CreateRedemptionDto, type RedemptionFieldsDto } from './dto/create-redemption.dto';
import {
  checkCount,
  checkCustomKey,
  checkMaxUses,
  checkName,
  checkQuota,
  checkValidity,
  generateRedemptionKey,
  resolveName,
} from './redemption-rules';
import { type RedemptionEntity } from './redemption.entity';
import { isUniqueViolation } from '../../infra/database/sql-helpers';
import { type RedemptionChanges, RedemptionsRepository } from './redemptions.repository';
import { redemptionError } from './redemptions.errors';

/** Administrators' management of redemption codes (spec 001 §7 Redemption codes). */
@Injectable()
export class RedemptionsService {
  constructor(
    private readonly codes: RedemptionsRepository,
    private readonly options: OptionsService,
  ) {}

  async listPage(
    page: PageQueryDto,
    keyword?: string,
  ): Promise<{ items: RedemptionEntity[]; total: number }> {
    const [items, total] = await this.codes.listPage(pageWindow(page), keyword?.trim() || undefined);
    return { items, total };
  }

  async get(id: number): Promise<RedemptionEntity> {
    const code = await this.codes.findById(id);
    if (!code) throw redemptionError('redemption_not_found');
    return code;
  }

  /** Creates `count` codes with the same settings and answers their keys. */
  async create(adminId: number, input: CreateRedemptionDto): Promise<string[]> {
    const quota = checkQuota(input.quota ?? REDEMPTION_DEFAULTS.quota);
    const count = checkCount(input.count ?? REDEMPTION_DEFAULTS.count);
    const name = resolveName(input.name, quota, this.options.getNumber('QuotaPerUnit'));
    const validFrom = input.valid_from ?? 0;
    const validUntil = input.valid_until ?? 0;
    checkValidity(validFrom, validUntil);
    const maxUses = checkMaxUses(input.max_uses ?? REDEMPTION_DEFAULTS.max_uses);
    const customKey = input.key?.trim();
    const keys = customKey
      ? [checkCustomKey(customKey, count)]
      : Array.from({ length: count }, generateRedemptionKey);
    if (customKey && (await this.codes.keyExists(customKey))) throw redemptionError('key_exists');
    const createdTime = nowSeconds();
    const isGift = input.is_gift ?? false;
    const rows = keys.map((key) => ({
      userId: adminId,
      key,
      name,
      quota,
      status: RedemptionStatus.Unused,
      createdTime,
      redeemedTime: 0,
      usedUserId: 0,
      isGift,
      maxUses,
      usedCount: 0,
      validFrom,
      validUntil,
    }));
    try {
      await this.codes.insertMany(rows);
    } catch (error) {
      // Two admins racing for the same custom code.
      if (isUniqueViolation(error)) throw redemptionError('key_exists');
      throw error;
    }
    return keys;
  }

  /** Edits the fields sent; only an unused code may change. */
  async update(id: number, input: RedemptionFieldsDto): Promise<RedemptionEntity> {
    const stored = await this.get(id);
    if (stored.status !== RedemptionStatus.Unused) throw redemptionError('edit_only_unused');
    const changes = this.resolveChanges(input, stored);
    if (!(await this.codes.updateIfUnused(id, changes))) throw redemptionError('edit_only_unused');
    return this.get(id);
  }

  /** Enable (1) or disable (2); a used code stays used. */
  async setStatus(id: number, status: number | undefined): Promise<RedemptionEntity> {
    const stored = await this.get(id);
    if (status !== RedemptionStatus.Unused && status !== RedemptionStatus.Disabled)
      throw redemptionError('invalid_status');
    if (stored.status === RedemptionStatus.Used) throw redemptionError('used_status_locked');
    if (!(await this.codes.setStatusIfNotUsed(id, status))) throw redemptionError('used_status_locked');
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    if (!(await this.codes.delete(id))) throw redemptionError('redemption_not_found');
  }

  /** Disables the selected codes that are still unused; answers how many changed. */
  disableMany(ids: number[] | undefined): Promise<number> {
    if (!ids?.length) throw redemptionError('none_selected');
    return this.codes.disableUnused(ids);
  }

  deleteDisabled(): Promise<number> {
    return this.codes.deleteDisabled();
  }

  countByName(name: string | undefined): Promise<number> {
    return this.codes.countByName(requiredName(name));
  }

  deleteByName(name: string | undefined): Promise<number> {
    return this.codes.deleteByName(requiredName(name));
  }

  private resolveChanges(input: RedemptionFieldsDto, stored: RedemptionEntity): RedemptionChanges {
    const changes: RedemptionChanges = {};
    if (input.name !== undefined) changes.name = checkName(input.name);
    if (input.quota !== undefined) changes.quota = checkQuota(input.quota);
    if (input.is_gift !== undefined) changes.isGift = input.is_gift;
    if (input.max_uses !== undefined) changes.maxUses = checkMaxUses(input.max_uses, stored.usedCount);
    if (input.valid_from !== undefined) changes.validFrom = input.valid_from;
    if (input.valid_until !== undefined) changes.validUntil = input.valid_until;
    checkValidity(changes.validFrom ?? stored.validFrom, changes.validUntil ?? stored.validUntil);
    return changes;
  }
}

function requiredName(name: string | undefined): string {
  const trimmed = name?.trim() ?? '';
  if (!trimmed) throw redemptionError('name_required');
  return trimmed;
}
